// MARK: - SQLTokenizer

/// Splits SQL text into tokens. It is used to read back what SQLite stores in `sqlite_master`
/// and to compare expressions, never to execute anything.
///
/// ```swift
/// SQLTokenizer.tokens(in: "a >= 0").map(\.text) // ["a", ">=", "0"]
/// ```
public enum SQLTokenizer {
    /// The tokens of `sql`, without whitespace (and without comments unless `keepingComments`).
    public static func tokens(in sql: String, keepingComments: Bool = false) -> [SQLToken] {
        var result: [SQLToken] = []
        let chars = sql
        var i = chars.startIndex
        func peek(_ offset: Int = 0) -> Character? {
            var j = i
            for _ in 0..<offset {
                guard j < chars.endIndex else { return nil }
                j = chars.index(after: j)
            }
            return j < chars.endIndex ? chars[j] : nil
        }
        func advance(_ j: inout String.Index) { j = chars.index(after: j) }
        while i < chars.endIndex {
            let c = chars[i]
            let start = i
            var kind: SQLToken.Kind
            if c.isWhitespace {
                advance(&i)
                continue
            } else if c == "-" && peek(1) == "-" {
                while i < chars.endIndex && !chars[i].unicodeScalars.contains("\n") { advance(&i) }
                kind = .comment
            } else if c == "/" && peek(1) == "*" {
                advance(&i); advance(&i)
                while i < chars.endIndex {
                    if chars[i] == "*", peek(1) == "/" { advance(&i); advance(&i); break }
                    advance(&i)
                }
                kind = .comment
            } else if (c == "x" || c == "X") && peek(1) == "'" {
                advance(&i); advance(&i)
                while i < chars.endIndex && chars[i] != "'" { advance(&i) }
                if i < chars.endIndex { advance(&i) }
                kind = .blob
            } else if c == "'" || c == "\"" || c == "`" {
                advance(&i)
                while i < chars.endIndex {
                    if chars[i] == c {
                        advance(&i)
                        if i < chars.endIndex && chars[i] == c { advance(&i); continue }
                        break
                    }
                    advance(&i)
                }
                kind = c == "'" ? .string : .quotedIdentifier
            } else if c == "[" {
                while i < chars.endIndex && chars[i] != "]" { advance(&i) }
                if i < chars.endIndex { advance(&i) }
                kind = .quotedIdentifier
            } else if c.isASCII && c.isNumber || (c == "." && (peek(1)?.isASCII ?? false) && (peek(1)?.isNumber ?? false)) {
                if c == "0", let x = peek(1), x == "x" || x == "X" {
                    advance(&i); advance(&i)
                    while i < chars.endIndex && chars[i].isHexDigit { advance(&i) }
                } else {
                    while i < chars.endIndex && (chars[i].isASCII && chars[i].isNumber || chars[i] == "." || chars[i] == "_") {
                        advance(&i)
                    }
                    if i < chars.endIndex, chars[i] == "e" || chars[i] == "E" {
                        var j = chars.index(after: i)
                        if j < chars.endIndex, chars[j] == "+" || chars[j] == "-" { j = chars.index(after: j) }
                        if j < chars.endIndex, chars[j].isASCII, chars[j].isNumber {
                            i = j
                            while i < chars.endIndex && chars[i].isASCII && chars[i].isNumber { advance(&i) }
                        }
                    }
                }
                kind = .number
            } else if isIdentifierStart(c) {
                while i < chars.endIndex && isIdentifierPart(chars[i]) { advance(&i) }
                kind = .word
            } else if c == "?" {
                advance(&i)
                while i < chars.endIndex && chars[i].isASCII && chars[i].isNumber { advance(&i) }
                kind = .variable
            } else if (c == ":" || c == "@" || c == "$"), let n = peek(1), isIdentifierPart(n) {
                advance(&i)
                while i < chars.endIndex && isIdentifierPart(chars[i]) { advance(&i) }
                kind = .variable
            } else {
                let two = peek(1).map { String([c, $0]) } ?? ""
                let three = peek(2).map { two + String($0) } ?? ""
                if three == "->>" {
                    advance(&i); advance(&i); advance(&i)
                } else if ["||", "<<", ">>", "<=", ">=", "==", "!=", "<>", "->"].contains(two) {
                    advance(&i); advance(&i)
                } else {
                    advance(&i)
                }
                kind = .symbol
            }
            if kind == .comment && !keepingComments { continue }
            result.append(SQLToken(kind: kind, text: String(chars[start..<i]), range: start..<i))
        }
        return result
    }

    static func isIdentifierStart(_ c: Character) -> Bool {
        c == "_" || (c.isASCII ? c.isLetter : !c.isWhitespace)
    }

    static func isIdentifierPart(_ c: Character) -> Bool {
        c == "_" || c == "$" || (c.isASCII ? (c.isLetter || c.isNumber) : !c.isWhitespace)
    }
}
