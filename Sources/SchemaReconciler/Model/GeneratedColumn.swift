// MARK: - GeneratedColumn

/// The expression of a generated column.
///
/// ```swift
/// let label = GeneratedColumn(expression: "nickname || '#' || id", isStored: false)
/// ```
package struct GeneratedColumn: Sendable, Equatable {
    /// The SQL expression.
    package var expression: String
    /// `STORED` rather than `VIRTUAL`.
    package var isStored: Bool

    /// Creates a generated column description.
    package init(expression: String, isStored: Bool) {
        self.expression = expression
        self.isStored = isStored
    }
}
