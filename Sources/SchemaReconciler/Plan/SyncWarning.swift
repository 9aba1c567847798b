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
    case undeclared(SchemaObject)
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
    /// constraint the sync adds would refuse. A dry run and a status count them; a sync refuses
    /// with an error.
    case rowsWillNotFit(ReconcileError.DataViolation)
    /// Rows that reference a missing parent row and were there before the sync: an app that ran
    /// with foreign keys off may have written them. The sync did not make them, so they never
    /// stop it; it keeps them, and says how many there are.
    ///
    /// A sync counts them only in the tables its steps could affect; a dry run and `--check`
    /// also in the rest of a small file; a status everywhere.
    case orphanRows(ReconcileError.DataViolation)
    /// Upgrades keyed at or below the lowest version that schema.yaml's `legacy.versions` maps
    /// (`lowest`, its record and version). For a numeric source (a migration number,
    /// `user_version`), a database never synced whose record is below the lowest key is placed
    /// at 0.0.0 and runs them, though the releases that shipped them may have run them already:
    /// map the records of those releases too. For GRDB's migration identifiers, they never run
    /// on a database the old tool versioned, each placed at that version or above (as when every
    /// identifier is mapped to one version): map each migration to the release that first ran
    /// it, and key an upgrade above the release whose data it fixes.
    case upgradesBelowLegacyMap([Upgrade], lowest: LegacyRecord)
    /// A dry run did not count the rows that reference a missing parent outside the tables the
    /// sync would check: that reads the whole file, of `databaseBytes` bytes. A status counts them.
    case orphanRowsNotCounted(databaseBytes: Int64)

    public var description: String {
        switch self {
        case .undeclared(let object):
            return "\(object) is not declared in schema.yaml; it is kept (list it under drop to remove it)"
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
        case .upgradesBelowLegacyMap(let upgrades, let lowest):
            let list = upgrades.map { "\($0.version) (\($0.name))" }.joined(separator: ", ")
            let it = upgrades.count == 1 ? "it" : "them"
            let keyed = "upgrade\(upgrades.count == 1 ? " \(list) is" : "s \(list) are") keyed at or below \(lowest.version), "
                + "the lowest version legacy.versions maps (\(lowest.source) \(lowest.record)): "
            guard lowest.source.isNumeric else {
                return keyed + "every database whose \(lowest.source) holds a migration is placed at \(lowest.version) or above, so "
                    + (upgrades.count == 1 ? "it never runs" : "they never run") + " on one; under legacy.versions, map each migration to "
                    + "the release that first ran it, key an upgrade above the release whose data it fixes, and list the rows "
                    + "a new database starts with under seed"
            }
            return keyed + "a database never synced whose "
                + "\(lowest.source) is below \(lowest.record) is placed at 0.0.0 and runs \(it), "
                + "even if the release that shipped \(it) ran \(it) "
                + "already; under legacy.versions, map the \(lowest.source) of the releases that shipped \(it)"
        case .orphanRows(let violation):
            return "\(violation.orphans): they were there before this sync, which keeps them; fix or delete them when you can"
        case .orphanRowsNotCounted(let bytes):
            return "rows that reference a missing parent were not counted outside the tables this sync checks: "
                + "that reads the whole file (\(ByteCount.text(bytes))); a status counts them"
        case .rowsWillNotFit(let violation):
            return "the sync will refuse these rows unless an upgrade fixes them first: \(violation)"
        }
    }
}

// MARK: - Warnings about the file

extension SyncWarning {
    /// What the file says that a sync, a dry run, a status and `reconcile check` warn about,
    /// with or without a database: upgrades (scripts and `codeUpgrades`) keyed at or below the
    /// lowest version `legacy.versions` maps, which a database below every numeric key would run
    /// again, and which no database versioned by GRDB's migrator ever runs.
    ///
    /// ```swift
    /// for warning in SyncWarning.fileWarnings(file, codeUpgrades: []) { print("warning:", warning) }
    /// ```
    package static func fileWarnings(_ file: SchemaFile, codeUpgrades: [Upgrade]) -> [SyncWarning] {
        guard let legacy = file.legacy, let lowest = legacy.lowestEntry else { return [] }
        let scripts = file.upgrades.flatMap { upgrade in
            upgrade.scripts.map { Upgrade(version: upgrade.version, name: $0.path, kind: .script) }
        }
        let upgrades = legacy.upgradesAtOrBelowLowestEntry(scripts + codeUpgrades)
        guard !upgrades.isEmpty else { return [] }
        let record = LegacyRecord(source: legacy.source, record: lowest.key, key: lowest.key, version: lowest.version)
        return [.upgradesBelowLegacyMap(upgrades, lowest: record)]
    }
}
