// MARK: - CreateStatementParseError

/// A `CREATE` statement that could not be read.
///
/// ```swift
/// do { _ = try CreateTableStatement(sql: "CREATE TABLE t") }
/// catch let error as CreateStatementParseError { print(error) } // expected "(" …
/// ```
package struct CreateStatementParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, and where.
    package var message: String
    /// The statement.
    package var sql: String

    /// Creates an error.
    package init(message: String, sql: String) {
        self.message = message
        self.sql = sql
    }

    package var description: String { "cannot parse \(sql.debugDescription): \(message)" }
}

// MARK: - CreateStatementCursor

/// A cursor over the tokens of one `CREATE` statement, with the small parsing steps that the
/// statement readers share. Comments are dropped; text is always cut from the original SQL, so
/// expressions keep their written spelling.
struct CreateStatementCursor {
    let sql: String
    let tokens: [SQLToken]
    var position = 0

    init(sql: String) {
        self.sql = sql
        self.tokens = SQLTokenizer.tokens(in: sql)
    }

    var isAtEnd: Bool { position >= tokens.count }

    /// Reads the statement's head, which must create a `kind` object, and moves past it.
    mutating func head(_ kind: CreateStatementHead.Kind) throws -> CreateStatementHead {
        guard let head = CreateStatementHead(tokens), head.kind == kind else {
            let what = kind == .virtualTable ? "VIRTUAL TABLE" : kind.rawValue.uppercased()
            throw CreateStatementParseError(message: "expected CREATE \(what) and a name", sql: sql)
        }
        position = head.end
        return head
    }

    /// The token `offset` places ahead of the current one.
    func peek(_ offset: Int = 0) -> SQLToken? {
        let index = position + offset
        return index < tokens.count ? tokens[index] : nil
    }

    func isKeyword(_ word: String, at offset: Int = 0) -> Bool {
        peek(offset)?.isKeyword(word) ?? false
    }

    func isSymbol(_ symbol: String, at offset: Int = 0) -> Bool {
        peek(offset)?.isSymbol(symbol) ?? false
    }

    /// Consumes `words` when all of them come next, in order.
    mutating func consumeKeywords(_ words: String...) -> Bool {
        for (offset, word) in words.enumerated() where !isKeyword(word, at: offset) { return false }
        position += words.count
        return true
    }

    mutating func consumeSymbol(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        position += 1
        return true
    }

    mutating func expectKeywords(_ words: String...) throws {
        for word in words {
            guard isKeyword(word) else { throw error("expected \(word)") }
            position += 1
        }
    }

    mutating func expectSymbol(_ symbol: String) throws {
        guard consumeSymbol(symbol) else { throw error("expected \"\(symbol)\"") }
    }

    /// Consumes a name.
    mutating func name(_ what: String = "a name") throws -> String {
        guard let token = peek(), let value = token.nameValue else { throw error("expected \(what)") }
        position += 1
        return value
    }

    /// Consumes `( … )` and returns the token indexes strictly inside the parentheses.
    mutating func parenthesized() throws -> Range<Int> {
        guard isSymbol("(") else { throw error("expected \"(\"") }
        guard let close = SQLText.matchingParenthesis(in: tokens, from: position) else {
            throw error("unbalanced parentheses")
        }
        let inner = (position + 1)..<close
        position = close + 1
        return inner
    }

    /// Consumes `( name, name, … )`: each name unquoted.
    mutating func nameList() throws -> [String] {
        let inner = try parenthesized()
        return try commaSeparated(inner).map { part in
            guard part.count == 1, let name = tokens[part.lowerBound].nameValue else {
                throw CreateStatementParseError(message: "expected a column name in \(text(inner).debugDescription)", sql: sql)
            }
            return name
        }
    }

    /// Consumes an optional `ON CONFLICT ROLLBACK|ABORT|FAIL|IGNORE|REPLACE`: the resolution, upper-cased.
    mutating func conflictClause() throws -> String? {
        guard consumeKeywords("ON", "CONFLICT") else { return nil }
        return try name("a conflict resolution").uppercased()
    }

    /// The source text of the tokens in `range`, as written (empty for an empty range).
    func text(_ range: Range<Int>) -> String {
        SQLText.text(of: tokens[range], in: sql)
    }

    /// Splits the tokens in `range` at top-level commas.
    func commaSeparated(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            let token = tokens[index]
            if token.isSymbol("(") { depth += 1 }
            else if token.isSymbol(")") { depth -= 1 }
            else if token.isSymbol(","), depth == 0 {
                parts.append(start..<index)
                start = index + 1
            }
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// The first index in `range` holding the keyword at parenthesis depth 0, if any.
    func topLevelKeyword(_ word: String, in range: Range<Int>) -> Int? {
        var depth = 0
        for index in range {
            let token = tokens[index]
            if token.isSymbol("(") { depth += 1 }
            else if token.isSymbol(")") { depth -= 1 }
            else if depth == 0, token.isKeyword(word) { return index }
        }
        return nil
    }

    /// An error that names the current token.
    func error(_ message: String) -> CreateStatementParseError {
        let near = peek().map { " near \($0.text.debugDescription)" } ?? " at the end"
        return CreateStatementParseError(message: message + near, sql: sql)
    }
}
