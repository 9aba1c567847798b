// MARK: - SQLToken

/// One token of SQL text, as SQLite's tokenizer would see it.
///
/// ```swift
/// let tokens = SQLTokenizer.tokens(in: #"SELECT "a b" FROM t -- note"#)
/// tokens.map(\.kind) // [.word, .quotedIdentifier, .word, .word]
/// ```
public struct SQLToken: Sendable, Equatable {
    /// The kinds of token.
    public enum Kind: Sendable, Equatable {
        /// A keyword or a bare identifier.
        case word
        /// An identifier in `"…"`, `` `…` `` or `[…]`.
        case quotedIdentifier
        /// A string literal in `'…'`.
        case string
        /// A blob literal `x'…'`.
        case blob
        /// A numeric literal.
        case number
        /// A bound parameter (`?`, `?1`, `:name`, `@name`, `$name`).
        case variable
        /// An operator or punctuation.
        case symbol
        /// A comment (only when asked for).
        case comment
    }

    /// The kind.
    public var kind: Kind
    /// The exact text.
    public var text: String
    /// Offset of the first character in the source, in `Character`s... expressed as a `String.Index`.
    public var range: Range<String.Index>

    /// The identifier value of a word or quoted identifier (quotes removed, doubled quotes undone).
    public var identifier: String? {
        switch kind {
        case .word: return text
        case .quotedIdentifier:
            let inner = text.dropFirst().dropLast()
            switch text.first {
            case "\"": return inner.replacingOccurrences(of: "\"\"", with: "\"")
            case "`": return inner.replacingOccurrences(of: "``", with: "`")
            default: return String(inner)
            }
        default: return nil
        }
    }

    /// The upper-cased text of a word, for keyword tests; nil for any other kind.
    public var keyword: String? { kind == .word ? text.uppercased() : nil }

    /// Whether this token is the given keyword (case-insensitive).
    public func isKeyword(_ word: String) -> Bool { kind == .word && text.uppercased() == word }

    /// Whether this token is the given punctuation.
    public func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}

import Foundation
