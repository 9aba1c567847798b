// MARK: - ExpressionMemo

/// The normal forms already computed during one comparison of two schemas. A CHECK or a default
/// written by a sync is stored as the file declares it, so the declared and the live table
/// usually hold the same text, and each text is tokenized and normalised once.
///
/// ```swift
/// let memo = ExpressionMemo()
/// memo.normalized("status IN ('a', 'b')")   // tokenized
/// memo.normalized("status IN ('a', 'b')")   // remembered
/// ```
final class ExpressionMemo {
    private var expressions: [String: String] = [:]
    private var defaults: [String: String] = [:]

    /// ``TableShape/normalizedExpression(_:)`` of `expression`.
    func normalized(_ expression: String) -> String {
        if let known = expressions[expression] { return known }
        let normalized = TableShape.normalizedExpression(expression)
        expressions[expression] = normalized
        return normalized
    }

    /// `value.comparisonKey`, remembered for defaults written as SQL (the others cost nothing).
    func comparisonKey(of value: DefaultValue) -> String {
        guard case .sql(let text) = value else { return value.comparisonKey }
        if let known = defaults[text] { return known }
        let key = value.comparisonKey
        defaults[text] = key
        return key
    }
}
