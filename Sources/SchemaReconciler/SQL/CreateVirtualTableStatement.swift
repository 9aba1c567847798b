// MARK: - CreateVirtualTableStatement

/// A `CREATE VIRTUAL TABLE` statement: its name, its module and the module's arguments, each as
/// written (SQLite hands them to the module as text).
///
/// ```swift
/// let statement = try CreateVirtualTableStatement(sql: "CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize='porter')")
/// statement.module    // "fts5"
/// statement.arguments // ["title", "body", "tokenize='porter'"]
/// ```
package struct CreateVirtualTableStatement: Sendable, Equatable {
    /// The table name, unquoted.
    package var name: String
    /// The module, unquoted.
    package var module: String
    /// The arguments, each as written, trimmed.
    package var arguments: [String]

    /// Parses a `CREATE VIRTUAL TABLE` statement.
    package init(sql: String) throws {
        var cursor = CreateStatementCursor(sql: sql)
        name = try cursor.head(.virtualTable).name
        try cursor.expectKeywords("USING")
        module = try cursor.name("a module name")
        arguments = []
        if cursor.isSymbol("(") {
            let inner = try cursor.parenthesized()
            if !inner.isEmpty {
                arguments = cursor.commaSeparated(inner).map { cursor.text($0) }
            }
        }
        _ = cursor.consumeSymbol(";")
        if !cursor.isAtEnd { throw cursor.error("unexpected text after the statement") }
    }
}
