import Foundation
import GRDB

// MARK: - PlanExecutor

/// Runs a plan inside the caller's transaction: the expand steps, the upgrades, the contract
/// steps, then the checks (foreign keys where the steps could have left rows without a parent,
/// views and triggers, the resulting schema), then the stored state. It runs the plan as it is; only when the upgrades leave another schema than the
/// plan expected (a code upgrade changed it) are the contract steps planned again, and the
/// report says so.
///
/// ```swift
/// let report = try PlanExecutor(prepared: prepared, planning: planning).run(in: db)
/// ```
struct PlanExecutor {
    /// The plan and what the sync knows besides.
    var prepared: PreparedPlan
    /// What made the plan, for the contract steps when they must be planned again.
    var planning: any PlanContext
    /// Tells the app's progress handler where the run stands; nil when it set none.
    private let progress: ProgressReporter?

    private var plan: Plan { prepared.plan }

    /// Creates the executor of `prepared`, made by `planning`.
    init(prepared: PreparedPlan, planning: any PlanContext) {
        self.prepared = prepared
        self.planning = planning
        progress = ProgressReporter(planning.progress, plan: prepared.plan)
    }

    /// Applies the plan; throws a ``ReconcileError`` at the first thing that fails, leaving the
    /// transaction for the caller to roll back.
    func run(in db: Database) throws -> SyncReport {
        var phases = SyncReport.PhaseDurations()
        var plan = plan
        // The plan says where rows may lose their parent: nowhere in a new database but where
        // its seed writes (the whole database then).
        var orphans = OrphanAudit(scope: plan.isEmpty ? .tables([]) : plan.foreignKeyCheck, changes: plan.changes,
                                  ignoring: planning.file.ignoredNames)
        try phases.measure(.checking) {
            try refuseIfShortOfDiskSpace(in: db)
            try orphans.countBefore(in: db)
        }
        var ran = Ran()
        var sessions = plan.editSessionVersions[...]
        try phases.measure(.applyingSteps) { try run(plan.expandSteps, in: db, ran: &ran, sessions: &sessions) }
        let applied = try phases.measure(.runningUpgrades) { try runUpgrades(in: db) }
        if let revision = try phases.measure(.planning, { try reviseContract(of: &plan, in: db) }) {
            plan.revisions.append(revision)
            plan.deferred.steps = []
            progress?.replanned(plan)
        }
        try phases.measure(.applyingSteps) {
            try run(plan.contractSteps, in: db, ran: &ran, sessions: &sessions)
            try runSeeds(in: db)
        }
        progress?.enter(.checking)
        let (oldOrphans, kept) = try phases.measure(.checking) {
            let oldOrphans = try orphans.checkAfter(in: db)
            if !plan.isEmpty { try checkViewsAndTriggers(in: db) }
            // A new database ran only the declared statements, which the loader had SQLite accept
            // (and which read back as declared: the round-trip tests hold that); an existing one is
            // read again and compared with the file, but for what waits.
            let kept = prepared.isNewDatabase ? [] : try verify(in: db, deferred: plan.deferred.steps)
            return (oldOrphans, kept)
        }
        let warnings = plan.warnings.filter { $0.code != .undeclared }
        let finalWarnings = kept.map(SyncWarning.undeclared) + warnings + oldOrphans.map { .orphanRows($0.violation) }
        progress?.enter(.recording)
        let fingerprint = planning.fingerprint(acceptsNewerDatabase: prepared.acceptsNewerDatabase)
        try phases.measure(.recording) {
            try StoredState(version: plan.toVersion, fingerprint: fingerprint,
                            scriptPaths: planning.file.upgrades.flatMap(\.scripts).map(\.path),
                            warnings: finalWarnings, fileSignature: planning.inputSignature(acceptsNewerDatabase: prepared.acceptsNewerDatabase),
                            deferred: plan.deferred, ignored: planning.file.ignoredNames, floor: plan.floor).write(db)
            for upgrade in applied {
                try StoredState.record(upgrade, in: db)
            }
        }
        plan.warnings = finalWarnings
        plan.steps = ran.counting(plan.steps)
        plan.launchBudget?.carryingEstimates(over: plan.steps)
        var report = SyncReport(plan: plan, statements: ran.statements, upgrades: applied.map(\.upgrade), warnings: finalWarnings,
                                version: plan.toVersion, didChange: true)
        report.fingerprintBefore = prepared.state?.fingerprint
        report.fingerprintAfter = fingerprint
        report.phaseDurations = phases
        return report
    }

    // MARK: Steps

    /// What the steps ran: their statements, in order, and the rows each copy of a table
    /// inserted, by the statement that copied them.
    private struct Ran {
        var statements: [String] = []
        var copiedRows: [String: Int] = [:]

        /// `steps` with the rows their copies inserted, where the plan left them uncounted: a
        /// sync that reports no progress leaves the count of a copy to the copy.
        func counting(_ steps: [Step]) -> [Step] {
            steps.map { step in
                guard step.rows == nil, let copy = step.rowCopy, let rows = copiedRows[copy] else { return step }
                var counted = step
                counted.rows = rows
                return counted
            }
        }
    }

    /// Runs steps in order, consecutive in-place edits in one schema edit session, which sets
    /// the schema version the plan has for it (the first of `sessions`, which it removes).
    private func run(_ steps: [Step], in db: Database, ran: inout Ran, sessions: inout ArraySlice<Int>) throws {
        for group in SchemaEditSession.groups(steps) {
            guard group.inPlace else {
                for step in group.steps { try run(step, in: db, ran: &ran) }
                continue
            }
            var edits = Ran()
            let version = try SchemaEditSession.run(in: db, version: sessions.popFirst(),
                                                    allowingDefensiveModeOff: planning.allowsDefensiveModeOff) {
                for step in group.steps { try run(step, in: db, ran: &edits) }
            }
            ran.statements += [SchemaEditSession.opening] + edits.statements
                + [SchemaEditSession.settingVersion(version), SchemaEditSession.closing]
        }
    }

    /// Counts the rows that would violate what the step adds (refusing with every count when
    /// some do), then runs its statements, each on its own; the rows its copy of the table
    /// inserted, SQLite's count of the statement's changes, are noted.
    private func run(_ step: Step, in db: Database, ran: inout Ran) throws {
        try planning.cancellation.check()
        progress?.begin(step)
        var violations: [ReconcileError.DataViolation] = []
        for check in step.checks {
            let rows = try Int.fetchOne(db, sql: check.sql) ?? 0
            if rows > 0 { violations.append(check.violation(rows: rows)) }
        }
        if !violations.isEmpty {
            throw ReconcileError.dataDoesNotFit(violations)
        }
        for sql in step.statements {
            do {
                // One statement each: a definition can never smuggle in a second one.
                if let progress {
                    try progress.run(sql, of: step, in: db)
                } else {
                    try db.makeStatement(sql: sql).execute()
                }
            } catch let error as DatabaseError {
                throw ReconcileError.failure(of: Self.counted(step, in: db), statement: sql, error: error, in: db)
            }
            if sql == step.rowCopy { ran.copiedRows[sql] = db.changesCount }
            ran.statements.append(sql)
        }
    }

    /// `step`, whose statement failed, with the rows of its table counted when the plan left the
    /// count to its copy: the error names the step as the dry run did.
    private static func counted(_ step: Step, in db: Database) -> Step {
        guard step.rows == nil, step.rowCopy != nil, let table = step.table else { return step }
        var counted = step
        counted.rows = try? Int.fetchOne(db, sql: "SELECT count(*) FROM \(SQLText.quote(table))")
        return counted
    }

    // MARK: Upgrades

    /// Runs the pending upgrades in order, each script statement by statement, with foreign key
    /// checks deferred to the end of the last (``ForeignKeyDeferral``).
    private func runUpgrades(in db: Database) throws -> [Upgrade.Applied] {
        guard !plan.upgrades.isEmpty else { return [] }
        return try ForeignKeyDeferral.deferring(in: db) {
            let now = Date()
            var applied: [Upgrade.Applied] = []
            for upgrade in plan.upgrades {
                try planning.cancellation.check()
                progress?.begin(upgrade)
                switch upgrade.kind {
                case .script:
                    guard let script = planning.file.script(for: upgrade) else { continue }
                    try ScriptRunner(upgrade: upgrade, script: script, cancellation: planning.cancellation).run(in: db)
                    applied.append(Upgrade.Applied(upgrade: upgrade, checksum: Fingerprint.checksum(ofScript: script.sql),
                                                  appliedAt: now))
                case .code:
                    for code in planning.codeUpgrades where code.version == upgrade.version && code.name == upgrade.name {
                        try run(code, as: upgrade, in: db)
                    }
                    applied.append(Upgrade.Applied(upgrade: upgrade, checksum: nil, appliedAt: now))
                }
            }
            return applied
        }
    }

    // MARK: Seeds

    /// Runs the seed scripts of a new database, after its schema, in order, with foreign key
    /// checks deferred to the end of the last (``ForeignKeyDeferral``).
    private func runSeeds(in db: Database) throws {
        guard !plan.seeds.isEmpty else { return }
        try ForeignKeyDeferral.deferring(in: db) {
            for seed in plan.seeds {
                try planning.cancellation.check()
                try ScriptRunner(seed: seed, cancellation: planning.cancellation).run(in: db)
            }
        }
    }

    /// Runs a code upgrade; one that ends the sync's transaction fails, whatever it threw.
    private func run(_ code: CodeUpgrade, as upgrade: Upgrade, in db: Database) throws {
        var failure: (any Error)?
        do {
            try code.body(db)
        } catch {
            failure = error
        }
        // Ended by a ROLLBACK or a refused COMMIT: stop before anything else runs.
        if !db.isInsideTransaction {
            throw ReconcileError.codeUpgradeFailed(upgrade, error: DatabaseError(resultCode: .SQLITE_ABORT,
                                                                                 message: CommitGuard.message))
        }
        if let failure {
            throw ReconcileError.codeUpgradeFailed(upgrade, error: failure)
        }
    }

    /// When the upgrades left another schema than the plan expected, plans the contract steps
    /// again from the database as they left it.
    private func reviseContract(of plan: inout Plan, in db: Database) throws -> Plan.Revision? {
        guard let expected = plan.catalogAfterUpgrades, !plan.upgrades.isEmpty else { return nil }
        let catalog = try Catalog(db, ignoring: planning.file.ignoredNames)
        guard catalog.schemaText != expected.schemaText else { return nil }
        let live = try SchemaInspector().inspect(catalog, in: db)
        // Planned here without a rehearsal, so without in-place edits, which SQLite has not vetted.
        var facts = Planner.Facts(sqliteVersion: SQLiteLibrary.versionNumber, reservedTables: catalog.reservedTables)
        facts.allowsAlterColumn = planning.editsInPlace
        plan.steps = plan.expandSteps + (try Planner.contract(declared: planning.file.schema, drop: prepared.drop, live: live, facts: facts)).steps
        return .contractReplannedAtSync(after: plan.upgrades)
    }

    // MARK: Checks

    /// Refuses to leave a view or trigger that worked before the sync unable to compile.
    private func checkViewsAndTriggers(in db: Database) throws {
        let before = Set(plan.brokenBefore.flatMap(\.keys))
        let broken = try BrokenObject.all(in: db, ignoring: planning.file.ignoredNames)
            .filter { !before.isSuperset(of: $0.keys) && !$0.needsUnregisteredSQL }
            .map { $0.marked(declaredIn: planning.file.schema) }
        if !broken.isEmpty {
            throw ReconcileError.brokenObjects(broken)
        }
    }

    /// Checks that the live schema now is the declared one, but for the changes of the steps
    /// that wait (`deferred`); returns the undeclared objects kept.
    private func verify(in db: Database, deferred: [Step]) throws -> [SchemaObject] {
        let catalog = try Catalog(db, ignoring: planning.file.ignoredNames)
        let memo = planning.liveSchemas
        let live = try memo?.schema(of: catalog, in: db) ?? SchemaInspector().inspect(catalog, in: db)
        let renames = try memo?.renames(of: catalog, live: live) ?? ReconcileError.renames(planning.file.schema, live: live)
        let remaining = try memo?.diff(of: catalog, live: live, drop: prepared.drop)
            ?? ReconcileError.diff(planning.file.schema, drop: prepared.drop, live: live)
        let waiting = Set(deferred.flatMap(\.changes))
        let changes = (renames.changes + remaining.changes).filter { !waiting.contains($0) }
        if !changes.isEmpty {
            throw ReconcileError.verificationFailed(changes.map(\.description))
        }
        return remaining.undeclared
    }
}
