import GRDB

// MARK: - ProgressReporter

/// Tells the app's ``Reconciler/Options/progress`` handler where a running plan stands: it
/// numbers the steps and the upgrades as they start, names the phases that follow, and has the
/// statement that copies a rebuilt table's rows report them. The executor holds one only when the
/// app set a handler, so that a sync without one does none of this.
///
/// ```swift
/// let progress = ProgressReporter(options.progress, plan: plan)   // nil without a handler
/// progress?.begin(step)
/// try progress?.run(sql, of: step, in: db)
/// ```
final class ProgressReporter {
    /// The app's handler.
    private let handler: @Sendable (SyncProgress) -> Void
    /// What the handler was last told.
    private var current: SyncProgress
    /// Whether an upgrade has started: the row counts in the plan were taken before the upgrades,
    /// which may have added or removed rows since.
    private var upgradesStarted = false

    /// A reporter for `plan`; nil when there is no handler.
    init?(_ handler: (@Sendable (SyncProgress) -> Void)?, plan: Plan) {
        guard let handler else { return nil }
        self.handler = handler
        current = SyncProgress(phase: .applyingSteps, stepCount: plan.expandSteps.count + plan.contractSteps.count,
                               upgradeCount: plan.upgrades.count)
    }

    // MARK: Phases, steps and upgrades

    /// Counts the steps again: the contract steps were planned again after the upgrades.
    func replanned(_ plan: Plan) {
        current.stepCount = plan.expandSteps.count + plan.contractSteps.count
    }

    /// Reports that `step` starts.
    func begin(_ step: Step) {
        current.stepNumber += 1
        report(.applyingSteps, step: step)
    }

    /// Reports that `upgrade` starts.
    func begin(_ upgrade: Upgrade) {
        upgradesStarted = true
        current.upgradeNumber += 1
        report(.runningUpgrades, upgrade: upgrade)
    }

    /// Reports that the sync enters `phase` (checking, recording).
    func enter(_ phase: SyncProgress.Phase) {
        report(phase)
    }

    private func report(_ phase: SyncProgress.Phase, step: Step? = nil, upgrade: Upgrade? = nil) {
        current.phase = phase
        current.step = step
        current.upgrade = upgrade
        current.copiedRows = nil
        current.totalRows = nil
        handler(current)
    }

    // MARK: Copies

    /// Executes `sql`, one of `step`'s statements, on its own; when it is the one that copies a
    /// rebuilt table's rows, reports the rows copied as it goes (from 0 to the exact count at the
    /// end).
    func run(_ sql: String, of step: Step, in db: Database) throws {
        let statement = try db.makeStatement(sql: sql)
        guard sql == step.rowCopy, let table = step.table else {
            return try statement.execute()
        }
        // The plan's count holds until an upgrade runs; after, and when the plan has none, the
        // table is counted now.
        let planned = upgradesStarted ? nil : step.rows
        let total = try planned ?? Int.fetchOne(db, sql: "SELECT count(*) FROM \(SQLText.quote(table))") ?? 0
        reportRows(0, of: total)
        let copied = try RowCopyMeter(total: total) { [unowned self] rows in reportRows(rows, of: total) }
            .run(statement, in: db)
        reportRows(copied, of: copied)
    }

    private func reportRows(_ copied: Int, of total: Int) {
        current.copiedRows = copied
        current.totalRows = total
        handler(current)
    }
}
