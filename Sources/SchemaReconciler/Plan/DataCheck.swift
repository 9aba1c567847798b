// MARK: - DataCheck

/// A query that counts the rows that would violate a constraint a step adds, so that a sync can
/// refuse with the table, the constraint and the count before touching anything.
///
/// ```swift
/// DataCheck(table: "users", constraint: .notNull(column: "email"),
///           sql: #"SELECT count(*) FROM "users" WHERE "email" IS NULL"#)
/// ```
package struct DataCheck: Sendable, Hashable {
    /// The table.
    package var table: String
    /// The constraint the rows must satisfy.
    package var constraint: Constraint
    /// A query returning the number of violating rows.
    package var sql: String
    /// The unique index the check is for, if any.
    package var index: String?
    /// Whether the constraint is NOT NULL on a column this sync adds.
    package var isNewColumn: Bool

    /// Creates a data check.
    package init(table: String, constraint: Constraint, sql: String, index: String? = nil, isNewColumn: Bool = false) {
        self.table = table
        self.constraint = constraint
        self.sql = sql
        self.index = index
        self.isNewColumn = isNewColumn
    }

    /// The violation this check finds when `rows` rows violate it.
    package func violation(rows: Int) -> DataViolation {
        DataViolation(table: table, constraint: constraint, rows: rows, index: index, isNewColumn: isNewColumn)
    }
}
