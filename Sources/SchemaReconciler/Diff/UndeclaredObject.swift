// MARK: - UndeclaredObject

/// An object the database has and schema.yaml does not declare: reported, never removed.
///
/// ```swift
/// UndeclaredObject(kind: .column, name: "legacy_flag", table: "users").description
/// // "column users.legacy_flag is not declared in schema.yaml; it is kept (list it under drop to remove it)"
/// ```
public struct UndeclaredObject: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind.
    public var kind: SchemaObjectKind
    /// Its name.
    public var name: String
    /// Its table, for a column, an index or a trigger.
    public var table: String?

    /// Creates a report of an undeclared object.
    public init(kind: SchemaObjectKind, name: String, table: String? = nil) {
        self.kind = kind
        self.name = name
        self.table = table
    }

    public var description: String {
        let what = table.map { kind == .column ? "\($0).\(name)" : "\(name) on \($0)" } ?? name
        return "\(kind) \(what) is not declared in schema.yaml; it is kept (list it under drop to remove it)"
    }
}
