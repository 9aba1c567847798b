// MARK: - Index

/// A named index on a table.
///
/// ```swift
/// let byTeam = Index(name: "users_by_team", columns: ["team_id", "created_at"])
/// let active = Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'")
/// ```
public struct Index: Sendable, Equatable {
    /// The index name.
    public var name: String
    /// The indexed columns, in order. An inspected index on an expression holds the expression's text.
    public var columns: [String]
    /// `CREATE UNIQUE INDEX`.
    public var isUnique: Bool
    /// The `WHERE` clause of a partial index.
    public var condition: String?
    /// Former names of this index (`renamed_from`); empty for an inspected index.
    public var renamedFrom: [String]
    /// The `CREATE INDEX` statement stored in the database; nil for a declared index.
    public var sql: String?

    /// Creates an index.
    public init(name: String, columns: [String], isUnique: Bool = false, condition: String? = nil,
                renamedFrom: [String] = [], sql: String? = nil) {
        self.name = name
        self.columns = columns
        self.isUnique = isUnique
        self.condition = condition
        self.renamedFrom = renamedFrom
        self.sql = sql
    }
}
