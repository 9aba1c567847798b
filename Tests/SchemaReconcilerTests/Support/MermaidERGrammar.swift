import Foundation

// MARK: - Mermaid's erDiagram grammar

/// A reading of Mermaid's `erDiagram` text by the rules of its parser (mermaid-js,
/// `packages/mermaid/src/diagrams/er/parser/erDiagram.jison`), for the statements a diagram of
/// tables uses: entities with attribute blocks, bare entities and relationships. The lexer
/// follows the parser's own: its rules in its order, the first that matches wins, in two states
/// (outside and inside an entity's block), case-insensitive, and a keyword matches even as the
/// start of a longer word. What it cannot read throws, naming the line.
///
/// It checks that what the command writes is a diagram Mermaid reads; what the diagram says is
/// in the snapshot files it reads (`OutputSnapshotTests.eachSnapshotIsWhatItsFormatReads`).
///
/// ```swift
/// try MermaidERGrammar.read("erDiagram\n    authors ||--o{ books : \"author_id\"\n")
/// ```
enum MermaidERGrammar {
    /// Text the grammar does not accept.
    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// Reads `text`, or throws where the grammar refuses it.
    static func read(_ text: String) throws {
        var parser = Parser(tokens: try Lexer(text).tokens())
        try parser.document()
    }

    // MARK: Tokens

    enum Kind: Equatable {
        case erDiagram, newline, entityName, word, blockStart, blockStop, colon, comma, keyword, number
        case cardinality, relationType, unicodeText, attributeKey, attributeWord, comment, other
    }

    struct Token {
        var kind: Kind
        var text: String
        var line: Int
    }

    // MARK: Lexer

    private struct Lexer {
        let text: NSString
        init(_ text: String) { self.text = text as NSString }

        /// The rules outside a block, in the parser's order; nil kind skips.
        static let outside: [(String, Kind?)] = [
            (#"[ \t\r]+"#, nil), (#"[\n]+"#, .newline),
            (#""[^"%\r\n\x0B\x08\\]+""#, .entityName), (#""[^"]*""#, .word),
            ("erDiagram", .erDiagram), (#"\{"#, .blockStart), ("#", .other), (",", .comma), (":::", .other),
            (":", .colon), (#"\["#, .other), (#"\]"#, .other),
            ("style", .keyword), ("classDef", .keyword), ("class", .keyword), ("subgraph", .keyword),
            (#"end\b\s*"#, .keyword),
            ("one or zero", .cardinality), ("one or more", .cardinality), ("one or many", .cardinality),
            (#"1\+"#, .cardinality), (#"\|o"#, .cardinality), ("zero or one", .cardinality),
            ("zero or more", .cardinality), ("zero or many", .cardinality), (#"0\+"#, .cardinality),
            (#"\}o"#, .cardinality), (#"many\(0\)"#, .cardinality), (#"many\(1\)"#, .cardinality),
            ("many", .cardinality), (#"\}\|"#, .cardinality), ("one", .cardinality), ("only one", .cardinality),
            (#"[0-9]+\.[0-9]+"#, .number), (#"1(?=\s+[A-Za-z_"'])"#, .cardinality), (#"1(?=\s+[0-9])"#, .cardinality),
            (#"1(?=(\-\-|\.\.|\.\-|\-\.))"#, .cardinality), ("1", .number), ("[0-9]+", .number),
            (#"\|\|"#, .cardinality), (#"o\|"#, .cardinality), (#"o\{"#, .cardinality), (#"\|\{"#, .cardinality),
            (#"u(?=[\.\-\|])"#, .cardinality), (#"\.\."#, .relationType), (#"\-\-"#, .relationType),
            ("to", .relationType), ("optionally to", .relationType), (#"\.\-"#, .relationType),
            (#"\-\."#, .relationType), (#"([^\x00-\x7F]|\w|\-|\*|\.)+"#, .unicodeText), (".", .other),
        ]

        /// The rules inside an entity's block, in the parser's order.
        static let inside: [(String, Kind?)] = [
            (#"\s+"#, nil), (#"\b((?:PK)|(?:FK)|(?:UK))\b"#, .attributeKey),
            (#"([^\s]*)[~].*[~]([^\s]*)"#, .attributeWord),
            (#"[\*A-Za-z_\x{00C0}-\x{FFFF}][A-Za-z0-9\-\_\[\]\(\)\.,\x{00C0}-\x{FFFF}\*]*"#, .attributeWord),
            ("`", .other), (#""[^"]*""#, .comment), (#"\}"#, .blockStop), (".", .other),
        ]

        static func compiled(_ rules: [(String, Kind?)]) -> [(NSRegularExpression, Kind?)] {
            rules.map { (try! NSRegularExpression(pattern: $0.0, options: [.caseInsensitive]), $0.1) }
        }

        static let outsideRules = compiled(outside)
        static let insideRules = compiled(inside)

        func tokens() throws -> [Token] {
            var tokens: [Token] = []
            var position = 0
            var line = 1
            var inBlock = false
            while position < text.length {
                let rules = inBlock ? Self.insideRules : Self.outsideRules
                let range = NSRange(location: position, length: text.length - position)
                guard let (match, kind) = rules.lazy.compactMap({ rule -> (NSRange, Kind?)? in
                    guard let found = rule.0.firstMatch(in: self.text as String, options: [.anchored], range: range),
                          found.range.length > 0 else { return nil }
                    return (found.range, rule.1)
                }).first else {
                    throw Failure(line: line, reason: "no rule reads the text here")
                }
                let spelling = text.substring(with: match)
                if let kind {
                    tokens.append(Token(kind: kind, text: spelling, line: line))
                    if kind == .blockStart { inBlock = true }
                    if kind == .blockStop { inBlock = false }
                }
                line += spelling.filter { $0 == "\n" }.count
                position += match.length
            }
            return tokens
        }
    }

    // MARK: Parser

    private struct Parser {
        let tokens: [Token]
        var position = 0

        init(tokens: [Token]) { self.tokens = tokens }

        var next: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func take(_ kind: Kind, _ what: String) throws -> Token {
            guard let token = next, token.kind == kind else {
                throw Failure(line: next?.line ?? tokens.last?.line ?? 1,
                              reason: "expected \(what), found \(next.map { "'\($0.text)'" } ?? "the end")")
            }
            position += 1
            return token
        }

        mutating func document() throws {
            while next?.kind == .newline { position += 1 }
            _ = try take(.erDiagram, "erDiagram")
            while let token = next {
                if token.kind == .newline { position += 1; continue }
                try statement()
            }
        }

        mutating func statement() throws {
            try entityName()
            switch next?.kind {
            case .blockStart:
                position += 1
                while next?.kind != .blockStop {
                    try attribute()
                }
                position += 1
            case .cardinality:
                _ = try take(.cardinality, "a cardinality")
                _ = try take(.relationType, "-- or ..")
                _ = try take(.cardinality, "a cardinality")
                try entityName()
                _ = try take(.colon, "':'")
                guard let role = next, [.word, .entityName, .unicodeText].contains(role.kind) else {
                    throw Failure(line: next?.line ?? 0, reason: "expected the relationship's label")
                }
                position += 1
            default:
                break
            }
        }

        mutating func entityName() throws {
            guard let token = next, [.entityName, .unicodeText, .number].contains(token.kind) else {
                throw Failure(line: next?.line ?? 0, reason: "expected an entity name, found \(next.map { "'\($0.text)'" } ?? "the end")")
            }
            position += 1
        }

        /// `type name [keys] ["comment"]`, keys separated by `,`.
        mutating func attribute() throws {
            _ = try take(.attributeWord, "an attribute's type")
            _ = try take(.attributeWord, "an attribute's name")
            if next?.kind == .attributeKey {
                _ = try take(.attributeKey, "a key")
                while next?.kind == .other && next?.text == "," {
                    position += 1
                    _ = try take(.attributeKey, "a key after ','")
                }
            }
            if next?.kind == .comment { _ = try take(.comment, "a comment") }
        }
    }
}
