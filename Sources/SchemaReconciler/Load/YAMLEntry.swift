import Yams

// MARK: - YAMLEntry

/// One `key: value` pair of a YAML mapping, with the key already read as text.
///
/// ```swift
/// let entry = YAMLEntry(key: "type", keyNode: keyNode, value: valueNode)
/// ```
struct YAMLEntry {
    /// The key as written.
    var key: String
    /// The key's node, for its location.
    var keyNode: Node
    /// The value's node.
    var value: Node
}
