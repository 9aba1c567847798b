// MARK: - ForeignKeyAction

/// What SQLite does to child rows when a parent key changes.
///
/// ```swift
/// ForeignKeyAction(sql: "set null") // .setNull
/// ForeignKeyAction.cascade.sql      // "CASCADE"
/// ```
public enum ForeignKeyAction: String, Sendable, Equatable, CaseIterable {
    case cascade = "CASCADE"
    case setNull = "SET NULL"
    case setDefault = "SET DEFAULT"
    case restrict = "RESTRICT"
    case noAction = "NO ACTION"

    /// Parses an action as written in SQL or YAML, ignoring case and extra spaces.
    public init?(sql: String) {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" }).joined(separator: " ")
        self.init(rawValue: words.uppercased())
    }

    /// The SQL spelling.
    public var sql: String { rawValue }
}
