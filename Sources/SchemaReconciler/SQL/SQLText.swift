import Foundation

// MARK: - SQLText

/// Quoting and normalising of SQL text.
///
/// ```swift
/// SQLText.quote("my table")           // "\"my table\""
/// SQLText.literal("it's")             // "'it''s'"
/// SQLText.normalize("\"Age\">=0") == SQLText.normalize("age >= 0") // true
/// ```
package enum SQLText {
    /// A name quoted as an SQL identifier: always double quotes, inner quotes doubled.
    package static func quote(_ name: String) -> String {
        "\"" + doubling("\"", in: name) + "\""
    }

    /// A name as a bare word when it is a plain ASCII identifier that is not a keyword SQLite
    /// reserves in that position, quoted otherwise: `NOCASE` stays `NOCASE`, `my collation` is quoted.
    package static func quoteIfNeeded(_ name: String) -> String {
        let plain = name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } ?? false
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain && !["NULL", "NOT", "DEFAULT", "CHECK", "COLLATE", "PRIMARY", "UNIQUE", "REFERENCES",
                          "GENERATED", "AS", "CONSTRAINT"].contains(name.uppercased()) ? name : quote(name)
    }

    /// A comma-separated list of quoted names.
    package static func quoteList(_ names: [String]) -> String {
        names.map(quote).joined(separator: ", ")
    }

    /// A string as an SQL string literal.
    package static func literal(_ text: String) -> String {
        "'" + doubling("'", in: text) + "'"
    }

    /// `sql`, followed by a line break when it ends in a `--` comment, so that what is written
    /// after it (a closing parenthesis, the next clause, a semicolon) is not swallowed by it.
    ///
    /// ```swift
    /// SQLText.closingLineComment("a > 0 -- positive") // "a > 0 -- positive\n"
    /// SQLText.closingLineComment("a > 0")             // "a > 0"
    /// ```
    package static func closingLineComment(_ sql: String) -> String {
        guard let last = SQLTokenizer.tokens(in: sql, keepingComments: true).last, last.kind == .comment,
              last.text.hasPrefix("--"), !sql.utf8.dropFirst(last.range.upperBound).contains(0x0A) else { return sql }
        return sql + "\n"
    }

    /// A script as a dry run prints it among other statements: without the blank lines around
    /// it, its last statement closed with `;` when it is not, and a line comment it ends with
    /// ended too, so that the statement printed next stays whole.
    ///
    /// ```swift
    /// SQLText.closedScript("INSERT INTO t VALUES (1)\n-- one row\n") // "INSERT INTO t VALUES (1);\n-- one row\n"
    /// ```
    package static func closedScript(_ sql: String) -> String {
        let text = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = SQLTokenizer.tokens(in: text).last, !last.isSymbol(";") else { return closingLineComment(text) }
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: last.range.upperBound)
        return closingLineComment(String(text[..<end]) + ";" + String(text[end...]))
    }

    /// A canonical form of an expression or statement, for comparison only: comments and
    /// whitespace dropped, identifiers unquoted and case-folded, keywords case-folded, literals kept.
    package static func normalize(_ sql: String) -> String {
        normalize(tokens: SQLTokenizer.tokens(in: sql))
    }

    /// The canonical form of a token list (see ``normalize(_:)``).
    package static func normalize(tokens: [SQLToken]) -> String {
        var parts: [String] = []
        for token in tokens {
            switch token.kind {
            case .word, .quotedIdentifier:
                parts.append(token.identifier!.sqlName.description)
            case .number, .string, .blob, .variable, .symbol:
                parts.append(token.text)
            case .comment:
                continue
            }
        }
        var result = parts.joined(separator: " ")
        // A trailing semicolon does not change a statement.
        while result.hasSuffix(" ;") { result.removeLast(2) }
        if result == ";" { result = "" }
        return result
    }

    /// The expression without parentheses that enclose all of it: `((a + 1))` → `a + 1`.
    package static func strippingOuterParentheses(_ tokens: [SQLToken]) -> [SQLToken] {
        var tokens = tokens
        while tokens.count >= 2, tokens.first!.isSymbol("("), tokens.last!.isSymbol(")"),
              matchingParenthesis(in: tokens, from: 0) == tokens.count - 1 {
            tokens = Array(tokens.dropFirst().dropLast())
        }
        return tokens
    }

    /// The index of the `)` that closes the `(` at `index`, or nil when unbalanced.
    package static func matchingParenthesis(in tokens: [SQLToken], from index: Int) -> Int? {
        var depth = 0
        for i in index..<tokens.count {
            if tokens[i].isSymbol("(") { depth += 1 }
            else if tokens[i].isSymbol(")") {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return nil
    }

    /// The source text covered by a run of tokens, as written.
    package static func text(of tokens: ArraySlice<SQLToken>, in sql: String) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return text(in: sql, bytes: first.range.lowerBound..<last.range.upperBound)
    }

    /// The source text of a range of UTF-8 offsets.
    static func text(in sql: String, bytes range: Range<Int>) -> String {
        let utf8 = sql.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}
