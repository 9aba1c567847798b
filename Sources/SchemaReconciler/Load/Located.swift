import Yams

// MARK: - Located

/// A value read from schema.yaml with the node it was read from, so that a later check can
/// point at it.
///
/// ```swift
/// let name = Located(value: "team_id", node: node)
/// ```
struct Located<Value> {
    /// The value.
    var value: Value
    /// The node it was read from.
    var node: Node
}
