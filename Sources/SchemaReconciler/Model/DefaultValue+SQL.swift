import Foundation

// MARK: - DefaultValue and SQL

extension DefaultValue {
    /// Reads a `DEFAULT` expression as SQLite stores it (`PRAGMA table_xinfo`'s `dflt_value`):
    /// literals become typed values, anything else stays raw SQL.
    ///
    /// ```swift
    /// DefaultValue(sql: "'active'")          // .text("active")
    /// DefaultValue(sql: "-1")                // .integer(-1)
    /// DefaultValue(sql: "CURRENT_TIMESTAMP") // .sql("CURRENT_TIMESTAMP")
    /// ```
    package init(sql: String) {
        let tokens = SQLText.strippingOuterParentheses(SQLTokenizer.tokens(in: sql))
        self = DefaultValue.literal(from: tokens) ?? .sql(SQLText.trimmed(sql))
    }

    private static func literal(from tokens: [SQLToken]) -> DefaultValue? {
        var tokens = tokens[...]
        var sign = ""
        if let first = tokens.first, first.isSymbol("-") || first.isSymbol("+"), tokens.count == 2,
           tokens.last!.kind == .number {
            sign = first.text == "-" ? "-" : ""
            tokens = tokens.dropFirst()
        }
        guard tokens.count == 1, let token = tokens.first else { return nil }
        switch token.kind {
        case .string:
            return .text(SQLText.undoubling("'", in: token.text.dropFirst().dropLast()))
        case .number:
            let text = sign + token.text.filter { $0 != "_" }
            if token.text.lowercased().hasPrefix("0x") {
                // A 64-bit two's complement hexadecimal integer: 0xFFFFFFFFFFFFFFFF is -1.
                guard let bits = UInt64(token.text.dropFirst(2), radix: 16) else { return nil }
                let value = Int64(bitPattern: bits)
                return .integer(sign == "-" ? 0 &- value : value)
            }
            if let int = Int64(text) { return .integer(int) }
            if let real = Double(text) { return .real(real) }
            return nil
        case .quotedIdentifier:
            // SQLite takes a quoted name after DEFAULT ("dq", [br], `bt`) for text.
            return token.identifier.map { .text($0) }
        case .word:
            switch token.text.uppercased() {
            case "NULL": return .null
            case "TRUE": return .boolean(true)
            case "FALSE": return .boolean(false)
            case "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP": return nil
            // Any other bare name after DEFAULT is text to SQLite (DEFAULT active stores 'active').
            default: return .text(token.text)
            }
        default:
            return nil
        }
    }

    /// The expression to write after `DEFAULT`.
    ///
    /// ```swift
    /// DefaultValue.text("it's").sqlExpression          // "'it''s'"
    /// DefaultValue.sql("strftime('%s','now')").sqlExpression // "(strftime('%s','now'))"
    /// ```
    package var sqlExpression: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return Self.realLiteral(value)
        case .text(let value): return SQLText.literal(value)
        // 1 and 0 rather than TRUE and FALSE: SQLite applies the column's affinity to a number
        // given to existing rows by ADD COLUMN, but not to the TRUE and FALSE keywords.
        case .boolean(let value): return value ? "1" : "0"
        case .sql(let written):
            let expression = SQLText.closingLineComment(written)
            let tokens = SQLTokenizer.tokens(in: expression)
            if tokens.count == 1, tokens[0].kind != .symbol { return expression }
            if tokens.count == 2, tokens[0].isSymbol("-") || tokens[0].isSymbol("+"), tokens[1].kind == .number {
                return expression
            }
            if SQLText.strippingOuterParentheses(tokens).count < tokens.count { return expression }
            return "(" + expression + ")"
        }
    }

    /// Whether SQLite accepts this default in `ALTER TABLE … ADD COLUMN` (a constant, not a
    /// parenthesised expression nor CURRENT_TIME/DATE/TIMESTAMP).
    package var isConstant: Bool {
        switch self {
        case .sql(let expression):
            let value = DefaultValue(sql: expression)
            if case .sql = value { return false }
            return true
        default:
            return true
        }
    }

    /// Whether this default is `NULL` (or the same as having none).
    package var isNull: Bool {
        switch self {
        case .null: return true
        case .sql(let expression):
            if case .null = DefaultValue(sql: expression) { return true }
            return false
        default: return false
        }
    }

    /// A value that compares equal for defaults SQLite treats as the same: `TRUE` and `1`,
    /// `1.0` and `1.0`, `'a'` and `'a'`, raw SQL by its normalised text.
    package var comparisonKey: String {
        switch self {
        case .null: return "null"
        // Numbers by value, 1 the same as 1.0, integers exactly (not through a Double, which
        // would make 2^53 and 2^53 + 1 the same).
        case .integer(let value): return "n:\(value)"
        case .real(let value):
            if value == value.rounded(), let integer = Int64(exactly: value) { return "n:\(integer)" }
            return "n:\(value)"
        case .boolean(let value): return "n:\(value ? 1 : 0)"
        case .text(let value): return "t:" + value
        case .sql(let expression):
            // Read once: a literal written as SQL compares as that literal.
            let tokens = SQLText.strippingOuterParentheses(SQLTokenizer.tokens(in: expression))
            if let literal = DefaultValue.literal(from: tokens) { return literal.comparisonKey }
            return "s:" + SQLText.normalize(tokens: tokens)
        }
    }

    /// Whether the default is a raw SQL expression (`default_sql`).
    package var isExpression: Bool {
        if case .sql = self { return true }
        return false
    }

    /// The value as a person wrote it, for messages: text without its SQL quotes.
    ///
    /// ```swift
    /// DefaultValue.text("1e3").displayText // "1e3"
    /// DefaultValue.integer(7).displayText  // "7"
    /// ```
    package var displayText: String {
        switch self {
        case .text(let value): return value
        case .sql(let expression): return expression
        default: return sqlExpression
        }
    }

    static func realLiteral(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(format: "%.1f", value) }
        return "\(value)"
    }
}
