// MARK: - View

/// A view: a name and its `SELECT`.
///
/// ```swift
/// let active = View(name: "active_users", select: "SELECT id, email FROM users WHERE status = 'active'")
/// ```
public struct View: Sendable, Equatable {
    /// The view name.
    public var name: String
    /// The `SELECT` statement (the part after `AS`).
    public var select: String
    /// The column names written after the view's name (`CREATE VIEW v (a, b) AS …`); empty for a
    /// declared view, whose columns are named by its SELECT.
    public var columnNames: [String]

    /// Creates a view.
    public init(name: String, select: String, columnNames: [String] = []) {
        self.name = name
        self.select = select
        self.columnNames = columnNames
    }
}
