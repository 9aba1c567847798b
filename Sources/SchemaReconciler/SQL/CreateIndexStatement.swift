import Foundation

// MARK: - CreateIndexStatement

/// A `CREATE INDEX` statement: its name, table, terms and `WHERE` clause.
///
/// ```swift
/// let index = try CreateIndexStatement(sql: """
///     CREATE UNIQUE INDEX IF NOT EXISTS "by email" ON users (lower(email), created_at DESC)
///     WHERE deleted_at IS NULL
///     """)
/// index.name                      // "by email"
/// index.terms.map(\.sql)          // ["lower(email)", "created_at DESC"]
/// index.terms[1].columnName       // "created_at"
/// index.condition                 // "deleted_at IS NULL"
/// ```
package struct CreateIndexStatement: Sendable, Equatable {
    /// The head: `UNIQUE`, `IF NOT EXISTS`, the schema prefix, the name.
    package var head: CreateStatementHead
    /// The index name, unquoted.
    package var name: String { head.name }
    /// `CREATE UNIQUE INDEX`.
    package var isUnique: Bool { head.isUnique }
    /// The indexed table, unquoted.
    package var tableName: String
    /// The indexed terms, in order.
    package var terms: [Term]
    /// The text after the top-level `WHERE`, trimmed; nil for a full index.
    package var condition: String?

    /// One indexed term: an expression, possibly followed by `COLLATE name` and `ASC`/`DESC`.
    package struct Term: Sendable, Equatable {
        /// The whole term as written.
        package var sql: String
        /// The column name when the expression is a single name (possibly in parentheses).
        package var columnName: String?
        /// The `COLLATE` name, unquoted, if written.
        package var collation: String?
        /// `DESC`.
        package var isDescending: Bool
        /// Whether `DESC` or `COLLATE` is written (`ASC` alone changes nothing).
        package var hasOrderingOrCollation: Bool { isDescending || collation != nil }

        /// Creates a term.
        package init(sql: String, columnName: String? = nil, collation: String? = nil, isDescending: Bool = false) {
            self.sql = sql
            self.columnName = columnName
            self.collation = collation
            self.isDescending = isDescending
        }
    }

    /// Parses a `CREATE INDEX` statement (comments and one trailing `;` allowed).
    package init(sql: String) throws {
        var cursor = CreateStatementCursor(sql: sql)
        head = try cursor.head(.index)
        try cursor.expectKeywords("ON")
        tableName = try cursor.name("a table name")
        let inner = try cursor.parenthesized()
        terms = try cursor.commaSeparated(inner).map { try Self.term(cursor, $0) }
        condition = nil
        if cursor.consumeKeywords("WHERE") {
            var end = cursor.tokens.count
            while end > cursor.position, cursor.tokens[end - 1].isSymbol(";") { end -= 1 }
            guard end > cursor.position else { throw cursor.error("expected a condition") }
            condition = cursor.text(cursor.position..<end)
            cursor.position = cursor.tokens.count
        }
        _ = cursor.consumeSymbol(";")
        if !cursor.isAtEnd { throw cursor.error("unexpected text after the statement") }
    }

    private static func term(_ cursor: CreateStatementCursor, _ range: Range<Int>) throws -> Term {
        guard !range.isEmpty else { throw cursor.error("empty index term") }
        var term = Term(sql: cursor.text(range))
        var expressionEnd = range.upperBound
        let last = cursor.tokens[range.upperBound - 1]
        if last.isKeyword("ASC") || last.isKeyword("DESC") {
            term.isDescending = last.isKeyword("DESC")
            expressionEnd -= 1
        }
        if let collate = cursor.topLevelKeyword("COLLATE", in: range.lowerBound..<expressionEnd),
           collate + 2 == expressionEnd {
            term.collation = cursor.tokens[collate + 1].nameValue
            expressionEnd = collate
        }
        let expression = SQLText.strippingOuterParentheses(Array(cursor.tokens[range.lowerBound..<expressionEnd]))
        if expression.count == 1, expression[0].kind == .word || expression[0].kind == .quotedIdentifier {
            term.columnName = expression[0].identifier
        }
        return term
    }
}
