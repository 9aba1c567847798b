// MARK: - ReservedName

/// The names a database's user cannot have: SQLite's own (`sqlite_…`), and the reconciler's
/// (`_reconciler…`): its two state tables, and the temporary names of tables being rebuilt.
/// Names compare as SQLite compares them, ignoring ASCII letter case.
///
/// ```swift
/// ReservedName.contains("_Reconciler_State")   // true
/// ReservedName.stateTables                     // ["_reconciler_state", "_reconciler_upgrades"]
/// ```
package enum ReservedName {
    /// The table that holds the stored state: the version, the fingerprint, the warnings.
    package static let stateTable = "_reconciler_state"
    /// The table that holds one row per upgrade that ran.
    package static let upgradesTable = "_reconciler_upgrades"
    /// Both state tables.
    package static let stateTables = [stateTable, upgradesTable]
    /// What every name of the reconciler's starts with.
    package static let prefix = "_reconciler"

    /// Whether `name` is SQLite's or the reconciler's.
    package static func contains(_ name: String) -> Bool {
        let key = name.sqlName
        return key.hasPrefix("sqlite_") || key.hasPrefix(prefix)
    }
}
