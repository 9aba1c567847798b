// MARK: - Schema.ForeignKey

extension Schema {
    /// A foreign key: columns of the child table that reference columns of a parent table.
    ///
    /// ```swift
    /// let fk = Schema.ForeignKey(columns: ["team_id"], table: "teams", referencedColumns: ["id"], onDelete: .cascade)
    /// ```
    package struct ForeignKey: Sendable, Equatable {
        /// The child columns.
        package var columns: [String]
        /// The parent table.
        package var table: String
        /// The parent columns; empty means the parent's primary key.
        package var referencedColumns: [String]
        /// `ON DELETE` action.
        package var onDelete: ForeignKeyAction?
        /// `ON UPDATE` action.
        package var onUpdate: ForeignKeyAction?
        /// `DEFERRABLE INITIALLY DEFERRED`.
        package var isDeferred: Bool

        /// Creates a foreign key.
        package init(columns: [String], table: String, referencedColumns: [String] = [],
                    onDelete: ForeignKeyAction? = nil, onUpdate: ForeignKeyAction? = nil, isDeferred: Bool = false) {
            self.columns = columns
            self.table = table
            self.referencedColumns = referencedColumns
            self.onDelete = onDelete
            self.onUpdate = onUpdate
            self.isDeferred = isDeferred
        }
    }
}
