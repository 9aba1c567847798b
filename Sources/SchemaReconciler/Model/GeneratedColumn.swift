// MARK: - GeneratedColumn

/// The expression of a generated column.
///
/// ```swift
/// let label = GeneratedColumn(expression: "nickname || '#' || id", isStored: false)
/// ```
public struct GeneratedColumn: Sendable, Equatable {
    /// The SQL expression.
    public var expression: String
    /// `STORED` rather than `VIRTUAL`.
    public var isStored: Bool

    /// Creates a generated column description.
    public init(expression: String, isStored: Bool) {
        self.expression = expression
        self.isStored = isStored
    }
}
