// MARK: - SQLTokenizer

/// Splits SQL text into tokens the way SQLite's own tokenizer does: over the UTF-8 bytes, with
/// SQLite's character classes. Only space, tab, line feed, form feed and carriage return
/// separate tokens; every byte of a character beyond ASCII is part of a name, so a name holding
/// U+00A0 or U+2028 stays one name, as it does in SQLite.
///
/// It is used to read back what SQLite stores in `sqlite_master` and to compare expressions,
/// never to execute anything.
///
/// ```swift
/// SQLTokenizer.tokens(in: "a >= 0").map(\.text)        // ["a", ">=", "0"]
/// SQLTokenizer.tokens(in: "a\u{A0}b INT").map(\.text)  // ["a\u{A0}b", "INT"]
/// ```
package enum SQLTokenizer {
    /// The tokens of `sql`, without whitespace (and without comments unless `keepingComments`).
    package static func tokens(in sql: String, keepingComments: Bool = false) -> [SQLToken] {
        var scanner = Scanner(bytes: Array(sql.utf8))
        var result: [SQLToken] = []
        while let (kind, range) = scanner.next() {
            if kind == .comment && !keepingComments { continue }
            result.append(SQLToken(kind: kind, text: String(decoding: scanner.bytes[range], as: UTF8.self), range: range))
        }
        return result
    }

    // MARK: Character classes

    /// Space, tab, line feed, form feed, carriage return (SQLite's `CC_SPACE`).
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// A byte that can start a name: a letter, `_`, or any byte of a non-ASCII character.
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == 0x5F || byte >= 0x80
    }

    /// A byte that can continue a name (`sqlite3IsIdChar`): those that start one, digits and `$`.
    @inline(__always)
    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte) || byte == 0x24
    }

    // MARK: Scanning

    /// Reads one token at a time.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        func byte(_ offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        /// The next token's kind and byte range, skipping whitespace; nil at the end.
        mutating func next() -> (SQLToken.Kind, Range<Int>)? {
            while let first = byte(), SQLTokenizer.isSpace(first) { position += 1 }
            guard let first = byte() else { return nil }
            let start = position
            let kind = scan(first)
            return (kind, start..<position)
        }

        private mutating func scan(_ first: UInt8) -> SQLToken.Kind {
            switch first {
            case UInt8(ascii: "-") where byte(1) == UInt8(ascii: "-"):
                while let current = byte(), current != 0x0A { position += 1 }
                return .comment
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                position += 2
                while let current = byte() {
                    position += 1
                    if current == UInt8(ascii: "*"), byte() == UInt8(ascii: "/") { position += 1; break }
                }
                return .comment
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                guard byte(1) == UInt8(ascii: "'") else { return word() }
                position += 1
                skipQuoted(UInt8(ascii: "'"))
                return .blob
            case UInt8(ascii: "'"):
                skipQuoted(first)
                return .string
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                skipQuoted(first)
                return .quotedIdentifier
            case UInt8(ascii: "["):
                while let current = byte() {
                    position += 1
                    if current == UInt8(ascii: "]") { break }
                }
                return .quotedIdentifier
            case UInt8(ascii: "?"):
                position += 1
                while let current = byte(), SQLTokenizer.isDigit(current) { position += 1 }
                return .variable
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                guard let next = byte(1), SQLTokenizer.isIdentifierPart(next) else { return symbol() }
                position += 1
                while let current = byte(), SQLTokenizer.isIdentifierPart(current) { position += 1 }
                return .variable
            case UInt8(ascii: "."):
                guard let next = byte(1), SQLTokenizer.isDigit(next) else { return symbol() }
                return number()
            default:
                if SQLTokenizer.isDigit(first) { return number() }
                if SQLTokenizer.isIdentifierStart(first) { return word() }
                return symbol()
            }
        }

        /// A quoted run: the opening quote, then up to the closing one; a doubled quote is one character.
        private mutating func skipQuoted(_ quote: UInt8) {
            position += 1
            while let current = byte() {
                position += 1
                if current == quote {
                    if byte() == quote { position += 1; continue }
                    return
                }
            }
        }

        private mutating func word() -> SQLToken.Kind {
            while let current = byte(), SQLTokenizer.isIdentifierPart(current) { position += 1 }
            return .word
        }

        /// Digits with `_` separators, a fraction, an exponent; or `0x` and hexadecimal digits.
        private mutating func number() -> SQLToken.Kind {
            if byte() == UInt8(ascii: "0"), let x = byte(1), x | 0x20 == UInt8(ascii: "x"),
               let digit = byte(2), SQLTokenizer.isHexDigit(digit) {
                position += 2
                while let current = byte(), SQLTokenizer.isHexDigit(current) || current == UInt8(ascii: "_") {
                    position += 1
                }
                return .number
            }
            while let current = byte(), SQLTokenizer.isDigit(current) || current == UInt8(ascii: "_")
                || current == UInt8(ascii: ".") {
                position += 1
            }
            if let e = byte(), e | 0x20 == UInt8(ascii: "e") {
                var offset = 1
                if let sign = byte(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset = 2 }
                if let digit = byte(offset), SQLTokenizer.isDigit(digit) {
                    position += offset
                    while let current = byte(), SQLTokenizer.isDigit(current) { position += 1 }
                }
            }
            return .number
        }

        private mutating func symbol() -> SQLToken.Kind {
            let first = bytes[position]
            if first == UInt8(ascii: "-"), byte(1) == UInt8(ascii: ">") {
                position += byte(2) == UInt8(ascii: ">") ? 3 : 2
            } else if let second = byte(1), Self.pairs.contains(UInt16(first) << 8 | UInt16(second)) {
                position += 2
            } else {
                position += 1
            }
            return .symbol
        }

        /// The two-character operators: `||`, `<<`, `>>`, `<=`, `>=`, `==`, `!=`, `<>`.
        private static let pairs: Set<UInt16> = Set(["||", "<<", ">>", "<=", ">=", "==", "!=", "<>"].map { pair in
            let bytes = Array(pair.utf8)
            return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        })
    }
}
