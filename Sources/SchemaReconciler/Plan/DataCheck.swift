// MARK: - DataCheck

/// A query that counts the rows that would violate a constraint a step adds, so that a
/// sync can refuse with the table, the constraint and the count before touching anything.
///
/// ```swift
/// DataCheck(table: "users", constraint: .notNull(column: "email"),
///           sql: #"SELECT count(*) FROM "users" WHERE "email" IS NULL"#, advice: "fill it in an upgrade")
/// ```
package struct DataCheck: Sendable, Equatable {
    /// The table.
    package var table: String
    /// The constraint the rows must satisfy.
    package var constraint: NewConstraint
    /// A query returning the number of violating rows.
    package var sql: String
    /// What the user can do about violations.
    package var advice: String

    /// Creates a data check.
    package init(table: String, constraint: NewConstraint, sql: String, advice: String) {
        self.table = table
        self.constraint = constraint
        self.sql = sql
        self.advice = advice
    }
}
