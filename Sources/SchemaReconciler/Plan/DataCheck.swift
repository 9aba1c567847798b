// MARK: - DataCheck

/// A query that counts the rows that would violate a constraint a step adds, so that a sync can
/// refuse with the table, the constraint and the count before touching anything.
///
/// ```swift
/// DataCheck(table: "users", constraint: .notNull(column: "email"),
///           sql: #"SELECT count(*) FROM "users" WHERE "email" IS NULL"#)
/// ```
package struct DataCheck: Sendable, Hashable, Codable {
    /// What the check looks for: the table and constraint, and enough to say what to do (its
    /// `rows` are counted when the check runs).
    package var target: ReconcileError.DataViolation
    /// A query returning the number of violating rows.
    package var sql: String

    /// Creates a data check.
    package init(table: String, constraint: Constraint, sql: String, index: String? = nil, isNewColumn: Bool = false) {
        target = ReconcileError.DataViolation(table: table, constraint: constraint, rows: 0, index: index, isNewColumn: isNewColumn)
        self.sql = sql
    }

    /// The constraint the rows must satisfy.
    package var constraint: Constraint { target.constraint }

    /// The violation this check finds when `rows` rows violate it.
    package func violation(rows: Int) -> ReconcileError.DataViolation {
        var violation = target
        violation.rows = rows
        return violation
    }
}

// MARK: - Codable

extension DataCheck {
    private enum CodingKeys: String, CodingKey {
        case table, constraint, index, isNewColumn, sql
    }

    /// Writes `{"table": "users", "constraint": {"kind": "notNull", "column": "email", …}, "isNewColumn": false,
    /// "sql": "SELECT count(*) FROM …"}` (`index` when there is one).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target.table, forKey: .table)
        try container.encode(target.constraint, forKey: .constraint)
        try container.encodeIfPresent(target.index, forKey: .index)
        try container.encode(target.isNewColumn, forKey: .isNewColumn)
        try container.encode(sql, forKey: .sql)
    }

    /// Reads what ``encode(to:)`` writes.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(table: try container.decode(String.self, forKey: .table),
                  constraint: try container.decode(Constraint.self, forKey: .constraint),
                  sql: try container.decode(String.self, forKey: .sql),
                  index: try container.decodeIfPresent(String.self, forKey: .index),
                  isNewColumn: try container.decode(Bool.self, forKey: .isNewColumn))
    }
}
