import Foundation

// MARK: - SyncWarning

/// Something a user should know about a sync that does not stop it: an object kept because the
/// file does not declare it, an upgrade script that changed after it ran, a table left behind…
///
/// ```swift
/// let report = try reconciler.sync(databaseAt: path)
/// for warning in report.warnings {
///     if case .undeclared(let object) = warning, object.kind == .column { … }
///     print("warning:", warning)
/// }
/// ```
public enum SyncWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An object the database has and schema.yaml does not declare: kept.
    case undeclared(UndeclaredObject)
    /// An upgrade script that ran has changed since: it does not run again.
    case scriptChanged(Upgrade, ranAt: Date)
    /// A script listed under a version the database has already passed: it never runs on it.
    case scriptNeverRuns(Upgrade, storedVersion: SemanticVersion)
    /// A table left behind by an interrupted schema change (`_reconciler_new_…`).
    case leftoverTable(String)
    /// A view or trigger that does not work even before the sync: kept as it is.
    case alreadyBroken(BrokenObject)
    /// A view or trigger that the sync would leave broken; the sync refuses to.
    case wouldBreak(BrokenObject)
    /// A step that SQLite refuses even on a copy of the schema without rows, so that the sync
    /// will fail there, with SQLite's message.
    case stepWillFail(Step, message: String)
    /// Rows that the sync would refuse, unless an upgrade it runs first fixes them: rows that a
    /// constraint the sync adds would refuse, or that reference missing parent rows (after a
    /// sync that changes anything, `PRAGMA foreign_key_check` must be clean; an app that ran
    /// with foreign keys off may have such rows). A dry run and a status count them; a sync
    /// refuses with an error.
    case rowsWillNotFit(DataViolation)

    public var description: String {
        switch self {
        case .undeclared(let object):
            return object.description
        case .scriptChanged(let upgrade, let ranAt):
            return "upgrade script \(upgrade.name) (\(upgrade.version)) changed since it ran on "
                + "\(ranAt.formatted(.iso8601)); it will not run again"
        case .scriptNeverRuns(let upgrade, let stored):
            return "upgrade script \(upgrade.name) (\(upgrade.version)) is new, but the database is already at version "
                + "\(stored): it will never run on this database; give it a version above \(stored) to run it"
        case .leftoverTable(let name):
            return "table \(name) is a leftover of an interrupted schema change; check its rows and drop it"
        case .alreadyBroken(let object):
            return "\(object.subject) does not work even now (\(object.message)); it is kept as it is"
        case .wouldBreak(let object):
            let list = if case .view = object.kind { "drop.views" } else { "drop.triggers" }
            return "\(object.subject) would stop working (\(object.message)); the sync refuses to leave it broken: "
                + "list it under \(list), or change it"
        case .stepWillFail(let step, let message):
            return "SQLite refuses a step even without rows, so the sync will fail there: \(step): \(message)"
        case .rowsWillNotFit(let violation):
            return "the sync will refuse these rows unless an upgrade fixes them first: \(violation)"
        }
    }
}
