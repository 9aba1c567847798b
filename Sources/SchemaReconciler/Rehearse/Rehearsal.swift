import GRDB

// MARK: - Rehearsal

/// A sync's plan run ahead on a schema-only copy of its database (``ScratchDatabase``), which
/// tells what only SQLite knows: the schema the renames leave, a step SQLite refuses, an upgrade
/// script that changes the schema (the contract steps are then planned from what it leaves), a
/// view or trigger the sync would leave broken, the schema version each edit session sets, and
/// the tables the upgrade scripts can write (``ScriptWrites``).
///
/// ```swift
/// var rehearsal = try Rehearsal(scratch: scratch, file: file, allowsDefensiveModeOff: true)
/// let renamed = try rehearsal.renames(renameSteps) ?? live
/// let kept = try rehearsal.rehearse(&plan, after: renameSteps.count, drop: drop, facts: facts)
/// ```
struct Rehearsal {
    /// The copy.
    let scratch: ScratchDatabase
    /// The loaded schema.yaml, with its scripts.
    let file: SchemaFile
    /// Whether an edit session may turn defensive mode off, as the sync's may.
    let allowsDefensiveModeOff: Bool
    /// The copy's schema version before any step ran on it.
    private let startVersion: Int
    /// How far each edit session moved the copy's schema version, in the order they ran: the
    /// version it set, less the version before any step.
    private(set) var sessionOffsets: [Int] = []
    /// What the upgrade scripts can change, once ``rehearse(_:after:drop:facts:)`` ran them all on
    /// the copy; nil when it did not (a step before them, or one of them, failed there).
    private(set) var scriptWrites: ScriptWrites?

    /// A rehearsal on `scratch`, which no step has run on yet.
    init(scratch: ScratchDatabase, file: SchemaFile, allowsDefensiveModeOff: Bool) throws {
        self.scratch = scratch
        self.file = file
        self.allowsDefensiveModeOff = allowsDefensiveModeOff
        startVersion = try scratch.schemaVersion()
    }

    // MARK: Renames

    /// Does the renames on the copy, and reads back the schema they leave; nil when there are none.
    ///
    /// - Throws: ``ReconcileError/cannotPlan(_:)``, with what ``PlanError/renameRefused(_:message:)`` says.
    func renames(_ steps: [Step]) throws -> Schema? {
        guard !steps.isEmpty else { return nil }
        for step in steps {
            for sql in step.statements {
                do {
                    try scratch.execute(sql)
                } catch let error as DatabaseError {
                    let refused = PlanError.renameRefused(step.changes.first ?? .renameTable(from: "", to: ""),
                                                          message: ReconcileError.message(of: error))
                    throw ReconcileError.cannotPlan(refused.description)
                }
            }
        }
        return try ReconcileError.inspecting { try scratch.inspect() }
    }

    // MARK: Steps and upgrades

    /// Runs the steps that follow the renames (the first `renameCount`), and the upgrade scripts,
    /// on the copy. An upgrade that changes the schema has the contract steps planned again from
    /// what it leaves (the undeclared objects kept are then those it leaves, returned); a step
    /// SQLite refuses, or a view or trigger left broken, becomes a warning. What the scripts can
    /// write is kept in ``scriptWrites``.
    ///
    /// - Throws: ``StorageMismatch`` when an in-place edit would store a table's rows another way.
    mutating func rehearse(_ plan: inout Plan, after renameCount: Int, drop: DropList,
                           facts: Planner.Facts) throws -> [SchemaObject]? {
        let expand = plan.steps.dropFirst(renameCount).filter { $0.phase == .expand }
        if let (step, message) = try run(Array(expand)) {
            plan.warnings.append(.stepWillFail(step, message: message))
            return nil
        }
        var kept: [SchemaObject]?
        let changing = try runScripts(of: plan.upgrades)
        if !changing.isEmpty {
            plan.revisions.append(.contractPlannedAfterUpgrades(changing))
            let live = try ReconcileError.inspecting { try scratch.inspect() }
            let contract = try Planner.contract(declared: file.schema, drop: drop, live: live, facts: facts)
            plan.steps = plan.steps.filter { $0.phase == .expand } + contract.steps
            kept = contract.kept
        }
        if !plan.upgrades.isEmpty {
            plan.catalogAfterUpgrades = try scratch.catalog()
        }
        if let (step, message) = try run(plan.contractSteps) {
            plan.warnings.append(.stepWillFail(step, message: message))
            return kept
        }
        let before = Set(plan.brokenBefore.flatMap(\.keys))
        plan.warnings += try scratch.brokenObjects().filter { !before.isSuperset(of: $0.keys) }
            .map { SyncWarning.wouldBreak($0.marked(declaredIn: file.schema)) }
        plan.warnings += plan.brokenBefore.map(SyncWarning.alreadyBroken)
        return kept
    }

    /// Runs steps on the copy; the first one SQLite refuses, with its message. Before an
    /// in-place edit, asks SQLite whether the table keeps its layout under the new definition,
    /// and throws ``StorageMismatch`` when it would not.
    private mutating func run(_ steps: [Step]) throws -> (Step, String)? {
        for group in SchemaEditSession.groups(steps) {
            if group.inPlace {
                try checkStorage(of: group.steps, among: steps)
                do {
                    sessionOffsets.append(try scratch.runEdits(group.steps, allowingDefensiveModeOff: allowsDefensiveModeOff)
                        - startVersion)
                } catch let error as DatabaseError {
                    return (group.steps.first!, ReconcileError.message(of: error))
                }
                continue
            }
            for step in group.steps {
                for sql in step.statements {
                    do {
                        try scratch.execute(sql)
                    } catch let error as DatabaseError {
                        return (step, ReconcileError.message(of: error))
                    }
                }
            }
        }
        return nil
    }

    /// Throws ``StorageMismatch`` for the first in-place edit of `edits` under whose definition
    /// SQLite would store the table's rows or keys another way (a collation may change when
    /// `steps` rebuild the table's indexes).
    private func checkStorage(of edits: ArraySlice<Step>, among steps: [Step]) throws {
        for step in edits where !step.isAppendOnly {
            guard let table = step.table, let definition = step.editedDefinition else { continue }
            let reindexes = steps.contains { $0.action == .reindexTable(table: table) }
            if !(try scratch.keepsStorage(of: table, under: definition, allowingCollationChanges: reindexes)) {
                throw StorageMismatch(table: table)
            }
        }
    }

    /// Runs the upgrade scripts on the copy, each in a savepoint; the upgrades whose scripts
    /// change the schema. A script that fails without rows is left out of the rehearsal, and
    /// the tables the scripts write are then unknown (``scriptWrites`` is nil). Without a
    /// script, nothing is recorded (and ``scriptWrites`` stays nil, which no plan without
    /// upgrade scripts reads).
    private mutating func runScripts(of upgrades: [Upgrade]) throws -> [Upgrade] {
        guard upgrades.contains(where: { $0.kind == .script }) else { return [] }
        var changing: [Upgrade] = []
        let recorder = try scratch.read { try ScriptWriteRecorder(in: $0) }
        var ranAll = true
        for upgrade in upgrades where upgrade.kind == .script {
            guard let script = file.script(for: upgrade) else { continue }
            let before = try scratch.schemaVersion()
            try scratch.read { db in
                try recorder.recording(in: db) {
                    try db.inSavepoint {
                        do {
                            var runner = ScriptRunner(upgrade: upgrade, script: script)
                            runner.statementDidRun = recorder.statementDidRun(in:)
                            try runner.run(in: db)
                            return .commit
                        } catch is ReconcileError {
                            ranAll = false
                            return .rollback
                        }
                    }
                }
            }
            if try scratch.schemaVersion() != before { changing.append(upgrade) }
        }
        scriptWrites = ranAll ? try writes(of: recorder) : nil
        return changing
    }

    /// What the scripts that ran can change, the foreign key actions they set off included; nil
    /// when SQLite cannot compile what those actions run on the copy.
    private func writes(of recorder: ScriptWriteRecorder) throws -> ScriptWrites? {
        try scratch.read { db in
            do {
                try recorder.recording(in: db) { try recorder.followForeignKeyActions(in: db) }
            } catch is DatabaseError {
                return nil
            }
            return try recorder.writes(in: db)
        }
    }
}

// MARK: - StorageMismatch

/// An in-place edit that SQLite says would store the table's rows or keys another way: the
/// table is planned again, as a rebuild.
struct StorageMismatch: Error {
    /// The table.
    var table: String
}
