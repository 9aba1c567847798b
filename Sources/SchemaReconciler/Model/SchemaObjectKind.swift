// MARK: - SchemaObjectKind

/// The kinds of object a schema holds.
///
/// ```swift
/// SchemaObjectKind.index.description // "index"
/// ```
public enum SchemaObjectKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case table, column, index, view, trigger, virtualTable

    public var description: String { self == .virtualTable ? "virtual table" : rawValue }
}
