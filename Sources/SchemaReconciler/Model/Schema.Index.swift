// MARK: - Schema.Index

extension Schema {
    /// A named index on a table.
    ///
    /// ```swift
    /// let byTeam = Schema.Index(name: "users_by_team", columns: ["team_id", "created_at"])
    /// let active = Schema.Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'")
    /// ```
    package struct Index: Sendable, Equatable {
        /// The index name.
        package var name: String
        /// The indexed columns, in order. An inspected index on an expression holds the expression's text.
        package var columns: [String]
        /// `CREATE UNIQUE INDEX`.
        package var isUnique: Bool
        /// The `WHERE` clause of a partial index.
        package var condition: String?
        /// Former names of this index (`renamed_from`); empty for an inspected index.
        package var renamedFrom: [String]
        /// The `CREATE INDEX` statement stored in the database; nil for a declared index.
        package var sql: String?

        /// Creates an index.
        package init(name: String, columns: [String], isUnique: Bool = false, condition: String? = nil,
                    renamedFrom: [String] = [], sql: String? = nil) {
            self.name = name
            self.columns = columns
            self.isUnique = isUnique
            self.condition = condition
            self.renamedFrom = renamedFrom
            self.sql = sql
        }
    }
}
