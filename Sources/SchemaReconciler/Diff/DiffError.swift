// MARK: - DiffError

/// A declaration that cannot be followed against this database.
///
/// ```swift
/// DiffError.renameConflict(kind: .table, old: "people", new: "users", table: nil).description
/// // table users is declared renamed_from people, but both people and users exist; …
/// ```
package enum DiffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `renamed_from` names an object that still exists next to the new one.
    case renameConflict(kind: SchemaObject.Kind, old: String, new: String, table: String?)

    package var description: String {
        switch self {
        case .renameConflict(let kind, let old, let new, let table):
            let place = table.map { " in table \($0)" } ?? ""
            return "\(kind) \(new) is declared renamed_from \(old), but both \(old) and \(new) exist\(place); "
                + "drop or rename one of them by hand, or remove the renamed_from hint"
        }
    }
}
