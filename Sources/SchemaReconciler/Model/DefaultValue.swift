// MARK: - DefaultValue

/// A column's `DEFAULT`: a literal from `default`, or a raw SQL expression from `default_sql`.
///
/// ```swift
/// let zero: DefaultValue = .integer(0)           // DEFAULT 0
/// let active: DefaultValue = .text("active")     // DEFAULT 'active'
/// let now: DefaultValue = .sql("CURRENT_TIMESTAMP")
/// ```
package enum DefaultValue: Sendable, Equatable {
    /// `DEFAULT NULL`.
    case null
    /// An integer literal.
    case integer(Int64)
    /// A real literal.
    case real(Double)
    /// A text literal.
    case text(String)
    /// `TRUE` or `FALSE`, which SQLite stores as 1 and 0.
    case boolean(Bool)
    /// A raw SQL expression, such as `CURRENT_TIMESTAMP` or `(strftime('%s','now'))`.
    case sql(String)
}
