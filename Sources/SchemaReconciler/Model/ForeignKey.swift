// MARK: - ForeignKey

/// A foreign key: columns of the child table that reference columns of a parent table.
///
/// ```swift
/// let fk = ForeignKey(columns: ["team_id"], table: "teams", referencedColumns: ["id"], onDelete: .cascade)
/// ```
public struct ForeignKey: Sendable, Equatable {
    /// The child columns.
    public var columns: [String]
    /// The parent table.
    public var table: String
    /// The parent columns; empty means the parent's primary key.
    public var referencedColumns: [String]
    /// `ON DELETE` action.
    public var onDelete: ForeignKeyAction?
    /// `ON UPDATE` action.
    public var onUpdate: ForeignKeyAction?
    /// `DEFERRABLE INITIALLY DEFERRED`.
    public var isDeferred: Bool

    /// Creates a foreign key.
    public init(columns: [String], table: String, referencedColumns: [String] = [],
                onDelete: ForeignKeyAction? = nil, onUpdate: ForeignKeyAction? = nil, isDeferred: Bool = false) {
        self.columns = columns
        self.table = table
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.isDeferred = isDeferred
    }
}
