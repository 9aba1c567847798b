import Foundation
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
    /// Whether the plan finishes deferred work: it runs the steps of one table, and the rest waits.
    var finishing = false
    /// Whether the plan counts the rows of each table its rebuilds copy, which a dry run prints,
    /// a progress handler is told as the total, and a refusal of denied hazards names. A sync
    /// that none of them reads leaves the count to the copy, which notes the rows it inserted
    /// (the report's ``Step/rows``), rather than reading each table once more before it.
    var countsRowsToCopy = true
    /// The live schemas, and their differences from the file, that the syncs of one command
    /// over many databases share; nil for a sync of its own.
    var liveSchemas: LiveSchemaMemo?

    // MARK: Planning

    func prepare(_ db: Database) throws -> PreparedPlan {
        // Another connection may have changed the schema since this one last looked.
        db.clearSchemaCache()
        let state = try StoredState.read(db)
        let catalog = try Catalog(db, ignoring: file.ignoredNames)
        // Other tools' objects make no database old, but the old tool's record does: it says
        // where the database is.
        let isNew = state == nil && catalog.isEmpty
            && !(file.legacy?.source.table.map(catalog.holdsIgnoredTable(named:)) ?? false)
        let legacy = state == nil && !isNew ? try legacyRecord(in: db) : nil
        let (from, newer) = try versions(state: state, isNew: isNew, legacy: legacy)
        if newer == .serves, let state {
            var plan = state.plan
            plan.olderVersionServed = file.version
            return PreparedPlan(plan: plan, state: state, drop: DropList(), isNewDatabase: false, acceptsNewerDatabase: false)
        }
        // Read once the database is known to be synced, not served as it is.
        let live = try liveSchemas?.schema(of: catalog, in: db) ?? Self.inspect(catalog, in: db)
        let acceptsNewer = newer != .no
        let drop = acceptsNewer ? DropList() : file.drop
        var plan = Plan(fromVersion: from, toVersion: acceptsNewer ? from! : file.version)
        plan.legacyRecord = legacy
        if !isNew && !acceptsNewer {
            plan.upgrades = pendingUpgrades(from: from ?? .zero, state: state)
        }
        var kept: [SchemaObject] = []
        if isNew {
            // The loader has had SQLite create the whole declared schema already: nothing to rehearse.
            let diff = try ReconcileError.diff(file.schema, drop: drop, live: Schema())
            plan.changes = diff.changes
            plan.steps = try ReconcileError.planned { try Planner(declared: file.schema, live: Schema()).steps(for: diff) }
            plan.seeds = file.seeds
            // Seed scripts run with foreign key checks deferred: every row they write is checked.
            if !plan.seeds.isEmpty { plan.foreignKeyCheck = .wholeDatabase }
        } else {
            kept = try planExisting(&plan, drop: drop, catalog: catalog, live: live, db: db)
        }
        let codeUpgrades = codeUpgrades.map { Upgrade(version: $0.version, name: $0.name, kind: .code) }
        plan.warnings = kept.map(SyncWarning.undeclared) + plan.warnings
            + fileWarnings(state: state)
            + SyncWarning.fileWarnings(file, codeUpgrades: codeUpgrades)
            + catalog.reservedTables.filter { $0.sqlName.hasPrefix(Planner.temporaryPrefix) }.map(SyncWarning.leftoverTable)
        plan.markCloudKitSteps(under: file.compatibility,
                               virtualTables: (file.schema.virtualTables + live.virtualTables).map(\.name))
        plan.floor = plan.floor(after: isNew ? nil : from.map { StoredState.floor(of: state, at: $0) },
                                declared: file.schema, compatibleFrom: file.compatibleFrom,
                                upgradesOlderBuildsRead: Set(file.upgrades.filter(\.olderBuildsReadIt).map(\.version)))
        return PreparedPlan(plan: plan, state: state, drop: drop, isNewDatabase: isNew, acceptsNewerDatabase: acceptsNewer)
    }

    /// Plans the sync of an existing database into `plan`; returns the undeclared objects it keeps.
    /// A table that SQLite says an in-place edit would store another way is planned again, as a
    /// rebuild, from a fresh copy.
    private func planExisting(_ plan: inout Plan, drop: DropList, catalog: Catalog, live: Schema, db: Database) throws -> [SchemaObject] {
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
                              db: Database) throws -> [SchemaObject] {
        var facts = facts
        let renames = try liveSchemas?.renames(of: catalog, live: live) ?? ReconcileError.renames(file.schema, live: live)
        // The copy is made only when there is something for SQLite to say: views or triggers
        // that could break, renames to do, or steps beyond what the loader already had it accept.
        var rehearsal = renames.isEmpty && !catalog.hasViewsOrTriggers ? nil : try rehearsal(of: catalog, like: db)
        plan.brokenBefore = try rehearsal?.scratch.brokenObjects() ?? []
        let planner = Planner(declared: file.schema, drop: drop, live: live, facts: facts)
        let renameSteps = try ReconcileError.planned { try planner.preparationSteps(for: renames, broken: plan.brokenBefore)
            + planner.renameSteps(renames) }
        let renamed = try rehearsal?.renames(renameSteps) ?? live
        // Without renames, the schema compared is the one read, which the memo may hold.
        let memo = renameSteps.isEmpty ? liveSchemas : nil
        let diff = try memo?.diff(of: catalog, live: live, drop: drop) ?? ReconcileError.diff(file.schema, drop: drop, live: renamed)
        facts.rowCounts = try rowCounts(for: diff, liveNames: renames.liveNames, db: db)
        facts.unconvertedColumns = try unconvertedColumns(for: diff, renames: renames, rowCounts: facts.rowCounts, db: db)
        let tablePlanner = Planner(declared: file.schema, drop: drop, live: renamed, facts: facts)
        let steps = try ReconcileError.planned { try tablePlanner.steps(for: diff) }
        let (split, launchBudget) = try budgeted(split(steps, diff: diff, drop: drop, renamed: renamed, facts: facts),
                                                 diff: diff, drop: drop, renamed: renamed, facts: facts,
                                                 liveNames: renames.liveNames, db: db)
        plan.launchBudget = launchBudget
        plan.changes = renames.changes + diff.changes
        plan.steps = renameSteps + split.now
        plan.deferred.steps = split.later
        plan.copiedAtLaunch = split.copiedAtLaunch
        if rehearsal == nil, !plan.upgrades.isEmpty || !plan.steps.allSatisfy(\.isAcceptedByLoader) {
            rehearsal = try self.rehearsal(of: catalog, like: db)
        }
        var keptAfterUpgrades: [SchemaObject]?
        var rehearsed: [Int] = []
        var scriptWrites: ScriptWrites?
        if var rehearsal {
            keptAfterUpgrades = try rehearsal.rehearse(&plan, after: renameSteps.count, drop: drop, facts: facts)
            rehearsed = rehearsal.sessionOffsets
            scriptWrites = rehearsal.scriptWrites
            // Contract steps planned from what the upgrades leave all run now.
            if keptAfterUpgrades != nil {
                (plan.deferred.steps, plan.copiedAtLaunch) = ([], [])
                plan.launchBudget?.runningEverything()
            }
        }
        plan.steps = try counted(plan.steps, liveNames: renames.liveNames, db: db)
        plan.launchBudget?.carryingEstimates(over: plan.steps)
        if let warning = plan.launchBudget?.warning { plan.warnings.append(warning) }
        plan.foreignKeyCheck = foreignKeyCheck(of: plan, remaining: !plan.deferred.steps.isEmpty, live: renamed,
                                               scripts: scriptWrites)
        plan.editSessionVersions = try editSessionVersions(of: plan.steps, rehearsed: rehearsed, db: db)
        return keptAfterUpgrades ?? tablePlanner.keptObjects(of: diff, steps: steps)
    }

    /// The steps with their rows counted (``countingRows(of:liveNames:db:)``), but for the copies
    /// of tables, which count their own rows when nothing reads the count before (see
    /// ``countsRowsToCopy``).
    private func counted(_ steps: [Step], liveNames: [SQLName: String], db: Database) throws -> [Step] {
        guard !countsRowsToCopy else { return try countingRows(of: steps, liveNames: liveNames, db: db) }
        var others = try countingRows(of: steps.filter { $0.rowCopy == nil }, liveNames: liveNames, db: db)[...]
        return steps.map { $0.rowCopy == nil ? others.removeFirst() : $0 }
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

    /// A rehearsal on a schema-only copy of the database whose catalog is `catalog`, its
    /// connection prepared as the app prepares the connections the reconciler opens, and in
    /// SQLite's defensive mode when `db`, the connection the plan is made for, is: SQLite then
    /// allows the rehearsal what it allows the sync. Its recursive triggers are on when `db`'s
    /// are, so that an `INSERT OR REPLACE` of the upgrade scripts fires the same `DELETE`
    /// triggers on the copy as in the sync.
    private func rehearsal(of catalog: Catalog, like db: Database) throws -> Rehearsal {
        let defensive = db.isDefensive
        let recursiveTriggers = try Bool.fetchOne(db, sql: "PRAGMA recursive_triggers") ?? false
        let prepareDatabase = options.prepareDatabase
        let scratch = try ScratchDatabase(replaying: catalog, prepareDatabase: { copy in
            try prepareDatabase?(copy)
            try copy.setDefensive(defensive)
            try copy.execute(sql: "PRAGMA recursive_triggers = \(recursiveTriggers ? "ON" : "OFF")")
        })
        return try Rehearsal(scratch: scratch, file: file, allowsDefensiveModeOff: options.allowsDefensiveModeOff)
    }

    // MARK: Reading the database

    private static func inspect(_ catalog: Catalog, in db: Database) throws -> Schema {
        try ReconcileError.inspecting { try SchemaInspector().inspect(catalog, in: db) }
    }

    /// The most rows a plan counts in a table to make its decisions; a table with more is left
    /// out of ``Planner/Facts/rowCounts`` (it holds rows), so that planning never reads a big
    /// table whole. The steps that will read it anyway are counted after (``countingRows(of:liveNames:db:)``).
    static let rowCountLimit = 1_000

    /// The rows of each table whose change the plan depends on, by its name once renamed
    /// (`liveNames` gives the name it has now), up to ``rowCountLimit``.
    private func rowCounts(for diff: SchemaDiff, liveNames: [SQLName: String], db: Database) throws -> [SQLName: Int] {
        var counts: [SQLName: Int] = [:]
        var counted = Set<SQLName>()
        for change in diff.changes {
            switch change {
            case .addColumn(let table, let column):
                // A column ADD COLUMN takes as declared, without a CHECK, fits any number of rows.
                guard let declared = file.schema.table(named: table)?.column(named: column),
                      !Planner.canAddColumn(declared) || declared.check != nil else { continue }
            case .alterTable, .dropColumn, .dropTable, .createIndex, .recreateIndex: break
            default: continue
            }
            guard let table = change.table, counted.insert(table.sqlName).inserted else { continue }
            let name = liveNames[table.sqlName] ?? table
            let sql = "SELECT count(*) FROM (SELECT 1 FROM \(SQLText.quote(name)) LIMIT \(Self.rowCountLimit + 1))"
            let count = try Int.fetchOne(db, sql: sql) ?? 0
            if count <= Self.rowCountLimit { counts[table.sqlName] = count }
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
}

// MARK: - Versions and upgrades

extension SyncPlanning {
    /// What a database newer than the file is to the sync.
    enum NewerDatabase {
        /// The database is not newer than the file.
        case no
        /// The file's version is at or above the database's floor: the database serves it as
        /// it is, and the sync writes nothing.
        case serves
        /// The file's version is below the floor, but ``Reconciler/Options/allowsNewerDatabase``
        /// accepts it: it is synced without upgrades or drops.
        case accepted
    }

    /// The version the database is at (nil for a new one), and what it is to the sync when it
    /// is newer than the file. A database never synced is at the version its `legacy` record
    /// stands for, or, without one, at the legacy version of the options. A newer one at or
    /// above whose floor the file's version is serves it; one below is refused, but for
    /// ``Reconciler/Options/allowsNewerDatabase``.
    func versions(state: StoredState?, isNew: Bool, legacy: LegacyRecord?) throws -> (SemanticVersion?, NewerDatabase) {
        for code in codeUpgrades where code.version > file.version {
            throw ReconcileError.codeUpgradeAboveVersion(name: code.name, version: code.version, declared: file.version)
        }
        if !isNew, state == nil, legacy == nil, options.legacyVersion > file.version {
            throw ReconcileError.legacyVersionTooHigh(legacy: options.legacyVersion, declared: file.version)
        }
        let from: SemanticVersion? = isNew ? nil : (state?.version ?? legacy?.version ?? options.legacyVersion)
        guard let from, from > file.version else { return (from, .no) }
        let floor = StoredState.floor(of: state, at: from)
        if file.version >= floor.version { return (from, .serves) }
        guard options.allowsNewerDatabase else {
            throw ReconcileError.databaseIsNewer(stored: from, declared: file.version, floor: floor)
        }
        return (from, .accepted)
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
    /// and warns about them, so that they are known before a sync stops at them: the rows each
    /// step's checks would find when the sync runs it, where the rows then are the rows now (no
    /// upgrade runs before the step, and no table or column is renamed). A check SQLite cannot
    /// run yet (on a column an earlier step adds) is left to the sync. Then the rows that
    /// reference a missing parent already (``orphanWarnings(for:in:everyTable:)``).
    func countRowsThatWouldNotFit(in plan: inout Plan, db: Database, everyTable: Bool) {
        guard plan.fromVersion != nil else { return }
        if !plan.isEmpty && !plan.renamesSomething {
            plan.warnings += stepViolations(of: plan, db: db).map(SyncWarning.rowsWillNotFit)
        }
        plan.warnings += Self.orphanWarnings(for: plan, in: db, everyTable: everyTable, ignoring: file.ignoredNames)
    }

    /// The size up to which a database is small enough for a dry run to count the rows that
    /// reference a missing parent in every table, the ones the sync leaves alone included: a
    /// read of 8 MiB costs a few milliseconds.
    static let cheapOrphanCountLimit: Int64 = 8 << 20

    /// The rows that reference a missing parent row now, through a foreign key the sync keeps,
    /// as warnings (``SyncWarning/orphanRows(_:)``): where the sync will check (``Plan/foreignKeyCheck``),
    /// and in every other table too when `everyTable` or when the file is small
    /// (``cheapOrphanCountLimit``). Where it is not, a warning says they were not counted.
    /// Other tools' tables (`ignored`) are never counted.
    static func orphanWarnings(for plan: Plan, in db: Database, everyTable: Bool, ignoring ignored: IgnoredNames) -> [SyncWarning] {
        var tables: [String]?
        var notCounted: Int64?
        if case .tables(let scope) = plan.foreignKeyCheck, !everyTable,
           let bytes = try? PageUsage(db).usedBytes, bytes > cheapOrphanCountLimit {
            tables = scope
            notCounted = plan.isEmpty ? nil : bytes
        }
        let counts = (try? ForeignKeyViolationCount.all(in: db, tables: tables, ignoring: ignored, skippingUncheckable: true)) ?? []
        let kept = counts.map { $0.renamed(by: plan.changes) }.filter { !plan.removesForeignKey(of: $0) }
        return kept.map { .orphanRows($0.violation) } + (notCounted.map { [.orphanRowsNotCounted(databaseBytes: $0)] } ?? [])
    }

    /// What the checks of the steps that run before any upgrade find now.
    private func stepViolations(of plan: Plan, db: Database) -> [ReconcileError.DataViolation] {
        var found: [ReconcileError.DataViolation] = []
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
    var availableSpace: (@Sendable (URL) -> Int64?)? { options.availableSpace }
}
