import Foundation
import SchemaReconciler

// MARK: - StatusMarkdown

/// `reconcile status` as Markdown: the versions, the upgrades applied and pending, and the steps
/// the next sync would run, as a table; the pending scripts' text and the steps' statements
/// folded in `<details>` blocks, as in ``PlanMarkdown``.
///
/// ```
/// ### app.sqlite: stored version 1.0.0, declared 1.1.0
///
/// **Pending upgrades**
///
/// - 1.1.0: `upgrades/1.1.0-fill-project-slugs.sql`
/// ```
struct StatusMarkdown {
    let status: SyncStatus
    let database: String
    /// The text of each pending upgrade script.
    let scripts: [Upgrade: String]

    init(_ status: SyncStatus, database: String, scripts: [Upgrade: String] = [:]) {
        self.status = status
        self.database = database
        self.scripts = scripts
    }

    var text: String {
        let stored = status.storedVersion.map { "stored version \($0)" }
            ?? (status.databaseExists ? "never synced" : "does not exist yet")
        var sections = ["### \(PlanMarkdown.code(database)): \(stored), declared \(status.declaredVersion)"]
        if let floor = status.floor { sections.append("**Floor:** " + PlanMarkdown.cell(FloorText.line(floor))) }
        if let legacy = status.legacyRecord { sections.append(PlanMarkdown.cell(LegacyText.line(legacy))) }
        if !status.appliedUpgrades.isEmpty {
            sections.append(PlanMarkdown.list("Applied upgrades", status.appliedUpgrades.map {
                "\($0.upgrade.version): " + PlanMarkdown.code($0.upgrade.name) + " (\($0.appliedAt.formatted(.iso8601)))"
            }))
        }
        if !status.pendingUpgrades.isEmpty {
            sections.append(PlanMarkdown.upgradeList("Pending upgrades", status.pendingUpgrades))
            sections += PlanMarkdown.upgradeDetails(status.pendingUpgrades, scripts: scripts)
        }
        if !status.isSchemaCompared {
            sections.append("**Schema:** not compared (see the problem below)")
        } else if status.pendingSteps.isEmpty {
            sections.append("**Schema:** matches schema.yaml")
        } else {
            sections.append("**Schema:** differs from schema.yaml; the next sync would run\n\n"
                            + PlanMarkdown.stepTable(status.pendingSteps))
            sections += PlanMarkdown.stepDetails(status.pendingSteps)
        }
        let deferred = DeferredText(status.deferred).lines.dropFirst().map(PlanMarkdown.cell)
        if !deferred.isEmpty { sections.append(PlanMarkdown.list("Left for `reconcile finish`", deferred)) }
        if !status.warnings.isEmpty {
            sections.append(PlanMarkdown.list("Warnings", status.warnings.map { PlanMarkdown.cell($0.description) }))
        }
        if let problem = status.problem { sections.append("**Problem:** " + PlanMarkdown.cell(ErrorText.message(problem))) }
        return sections.joined(separator: "\n\n") + "\n"
    }
}
