// MARK: - SchemaObject

/// An object of a database's schema, named: a table, a column, an index, a view, a trigger or a
/// virtual table.
///
/// Warnings and errors name the objects they are about with it.
///
/// ```swift
/// for warning in report.warnings {
///     if let object = warning.payload(as: SyncWarning.Undeclared.self)?.object, object.kind == .column {
///         print(object) // column users.legacy_flag
///     }
/// }
/// ```
public struct SchemaObject: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kinds of object a schema holds.
    ///
    /// ```swift
    /// SchemaObject.Kind.virtualTable.description // "virtual table"
    /// ```
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// A table.
        case table
        /// A column of a table.
        case column
        /// An index.
        case index
        /// A view.
        case view
        /// A trigger.
        case trigger
        /// A virtual table, such as an FTS5 table.
        case virtualTable

        public var description: String { self == .virtualTable ? "virtual table" : rawValue }
    }

    /// The kind.
    public var kind: Kind
    /// Its name.
    public var name: String
    /// Its table, for a column, an index or a trigger.
    public var table: String?

    /// Creates a value.
    ///
    /// ```swift
    /// SchemaObject(kind: .column, name: "legacy_flag", table: "users")
    /// ```
    public init(kind: Kind, name: String, table: String? = nil) {
        self.kind = kind
        self.name = name
        self.table = table
    }

    /// `column users.legacy_flag`, `index users_by_email on users`, `table notes`.
    public var description: String {
        let what = table.map { kind == .column ? "\($0).\(name)" : "\(name) on \($0)" } ?? name
        return "\(kind) \(what)"
    }
}
