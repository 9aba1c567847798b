import SchemaReconciler

// MARK: - ReportText

/// What a sync prints: one line per step, per upgrade and per seed script, in the order they ran,
/// then a summary.
///
/// ```
///   add column users.nickname (native ALTER)
///   upgrade 1.2.0: upgrades/1.2.0-normalize-emails.sql
/// app.sqlite synced to version 1.2.0: 1 statement, 1 upgrade
/// ```
///
/// With a launch budget, each step carries its estimate, and the budget's line
/// (``LaunchBudgetText``) follows the summary, before the work that waits.
struct ReportText {
    let report: SyncReport
    let database: String

    init(_ report: SyncReport, database: String) {
        self.report = report
        self.database = database
    }

    var lines: String {
        let deferred = DeferredText(report.plan).lines
        if let served = report.plan.olderVersionServed, let floor = report.floor {
            return (["\(database) is at version \(report.version), newer than schema.yaml's "
                        + "\(served), and serves it (floor \(FloorText.line(floor))); "
                        + "nothing changed"] + deferred).joined(separator: "\n") + "\n"
        }
        guard report.didChange else {
            return (["\(database) is up to date at version \(report.version); nothing to do"] + deferred)
                .joined(separator: "\n") + "\n"
        }
        let budget = LaunchBudgetText(report.plan)
        let describing = { (step: Step) in budget?.describing(step) ?? step.description }
        var lines = report.legacyRecord.map { ["  " + LegacyText.line($0)] } ?? []
        lines += report.plan.expandSteps.map { "  " + describing($0) }
        lines += report.upgrades.map { "  upgrade \($0.version): \($0.name)" }
        lines += report.revisions.map { "  \($0)" }
        lines += report.plan.contractSteps.map { "  " + describing($0) }
        lines += report.plan.seeds.map { "  \($0)" }
        let statements = report.statements.count
        let upgrades = report.upgrades.count
        let seeds = report.plan.seeds.count
        lines.append("\(database) synced to version \(report.version): \(statements) statement\(statements == 1 ? "" : "s"), "
                     + "\(upgrades) upgrade\(upgrades == 1 ? "" : "s")" + (seeds == 0 ? "" : ", \(seeds) seed\(seeds == 1 ? "" : "s")"))
        if let budget { lines.append(budget.line) }
        lines += deferred
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `reconcile finish` prints: one line per step that ran, then a summary.
    ///
    /// ```
    ///   rebuild table books (copies 4000000 rows): drop columns body
    /// app.sqlite: the deferred work is done (7 statements)
    /// ```
    var finishLines: String {
        guard report.didChange else { return "\(database): nothing waits; nothing to do\n" }
        var lines = report.plan.steps.map { "  \($0)" }
        let statements = report.statements.count
        lines.append("\(database): the deferred work is done (\(statements) statement\(statements == 1 ? "" : "s"))")
        return lines.joined(separator: "\n") + "\n"
    }
}
