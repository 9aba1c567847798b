// MARK: - UndeclaredObject

/// An object the database has and schema.yaml does not declare: reported, never removed.
///
/// ```swift
/// UndeclaredObject(kind: .column, name: "legacy_flag", table: "users").description
/// // "column users.legacy_flag is not declared; it is kept"
/// ```
package struct UndeclaredObject: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of object.
    package enum Kind: String, Sendable { case table, column, index, view, trigger }
    /// The kind.
    package var kind: Kind
    /// Its name.
    package var name: String
    /// Its table, for a column or an index.
    package var table: String?

    /// Creates a report of an undeclared object.
    package init(kind: Kind, name: String, table: String? = nil) {
        self.kind = kind
        self.name = name
        self.table = table
    }

    /// Whether `other` is the same object, whatever the letter case of its names.
    func isSameObject(as other: UndeclaredObject) -> Bool {
        kind == other.kind && name.isSameName(as: other.name)
            && (kind != .column || (table ?? "").isSameName(as: other.table ?? ""))
    }

    package var description: String {
        let what = table.map { kind == .column ? "\($0).\(name)" : "\(name) on \($0)" } ?? name
        return "\(kind.rawValue) \(what) is not declared in schema.yaml; it is kept (list it under drop to remove it)"
    }
}
