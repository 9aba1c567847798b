import SchemaReconciler

// MARK: - MermaidText

/// An entity diagram as a Mermaid `erDiagram`, which GitHub renders in Markdown, in pull
/// request comments and in `.mmd` files.
///
/// ```
/// erDiagram
///     authors {
///         INTEGER id PK
///         TEXT name
///     }
///     books {
///         INTEGER id PK
///         INTEGER author_id FK
///     }
///     authors ||--o{ books : "author_id"
/// ```
///
/// A name Mermaid cannot read as it is written is quoted (an entity) or spelt with `_` in place
/// of what it cannot hold, the real name in the attribute's comment (a column).
struct MermaidText {
    let diagram: EntityDiagram

    init(_ diagram: EntityDiagram) {
        self.diagram = diagram
    }

    var text: String {
        var lines = ["erDiagram"]
        for entity in diagram.entities {
            lines += entityLines(entity)
        }
        for relationship in diagram.relationships {
            lines.append("    " + Self.entityName(relationship.parent)
                         + " " + Self.parentEnd(relationship.atParent) + "--" + Self.childEnd(relationship.atChild)
                         + " " + Self.entityName(relationship.child)
                         + " : " + Self.quoted(relationship.columns.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Entities

    private func entityLines(_ entity: EntityDiagram.Entity) -> [String] {
        let name = entity.kind == .view ? Self.quotedEntityName("\(entity.name) (view)") : Self.entityName(entity.name)
        guard !entity.attributes.isEmpty else { return ["    \(name) {", "    }"] }
        return ["    \(name) {"] + entity.attributes.map { "        " + Self.attributeLine($0) } + ["    }"]
    }

    private static func attributeLine(_ attribute: EntityDiagram.Attribute) -> String {
        let type = attribute.type.map(typeWord) ?? "untyped"
        let name = attributeWord(attribute.name)
        var line = "\(type) \(name)"
        if !attribute.keys.isEmpty { line += " " + attribute.keys.map(\.rawValue).joined(separator: ", ") }
        if name != attribute.name { line += " " + quoted(attribute.name) }
        return line
    }

    // MARK: Relationships

    /// The parent's end, written left of the line.
    private static func parentEnd(_ cardinality: EntityDiagram.Cardinality) -> String {
        switch cardinality {
        case .exactlyOne: "||"
        case .zeroOrOne: "|o"
        case .zeroOrMore: "}o"
        }
    }

    /// The child's end, written right of the line.
    private static func childEnd(_ cardinality: EntityDiagram.Cardinality) -> String {
        switch cardinality {
        case .exactlyOne: "||"
        case .zeroOrOne: "o|"
        case .zeroOrMore: "o{"
        }
    }

    // MARK: Names

    /// Words Mermaid's `erDiagram` reads as its own (in any case), which an entity's name must
    /// not start with unless quoted.
    private static let keywords = ["erdiagram", "one", "only", "zero", "many", "to", "optionally", "end", "class",
                                   "style", "subgraph", "title", "acctitle", "accdescr", "direction"]

    /// An entity's name: as it is when it is a plain word that starts with none of the
    /// keywords, else in quotes.
    static func entityName(_ name: String) -> String {
        let isPlain = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let lowercased = name.lowercased()
        if isPlain && !keywords.contains(where: { lowercased.hasPrefix($0) }) { return name }
        return quotedEntityName(name)
    }

    /// An entity's name in quotes, which cannot hold `"`, `%`, `\` or a line break: each becomes `_`.
    static func quotedEntityName(_ name: String) -> String {
        let kept = replacing(name) { "\"%\\\r\n\u{0B}\u{08}".unicodeScalars.contains($0) ? "_" : $0 }
        return "\"\(kept.isEmpty ? "_" : kept)\""
    }

    /// A comment or a label, in quotes: its own `"` written `'`, a line break as a space.
    static func quoted(_ text: String) -> String {
        "\"" + replacing(text) { $0 == "\"" ? "'" : "\r\n".unicodeScalars.contains($0) ? " " : $0 } + "\""
    }

    /// A column's type: its words joined by `_`, with no space after a comma (`DECIMAL(10,2)`).
    private static func typeWord(_ type: String) -> String {
        let words = type.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return attributeWord(words.replacingOccurrences(of: ", ", with: ",").replacingOccurrences(of: " ", with: "_"))
    }

    /// A column's name or type, in the characters a Mermaid attribute word may hold (others
    /// become `_`); `_` first when it would start otherwise, or be read as a key (PK, FK, UK).
    static func attributeWord(_ text: String) -> String {
        let isDigit = { (scalar: Unicode.Scalar) in scalar.value >= 0x30 && scalar.value <= 0x39 }
        let isWordScalar = { (scalar: Unicode.Scalar) in
            scalar.isASCII && (scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "_")
        }
        var word = replacing(text) { isWordScalar($0) || "-[]().,*".unicodeScalars.contains($0) ? $0 : "_" }
        let first = Array(word.unicodeScalars.prefix(3))
        let startsWell = first.first.map { (isWordScalar($0) && !isDigit($0)) || $0 == "*" } == true
        let key = String(String.UnicodeScalarView(first.prefix(2))).uppercased()
        let readsAsKey = ["PK", "FK", "UK"].contains(key) && (first.count == 2 || !isWordScalar(first[2]))
        if !startsWell || readsAsKey { word = "_" + word }
        return word
    }

    /// `text` with each Unicode scalar replaced by what `transform` gives.
    private static func replacing(_ text: String, _ transform: (Unicode.Scalar) -> Unicode.Scalar) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(transform)))
    }
}
