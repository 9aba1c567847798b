// MARK: - Schema.View

extension Schema {
    /// A view: a name and its `SELECT`.
    ///
    /// ```swift
    /// let active = Schema.View(name: "active_users", select: "SELECT id, email FROM users WHERE status = 'active'")
    /// ```
    package struct View: Sendable, Equatable {
        /// The view name.
        package var name: String
        /// The `SELECT` statement (the part after `AS`).
        package var select: String
        /// The column names written after the view's name (`CREATE VIEW v (a, b) AS …`); empty for a
        /// declared view, whose columns are named by its SELECT.
        package var columnNames: [String]

        /// Creates a view.
        package init(name: String, select: String, columnNames: [String] = []) {
            self.name = name
            self.select = select
            self.columnNames = columnNames
        }
    }
}
