import SchemaReconciler

// MARK: - DotText

/// An entity diagram as a Graphviz `digraph`, for `dot -Tsvg` and the like: each entity a table
/// of its columns, each foreign key an edge from the child to the parent with crow's-foot ends.
///
/// ```
/// digraph schema {
///   "books" -> "authors" [arrowtail=crowodot, arrowhead=teetee, label="author_id"];
/// }
/// ```
struct DotText {
    let diagram: EntityDiagram

    init(_ diagram: EntityDiagram) {
        self.diagram = diagram
    }

    var text: String {
        var lines = [
            "digraph schema {",
            "  graph [rankdir=LR];",
            "  node [shape=plaintext, fontname=\"Helvetica\"];",
            "  edge [dir=both, fontname=\"Helvetica\", fontsize=10];",
        ]
        lines += diagram.entities.map { "  \(Self.identifier($0.name)) [label=<\(Self.table($0))>];" }
        lines += diagram.relationships.map { relationship in
            "  \(Self.identifier(relationship.child)) -> \(Self.identifier(relationship.parent))"
                + " [arrowtail=\(Self.end(relationship.atChild)), arrowhead=\(Self.end(relationship.atParent)),"
                + " label=\(Self.identifier(relationship.columns.joined(separator: ", ")))];"
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The HTML-like label of an entity: its name, then a row per column (name, type, keys).
    private static func table(_ entity: EntityDiagram.Entity) -> String {
        let title = entity.kind == .view ? "<i>\(escaped(entity.name)) (view)</i>" : "<b>\(escaped(entity.name))</b>"
        let rows = entity.attributes.map { attribute in
            "<tr><td align=\"left\">\(escaped(attribute.name))</td>"
                + "<td align=\"left\">\(escaped(attribute.type ?? ""))</td>"
                + "<td>\(attribute.keys.map(\.rawValue).joined(separator: ", "))</td></tr>"
        }
        return "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
            + "<tr><td colspan=\"3\" bgcolor=\"#e8e8e8\">\(title)</td></tr>" + rows.joined() + "</table>"
    }

    /// The arrow that draws a cardinality at the end it counts: a bar for one, a circle for
    /// zero, a crow's foot for many (the shape nearest the entity first).
    private static func end(_ cardinality: EntityDiagram.Cardinality) -> String {
        switch cardinality {
        case .exactlyOne: "teetee"
        case .zeroOrOne: "teeodot"
        case .zeroOrMore: "crowodot"
        }
    }

    /// A name as a DOT quoted string.
    private static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Text inside an HTML-like label.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
