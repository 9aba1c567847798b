import GRDB

// MARK: - SyncPlanning

/// Makes the plan of one sync, reading the database through `db` (inside a transaction, so that
/// everything is read from one state of the file):
///
/// 1. the stored state and the live schema;
/// 2. the renames, which SQLite then does on a schema-only copy of the database
///    (``ScratchDatabase``), so that whatever refers to a renamed object is rewritten as the sync
///    itself will rewrite it;
/// 3. the differences, the row counts the plan depends on, and the steps;
/// 4. a rehearsal of the steps and the upgrade scripts on the copy: a step SQLite refuses, an
///    upgrade that changes the schema (the contract steps are then planned from what it leaves),
///    a view or trigger the sync would break.
///
/// The sync runs the plan this makes, and the dry run prints it.
struct SyncPlanning {
    /// The loaded schema.yaml.
    let file: SchemaFile
    /// How the sync treats databases it did not create.
    let options: Reconciler.Options
    /// The upgrades registered in code.
    let codeUpgrades: [CodeUpgrade]

    // MARK: Planning

    func prepare(_ db: Database) throws -> PreparedPlan {
        // Another connection may have changed the schema since this one last looked.
        db.clearSchemaCache()
        let state = try StoredState.read(db)
        let catalog = try Catalog(db)
        let live = try Self.inspect(catalog, in: db)
        let isNew = state == nil && catalog.isEmpty
        let (from, acceptsNewer) = try versions(state: state, isNew: isNew)
        let drop = acceptsNewer ? DropList() : file.drop
        var plan = Plan(fromVersion: from, toVersion: acceptsNewer ? from! : file.version)
        if !isNew && !acceptsNewer {
            plan.upgrades = pendingUpgrades(from: from ?? .zero, state: state)
        }
        var kept: [UndeclaredObject] = []
        if isNew {
            // The loader has had SQLite create the whole declared schema already: nothing to rehearse.
            let diff = try Self.diff(file.schema, drop: drop, live: Schema())
            plan.changes = diff.changes
            plan.steps = try Self.planned { try Planner(declared: file.schema, live: Schema()).steps(for: diff) }
        } else {
            kept = try planExisting(&plan, drop: drop, catalog: catalog, live: live, db: db)
        }
        plan.warnings = kept.map(SyncWarning.undeclared) + plan.warnings + fileWarnings(state: state)

            + catalog.reservedTables.filter { $0.sqlName.hasPrefix(Planner.temporaryPrefix) }.map(SyncWarning.leftoverTable)
        return PreparedPlan(plan: plan, state: state, drop: drop, isNewDatabase: isNew, acceptsNewerDatabase: acceptsNewer)
    }

    /// Plans the sync of an existing database into `plan`; returns the undeclared objects it keeps.
    /// A table that SQLite says an in-place edit would store another way is planned again, as a
    /// rebuild, from a fresh copy.
    private func planExisting(_ plan: inout Plan, drop: DropList, catalog: Catalog, live: Schema, db: Database) throws -> [UndeclaredObject] {
        var facts = Planner.Facts(sqliteVersion: SQLiteLibrary.versionNumber, reservedTables: catalog.reservedTables)
        facts.allowsSchemaEdits = options.editsInPlace
            && SchemaEditSession.isAllowed(in: db, allowingDefensiveModeOff: options.allowsDefensiveModeOff)
        facts.allowsAlterColumn = options.editsInPlace
        while true {
            var attempt = plan
            do {
                let kept = try planExisting(&attempt, drop: drop, catalog: catalog, live: live, facts: facts, db: db)
                plan = attempt
                return kept
            } catch let mismatch as StorageMismatch {
                facts.copiedTables.insert(mismatch.table.sqlName)
            }
        }
    }

    private func planExisting(_ plan: inout Plan, drop: DropList, catalog: Catalog, live: Schema, facts: Planner.Facts,
                              db: Database) throws -> [UndeclaredObject] {
        var facts = facts
        let renames = try Self.renames(file.schema, live: live)
        // The copy is made only when there is something for SQLite to say: views or triggers
        // that could break, renames to do, or steps beyond what the loader already had it accept.
        var scratch = renames.isEmpty && !catalog.hasViewsOrTriggers ? nil : try scratchCopy(of: catalog, like: db)
        var scratchStart = try scratch?.schemaVersion()
        plan.brokenBefore = try scratch?.brokenObjects() ?? []
        let planner = Planner(declared: file.schema, drop: drop, live: live, facts: facts)
        let renameSteps = try Self.planned { try planner.preparationSteps(for: renames, broken: plan.brokenBefore)
            + planner.renameSteps(renames) }
        let renamed = try scratch.flatMap { try rehearseRenames(renameSteps, on: $0) } ?? live
        let diff = try Self.diff(file.schema, drop: drop, live: renamed)
        facts.rowCounts = try rowCounts(for: diff, liveNames: renames.liveNames, db: db)
        facts.unconvertedColumns = try unconvertedColumns(for: diff, renames: renames, rowCounts: facts.rowCounts, db: db)
        let tablePlanner = Planner(declared: file.schema, drop: drop, live: renamed, facts: facts)
        let steps = try Self.planned { try tablePlanner.steps(for: diff) }
        plan.changes = renames.changes + diff.changes
        plan.steps = renameSteps + steps
        if scratch == nil, !plan.upgrades.isEmpty || !plan.steps.allSatisfy(\.isAcceptedByLoader) {
            scratch = try scratchCopy(of: catalog, like: db)
            scratchStart = try scratch?.schemaVersion()
        }
        var sessions: [Int] = []
        let keptAfterUpgrades = try scratch.flatMap {
            try rehearse(&plan, after: renameSteps.count, drop: drop, on: $0, facts: facts, sessions: &sessions)
        }
        plan.editSessionVersions = try editSessionVersions(of: plan.steps, rehearsed: sessions.map { $0 - (scratchStart ?? 0) },
                                                           db: db)
        return keptAfterUpgrades ?? tablePlanner.keptObjects(of: diff, steps: steps)
    }

    /// The schema version each in-place edit session of `steps` sets, in the order they run:
    /// the database's version now, plus how far the statements before the session move it, as
    /// the rehearsal on the copy found (`rehearsed`, each session's version less the copy's
    /// version before the plan ran), or, for a plan that was not rehearsed whole, as counted.
    private func editSessionVersions(of steps: [Step], rehearsed: [Int], db: Database) throws -> [Int] {
        let sessions = SchemaEditSession.groups(steps).filter(\.inPlace).count
        guard sessions > 0 else { return [] }
        let base = Int(try db.schemaVersion())
        if rehearsed.count == sessions { return rehearsed.map { base + $0 } }
        return SchemaEditSession.versions(of: steps, from: base)
    }

    /// The schema-only copy of the database whose catalog is `catalog`, its connection prepared
    /// as the app prepares the connections the reconciler opens, and in SQLite's defensive mode
    /// when `db`, the connection the plan is made for, is: SQLite then allows the rehearsal what
    /// it allows the sync.
    private func scratchCopy(of catalog: Catalog, like db: Database) throws -> ScratchDatabase {
        let defensive = db.isDefensive
        let prepareDatabase = options.prepareDatabase
        return try ScratchDatabase(replaying: catalog, prepareDatabase: { copy in
            try prepareDatabase?(copy)
            try copy.setDefensive(defensive)
        })
    }

    /// An in-place edit that SQLite says would store the table's rows or keys another way.
    struct StorageMismatch: Error {
        var table: String
    }

    // MARK: Rehearsal

    /// Does the renames on the copy, and reads back the schema they leave; nil when there are none.
    private func rehearseRenames(_ steps: [Step], on scratch: ScratchDatabase) throws -> Schema? {
        guard !steps.isEmpty else { return nil }
        for step in steps {
            for sql in step.statements {
                do {
                    try scratch.execute(sql)
                } catch let error as DatabaseError {
                    throw ReconcileError.cannotPlan(.renameRefused(step.changes.first ?? .renameTable(from: "", to: ""),
                                                                  message: ReconcileError.message(of: error)))
                }
            }
        }
        return try Self.inspectScratch(scratch)
    }

    /// Runs the steps that follow the renames (the first `renameCount`), and the upgrade scripts,
    /// on the copy. An upgrade that changes the schema has the contract steps planned again from
    /// what it leaves (the undeclared objects kept are then those it leaves, returned); a step
    /// SQLite refuses, or a view or trigger left broken, becomes a warning.
    private func rehearse(_ plan: inout Plan, after renameCount: Int, drop: DropList, on scratch: ScratchDatabase,
                          facts: Planner.Facts, sessions: inout [Int]) throws -> [UndeclaredObject]? {
        let expand = plan.steps.dropFirst(renameCount).filter { $0.phase == .expand }
        if let (step, message) = try run(Array(expand), on: scratch, sessions: &sessions) {
            plan.warnings.append(.stepWillFail(step, message: message))
            return nil
        }
        var kept: [UndeclaredObject]?
        let changing = try runScripts(of: plan.upgrades, on: scratch)
        if !changing.isEmpty {
            plan.revisions.append(.contractPlannedAfterUpgrades(changing))
            let contract = try contractPlan(after: try Self.inspectScratch(scratch), drop: drop, facts: facts)
            plan.steps = plan.steps.filter { $0.phase == .expand } + contract.steps
            kept = contract.kept
        }
        if !plan.upgrades.isEmpty {
            plan.catalogAfterUpgrades = try scratch.catalog()
        }
        if let (step, message) = try run(plan.contractSteps, on: scratch, sessions: &sessions) {
            plan.warnings.append(.stepWillFail(step, message: message))
            return kept
        }
        let before = Set(plan.brokenBefore.flatMap(\.keys))
        plan.warnings += try scratch.brokenObjects().filter { !before.isSuperset(of: $0.keys) }
            .map { SyncWarning.wouldBreak($0.marked(declaredIn: file.schema)) }
        plan.warnings += plan.brokenBefore.map(SyncWarning.alreadyBroken)
        return kept
    }

    /// The contract steps for a database whose schema is `live` once the upgrades ran, and the
    /// undeclared objects they keep. Row counts of tables the upgrades may have filled are
    /// unknown: every check is planned.
    func contractPlan(after live: Schema, drop: DropList, facts: Planner.Facts) throws
        -> (steps: [Step], kept: [UndeclaredObject]) {
        let renames = try Self.renames(file.schema, live: live)
        var facts = facts
        facts.rowCounts = [:]
        facts.unconvertedColumns = [:]
        let planner = Planner(declared: file.schema, drop: drop, live: live, facts: facts)
        let diff = try Self.diff(file.schema, drop: drop, live: live)
        let steps = try Self.planned { try planner.renameSteps(renames) + planner.steps(for: diff) }.map { step in
            var step = step
            step.phase = .contract
            return step
        }
        return (steps, planner.keptObjects(of: diff, steps: steps))
    }

    /// Runs steps on the copy; the first one SQLite refuses, with its message. Before an
    /// in-place edit, asks SQLite whether the table keeps its layout under the new definition,
    /// and throws ``StorageMismatch`` when it would not. Appends the schema version each edit
    /// session sets to `sessions`.
    private func run(_ steps: [Step], on scratch: ScratchDatabase, sessions: inout [Int]) throws -> (Step, String)? {
        for group in SchemaEditSession.groups(steps) {
            if group.inPlace {
                for step in group.steps where !step.isAppendOnly {
                    guard let table = step.table, let definition = step.editedDefinition else { continue }
                    let reindexes = steps.contains { $0.action == .reindexTable(table: table) }
                    if !(try scratch.keepsStorage(of: table, under: definition, allowingCollationChanges: reindexes)) {
                        throw StorageMismatch(table: table)
                    }
                }
                do {
                    sessions.append(try scratch.runEdits(group.steps, allowingDefensiveModeOff: options.allowsDefensiveModeOff))
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

    /// Runs the upgrade scripts on the copy, each in a savepoint; the upgrades whose scripts
    /// change the schema. A script that fails without rows is left out of the rehearsal.
    private func runScripts(of upgrades: [Upgrade], on scratch: ScratchDatabase) throws -> [Upgrade] {
        var changing: [Upgrade] = []
        for upgrade in upgrades where upgrade.kind == .script {
            guard let script = file.script(for: upgrade) else { continue }
            let before = try scratch.schemaVersion()
            try scratch.read { db in
                try db.inSavepoint {
                    do {
                        try ScriptRunner(upgrade: upgrade, script: script).run(in: db)
                        return .commit
                    } catch is ReconcileError {
                        return .rollback
                    }
                }
            }
            if try scratch.schemaVersion() != before { changing.append(upgrade) }
        }
        return changing
    }

    // MARK: Reading the database

    private static func inspect(_ catalog: Catalog, in db: Database) throws -> Schema {
        do {
            return try SchemaInspector().inspect(catalog, in: db)
        } catch let error as SchemaInspectionError {
            throw ReconcileError.cannotInspect(error)
        }
    }

    private static func inspectScratch(_ scratch: ScratchDatabase) throws -> Schema {
        do {
            return try scratch.inspect()
        } catch let error as SchemaInspectionError {
            throw ReconcileError.cannotInspect(error)
        }
    }

    /// The rows of each table whose change the plan depends on, by its name once renamed
    /// (`liveNames` gives the name it has now).
    private func rowCounts(for diff: SchemaDiff, liveNames: [SQLName: String], db: Database) throws -> [SQLName: Int] {
        var counts: [SQLName: Int] = [:]
        for change in diff.changes {
            switch change {
            case .addColumn(let table, let column):
                // A column ADD COLUMN takes as declared, without a CHECK, fits any number of rows.
                guard let declared = file.schema.table(named: table)?.column(named: column),
                      !Planner.canAddColumn(declared) || declared.check != nil else { continue }
            case .alterTable, .dropColumn, .dropTable, .createIndex, .recreateIndex: break
            default: continue
            }
            guard let table = change.table, counts[table.sqlName] == nil else { continue }
            let name = liveNames[table.sqlName] ?? table
            counts[table.sqlName] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(SQLText.quote(name))") ?? 0
        }
        return counts
    }

    /// The columns whose new affinity would convert none of their stored values, by table once
    /// renamed: one query each, for the tables that hold rows. A column renamed by this sync is
    /// left out (the table is copied).
    private func unconvertedColumns(for diff: SchemaDiff, renames: RenameDiff, rowCounts: [SQLName: Int],
                                    db: Database) throws -> [SQLName: Set<SQLName>] {
        var columns: [SQLName: Set<SQLName>] = [:]
        for case .alterTable(let table, let difference) in diff.changes {
            guard let column = difference.column, let condition = Planner.affinityConversion(for: difference),
                  !condition.isEmpty, (rowCounts[table.sqlName] ?? 1) > 0,
                  !renames.renamesColumn(column, of: table) else { continue }
            let name = SQLText.quote(renames.liveNames[table.sqlName] ?? table)
            if try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(name) WHERE \(condition))") ?? true) {
                columns[table.sqlName, default: []].insert(column.sqlName)
            }
        }
        return columns
    }


    // MARK: Typed errors

    private static func renames(_ declared: Schema, live: Schema) throws -> RenameDiff {
        do {
            return try RenameDiff(declared: declared, live: live)
        } catch {
            throw ReconcileError.cannotDiff(error)
        }
    }

    private static func diff(_ declared: Schema, drop: DropList, live: Schema) throws -> SchemaDiff {
        do {
            return try SchemaDiff(declared: declared, drop: drop, live: live)
        } catch {
            throw ReconcileError.cannotDiff(error)
        }
    }

    private static func planned(_ body: () throws -> [Step]) throws -> [Step] {
        do {
            return try body()
        } catch let error as PlanError {
            throw ReconcileError.cannotPlan(error)
        }
    }
}

// MARK: - Versions and upgrades

extension SyncPlanning {
    /// The version the database is at (nil for a new one), and whether it is newer than the
    /// file and accepted as such.
    func versions(state: StoredState?, isNew: Bool) throws -> (SemanticVersion?, Bool) {
        for code in codeUpgrades where code.version > file.version {
            throw ReconcileError.codeUpgradeAboveVersion(name: code.name, version: code.version, declared: file.version)
        }
        if !isNew, state == nil, options.legacyVersion > file.version {
            throw ReconcileError.legacyVersionTooHigh(legacy: options.legacyVersion, declared: file.version)
        }
        let from: SemanticVersion? = isNew ? nil : (state?.version ?? options.legacyVersion)
        guard let from, from > file.version else { return (from, false) }
        guard options.allowsNewerDatabase else {
            throw ReconcileError.databaseIsNewer(stored: from, declared: file.version)
        }
        return (from, true)
    }

    /// Upgrades with stored version < key ≤ declared version that have not run, ascending;
    /// scripts of one version in their written order, then that version's code upgrades.
    func pendingUpgrades(from: SemanticVersion, state: StoredState?) -> [Upgrade] {
        var pending: [Upgrade] = []
        var versions = Set(file.upgrades.map(\.version))
        versions.formUnion(codeUpgrades.map(\.version))
        for version in versions.sorted() where from < version && version <= file.version {
            for upgrade in file.upgrades where upgrade.version == version {
                pending += upgrade.scripts.map { Upgrade(version: version, name: $0.path, kind: .script) }
            }
            pending += codeUpgrades.filter { $0.version == version }
                .map { Upgrade(version: version, name: $0.name, kind: .code) }
        }
        return pending.filter { !(state?.hasApplied($0) ?? false) }
    }

    /// Warnings about the upgrade scripts: applied scripts whose text changed since they ran
    /// (reported, never re-run), and scripts added since the last sync under a version the
    /// database has already passed (they never run on it, which is easy to miss).
    func fileWarnings(state: StoredState?) -> [SyncWarning] {
        guard let state else { return [] }
        var warnings: [SyncWarning] = []
        for applied in state.appliedUpgrades where applied.upgrade.kind == .script {
            guard let script = file.script(for: applied.upgrade), let checksum = applied.checksum,
                  checksum != Fingerprint.checksum(ofScript: script.sql) else { continue }
            warnings.append(.scriptChanged(applied.upgrade, ranAt: applied.appliedAt))
        }
        guard let stored = state.version else { return warnings }
        let known = Set(state.scriptPaths)
        for upgrade in file.upgrades where upgrade.version <= stored {
            for script in upgrade.scripts where !known.contains(script.path) {
                let value = Upgrade(version: upgrade.version, name: script.path, kind: .script)
                if !state.hasApplied(value) { warnings.append(.scriptNeverRuns(value, storedVersion: stored)) }
            }
        }
        return warnings
    }
}

// MARK: - Rows that would not fit

extension SyncPlanning {
    /// For a dry run or a status, which only read: counts now the rows the sync would refuse,
    /// and warns about them, so that they are known before a sync stops at them.
    ///
    /// - The rows each step's checks would find when the sync runs it, where the rows then are
    ///   the rows now: no upgrade runs before the step, and no table or column is renamed. A
    ///   check SQLite cannot run yet (on a column an earlier step adds) is left to the sync.
    /// - The rows that reference missing parent rows through a foreign key the sync keeps:
    ///   after a sync that changes anything, `PRAGMA foreign_key_check` must be clean.
    ///
    /// A sync with nothing to do checks nothing.
    func countRowsThatWouldNotFit(in plan: inout Plan, db: Database) {
        guard !plan.isEmpty, plan.fromVersion != nil else { return }
        var found = plan.renamesSomething ? [] : stepViolations(of: plan, db: db)
        let counts = (try? ForeignKeyViolationCount.all(in: db, skippingUncheckable: true)) ?? []
        for count in counts.map({ $0.renamed(by: plan.changes) }) where !plan.removesForeignKey(of: count) {
            let violation = DataViolation(table: count.table, constraint: .foreignKey(columns: count.columns, parent: count.parent),
                                          rows: count.rows)
            if !found.contains(violation) { found.append(violation) }
        }
        plan.warnings += found.map(SyncWarning.rowsWillNotFit)
    }

    /// What the checks of the steps that run before any upgrade find now.
    private func stepViolations(of plan: Plan, db: Database) -> [DataViolation] {
        var found: [DataViolation] = []
        for step in plan.steps where step.phase == .expand || plan.upgrades.isEmpty {
            for check in step.checks {
                guard let rows = try? Int.fetchOne(db, sql: check.sql), rows > 0 else { continue }
                found.append(check.violation(rows: rows))
            }
        }
        return found
    }
}

private extension Plan {
    /// Whether a step renames a table or a column.
    var renamesSomething: Bool {
        steps.contains { step in
            switch step.action {
            case .renameTable, .renameColumn: true
            default: false
            }
        }
    }

    /// Whether the plan removes the foreign key that `count` is about: it drops its table or one
    /// of its columns, or the declaration no longer has it.
    func removesForeignKey(of count: ForeignKeyViolationCount) -> Bool {
        changes.contains { change in
            switch change {
            case .dropTable(let table):
                return table.isSameName(as: count.table)
            case .dropColumn(let table, let column):
                return table.isSameName(as: count.table) && count.columns.containsName(column)
            case .alterTable(let table, .foreignKey(let columns, let parent, false)):
                return table.isSameName(as: count.table) && parent.isSameName(as: count.parent) && columns == count.columns
            default:
                return false
            }
        }
    }
}

private extension ForeignKeyViolationCount {
    /// The count under the names `changes` give its table, columns and parent.
    func renamed(by changes: [Change]) -> ForeignKeyViolationCount {
        var count = self
        for change in changes {
            switch change {
            case .renameTable(let from, let to):
                if count.table.isSameName(as: from) { count.table = to }
                if count.parent.isSameName(as: from) { count.parent = to }
            case .renameColumn(let table, let from, let to) where count.table.isSameName(as: table):
                count.columns = count.columns.map { $0.isSameName(as: from) ? to : $0 }
            default:
                continue
            }
        }
        return count
    }
}

// MARK: - Steps the loader vetted

private extension Step {
    /// Whether SQLite has accepted what the step runs when the loader had it create the
    /// declared schema: a table or an index as declared, a new column (`ADD COLUMN` takes it,
    /// the planner checks), new columns written after the stored ones. A database without views
    /// or triggers, renames or upgrades needs no rehearsal for these.
    var isAcceptedByLoader: Bool {
        switch action {
        case .createTable, .createIndex, .addColumn: true
        case .editTable: isAppendOnly
        default: false
        }
    }
}

// MARK: - Fingerprint

extension SyncPlanning {
    /// The signature of the inputs of ``fingerprint(acceptsNewerDatabase:)``, when the files had
    /// one as they were read (see ``FileSignature``).
    func inputSignature(acceptsNewerDatabase: Bool) -> String? {
        FileSignature.ofInputs(files: file.fileSignature, libraryVersion: options.libraryVersion,
                               codeUpgrades: codeUpgrades.map(\.key), acceptsNewerDatabase: acceptsNewerDatabase)
    }

    /// The fingerprint a sync of this file stores, for the no-op check of the next one.
    func fingerprint(acceptsNewerDatabase: Bool) -> String {
        Fingerprint.of(schema: file.contents, scripts: file.upgrades.flatMap(\.scripts).map { ($0.path, $0.sql) },
                       codeUpgrades: codeUpgrades.map(\.key), libraryVersion: options.libraryVersion,
                       acceptsNewerDatabase: acceptsNewerDatabase)
    }
}

// MARK: - What the executor needs

extension SyncPlanning: PlanContext {
    var progress: (@Sendable (SyncProgress) -> Void)? { options.progress }
    var cancellation: SyncCancellation? { options.cancellation }
    var allowsDefensiveModeOff: Bool { options.allowsDefensiveModeOff }
    var editsInPlace: Bool { options.editsInPlace }
}
