// MARK: - PlanError

/// Why a plan cannot be made.
///
/// ```swift
/// PlanError.temporaryNameTaken("_reconciler_new_users").description
/// ```
package enum PlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A table with the name a rebuild needs already exists: a leftover from an interrupted tool.
    case temporaryNameTaken(String)
    /// The SQLite in use is too old for a change.
    case sqliteTooOld(needed: String, change: String)

    package var description: String {
        switch self {
        case .temporaryNameTaken(let name):
            return "table \(name) already exists; it is a leftover of an interrupted schema change. "
                + "Check its rows, then drop it (DROP TABLE \(SQLText.quote(name))) and sync again"
        case .sqliteTooOld(let needed, let change):
            return "\(change) needs SQLite \(needed) or later"
        }
    }
}
