// MARK: - PlanError

/// Why a plan cannot be made.
///
/// ```swift
/// PlanError.temporaryNameTaken("_reconciler_new_users").description
/// ```
package enum PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A table with the name a rebuild needs already exists: a leftover from an interrupted tool.
    case temporaryNameTaken(String)
    /// The SQLite in use is too old for a change.
    case sqliteTooOld(needed: String, change: Change)
    /// SQLite refuses a rename, even on a copy of the schema without rows (a view or trigger
    /// that no longer compiles stops every `ALTER TABLE … RENAME`).
    case renameRefused(Change, message: String)
    /// A full-text index without content (`content=''`) whose arguments changed: created again,
    /// it would be empty, and nothing could fill it.
    case contentlessVirtualTable(String)

    package var description: String {
        switch self {
        case .temporaryNameTaken(let name):
            return "table \(name) already exists; it is a leftover of an interrupted schema change. "
                + "Check its rows, then drop it (DROP TABLE \(SQLText.quote(name))) and sync again"
        case .sqliteTooOld(let needed, let change):
            return "\(change) needs SQLite \(needed) or later"
        case .renameRefused(let change, let message):
            return "SQLite refuses to \(change): \(message)"
        case .contentlessVirtualTable(let name):
            return "virtual table \(name) keeps no content (content=''), so creating it again with other arguments "
                + "would leave it empty: declare the new index under another name, list \(name) under drop.tables, "
                + "and fill the new one in an upgrade script"
        }
    }
}
