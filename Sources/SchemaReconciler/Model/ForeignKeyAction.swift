// MARK: - ForeignKeyAction

/// What SQLite does to child rows when a parent key changes.
///
/// ```swift
/// ForeignKeyAction(sql: "set null") // .setNull
/// ForeignKeyAction.cascade.sql      // "CASCADE"
/// ```
package enum ForeignKeyAction: String, Sendable, Equatable, CaseIterable {
    /// Delete or update the child rows too.
    case cascade = "CASCADE"
    /// Set the child columns to NULL.
    case setNull = "SET NULL"
    /// Set the child columns to their defaults.
    case setDefault = "SET DEFAULT"
    /// Refuse the change while child rows exist.
    case restrict = "RESTRICT"
    /// Nothing happens at once; the constraint is checked at the end of the statement.
    case noAction = "NO ACTION"

    /// Parses an action as written in SQL or YAML, ignoring case and extra spaces.
    package init?(sql: String) {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" }).joined(separator: " ")
        self.init(rawValue: words.uppercased())
    }

    /// The SQL spelling.
    package var sql: String { rawValue }
}
