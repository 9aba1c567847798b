// MARK: - ColumnReference

/// A column-level `REFERENCES table(column)` clause.
///
/// ```swift
/// let team = ColumnReference(table: "teams", column: "id", onDelete: .cascade)
/// ```
package struct ColumnReference: Sendable, Equatable {
    /// The parent table.
    package var table: String
    /// The parent column, or nil for the parent's primary key.
    package var column: String?
    /// `ON DELETE` action.
    package var onDelete: ForeignKeyAction?
    /// `ON UPDATE` action.
    package var onUpdate: ForeignKeyAction?
    /// `DEFERRABLE INITIALLY DEFERRED`.
    package var isDeferred: Bool

    /// Creates a column reference.
    package init(table: String, column: String? = nil, onDelete: ForeignKeyAction? = nil,
                onUpdate: ForeignKeyAction? = nil, isDeferred: Bool = false) {
        self.table = table
        self.column = column
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.isDeferred = isDeferred
    }
}
