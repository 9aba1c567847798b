import Foundation

// MARK: - CreateViewStatement

/// A `CREATE VIEW` statement: its name, optional column names and its `SELECT`.
///
/// ```swift
/// let view = try CreateViewStatement(sql: "CREATE VIEW active AS SELECT * FROM users WHERE active;")
/// view.select // "SELECT * FROM users WHERE active"
/// ```
package struct CreateViewStatement: Sendable, Equatable {
    /// The head: `TEMP`, `IF NOT EXISTS`, the schema prefix, the name.
    package var head: CreateStatementHead
    /// The view name, unquoted.
    package var name: String { head.name }
    /// The column names written in parentheses after the view name, unquoted; usually empty.
    package var columnNames: [String]
    /// The text after the top-level `AS`, trimmed, without trailing `;`.
    package var select: String

    /// Parses a `CREATE VIEW` statement.
    package init(sql: String) throws {
        var cursor = CreateStatementCursor(sql: sql)
        head = try cursor.head(.view)
        columnNames = []
        if cursor.isSymbol("(") {
            let inner = try cursor.parenthesized()
            columnNames = try cursor.commaSeparated(inner).map { part in
                guard let first = part.first, let name = cursor.tokens[first].nameValue else {
                    throw cursor.error("expected a column name")
                }
                return name
            }
        }
        guard let asToken = cursor.peek(), asToken.isKeyword("AS") else { throw cursor.error("expected AS") }
        var select = SQLText.text(in: sql, bytes: asToken.range.upperBound..<sql.utf8.count)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        while select.hasSuffix(";") {
            select = String(select.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !select.isEmpty else { throw cursor.error("expected a SELECT") }
        self.select = select
    }
}
