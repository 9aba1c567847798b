import Foundation
import SchemaReconciler

// MARK: - StatusText

/// The report `reconcile status` prints.
///
/// ```
/// database: app.sqlite
/// declared version: 1.2.0
/// stored version:   1.2.0
/// floor:            1.0.0 (set by 1.0.0)
/// applied upgrades:
///   1.2.0  upgrades/1.2.0-fill-project-slugs.sql  (2026-03-02T09:14:27Z)
/// pending upgrades: none
/// schema: matches schema.yaml
/// ```
struct StatusText {
    let status: SyncStatus
    let database: String

    init(_ status: SyncStatus, database: String) {
        self.status = status
        self.database = database
    }

    var lines: String {
        var lines = ["database: \(database)" + (status.databaseExists ? "" : " (does not exist yet)")]
        lines.append("declared version: \(status.declaredVersion)")
        if let stored = status.storedVersion {
            lines.append("stored version:   \(stored)")
        } else {
            lines.append("stored version:   none" + (status.databaseExists ? " (never synced)" : ""))
        }
        if let floor = status.floor { lines.append("floor:            \(FloorText.line(floor))") }
        if let legacy = status.legacyRecord { lines.append(LegacyText.line(legacy)) }
        lines.append("applied upgrades:" + (status.appliedUpgrades.isEmpty ? " none" : ""))
        lines += status.appliedUpgrades.map {
            "  \($0.upgrade.version)  \($0.upgrade.name)  (\($0.appliedAt.formatted(.iso8601)))"
        }
        lines.append("pending upgrades:" + (status.pendingUpgrades.isEmpty ? " none" : ""))
        lines += status.pendingUpgrades.map { "  \($0.version)  \($0.name)" }
        if !status.isSchemaCompared {
            lines.append("schema: not compared (see the problem below)")
        } else if status.pendingSteps.isEmpty {
            lines.append("schema: matches schema.yaml")
        } else {
            lines.append("schema: differs from schema.yaml; the next sync would:")
            lines += status.pendingSteps.map { "  \($0)" }
        }
        if !status.pendingSeeds.isEmpty {
            lines.append("seed (the rows a new database starts with):")
            lines += status.pendingSeeds.map { "  \($0.path)" }
        }
        lines += DeferredText(status.deferred).lines
        lines += status.warnings.map { "warning: \($0)" }
        if let problem = status.problem { lines.append("problem: \(ErrorText.message(problem))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
