// MARK: - ColumnReference

/// A column-level `REFERENCES table(column)` clause.
///
/// ```swift
/// let team = ColumnReference(table: "teams", column: "id", onDelete: .cascade)
/// ```
public struct ColumnReference: Sendable, Equatable {
    /// The parent table.
    public var table: String
    /// The parent column, or nil for the parent's primary key.
    public var column: String?
    /// `ON DELETE` action.
    public var onDelete: ForeignKeyAction?
    /// `ON UPDATE` action.
    public var onUpdate: ForeignKeyAction?
    /// `DEFERRABLE INITIALLY DEFERRED`.
    public var isDeferred: Bool

    /// Creates a column reference.
    public init(table: String, column: String? = nil, onDelete: ForeignKeyAction? = nil,
                onUpdate: ForeignKeyAction? = nil, isDeferred: Bool = false) {
        self.table = table
        self.column = column
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.isDeferred = isDeferred
    }
}
