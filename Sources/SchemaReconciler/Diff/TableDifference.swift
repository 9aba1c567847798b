// MARK: - TableDifference

/// One way a live table differs from its declaration, and the constraint it adds that
/// existing rows could violate (nil when no row can violate it).
///
/// ```swift
/// TableDifference(description: "column email: NOT NULL added", constraint: .notNull(column: "email"))
/// ```
package struct TableDifference: Sendable, Equatable, CustomStringConvertible {
    /// What differs, in words: `column email: type TEXT → INTEGER`.
    package var description: String
    /// The new constraint that rows could violate, if any.
    package var constraint: NewConstraint?

    /// Creates a difference.
    package init(description: String, constraint: NewConstraint? = nil) {
        self.description = description
        self.constraint = constraint
    }
}
