// MARK: - SQLToken

/// One token of SQL text, as SQLite's tokenizer reads it.
///
/// ```swift
/// let tokens = SQLTokenizer.tokens(in: #"SELECT "a b" FROM t -- note"#)
/// tokens.map(\.kind) // [.word, .quotedIdentifier, .word, .word]
/// tokens[1].range    // 7..<12, UTF-8 offsets in the text
/// ```
package struct SQLToken: Sendable, Equatable {
    /// The kinds of token.
    package enum Kind: Sendable, Equatable {
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
    package var kind: Kind
    /// The exact text.
    package var text: String
    /// Where the token is in the source, in UTF-8 bytes from its start.
    package var range: Range<Int>

    /// Creates a token.
    package init(kind: Kind, text: String, range: Range<Int>) {
        self.kind = kind
        self.text = text
        self.range = range
    }

    /// The identifier value of a word or quoted identifier (quotes removed, doubled quotes undone).
    package var identifier: String? {
        switch kind {
        case .word: return text
        case .quotedIdentifier:
            let inner = text.dropFirst().dropLast()
            switch text.first {
            case "\"": return SQLText.undoubling("\"", in: inner)
            case "`": return SQLText.undoubling("`", in: inner)
            default: return String(inner)
            }
        default: return nil
        }
    }

    /// The value of a token where SQLite expects a name: a bare word, a quoted identifier, or a
    /// string (SQLite accepts `'name'` there too).
    package var nameValue: String? {
        if kind == .string { return SQLText.undoubling("'", in: text.dropFirst().dropLast()) }
        return identifier
    }

    /// The upper-cased text of a word, for keyword tests; nil for any other kind.
    package var keyword: String? { kind == .word ? text.uppercased() : nil }

    /// Whether this token is the given keyword (case-insensitive; `word` is upper case).
    package func isKeyword(_ word: String) -> Bool {
        kind == .word && SQLName.same(text, word)
    }

    /// Whether this token is the given punctuation.
    package func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}
