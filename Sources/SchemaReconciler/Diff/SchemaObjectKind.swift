// MARK: - SchemaObjectKind

/// The kinds of object a schema holds.
///
/// ```swift
/// SchemaObjectKind.index.description // "index"
/// ```
public enum SchemaObjectKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case table, column, index, view, trigger

    public var description: String { rawValue }
}
