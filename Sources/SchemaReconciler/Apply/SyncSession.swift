import Foundation
import GRDB

// MARK: - SyncSession

/// One sync or dry run: reads the state and the live schema, plans, and applies the plan
/// inside one transaction.
struct SyncSession {
    let reconciler: Reconciler
    private var options: Reconciler.Options { reconciler.options }

    /// Everything a sync decided before touching anything.
    struct Context {
        var file: SchemaFile
        var state: StoredState?
        var drop: DropList
        var plan: Plan
        var isNewDatabase: Bool
        var acceptsNewerDatabase: Bool
        var fingerprint: String
        /// Views and triggers that were already broken before the sync: reported, not held against it.
        var brokenBefore: [BrokenObject]
    }

    // MARK: Sync

    func sync(_ writer: any DatabaseWriter) throws -> SyncReport {
        try writer.writeWithoutTransaction { db in try sync(in: db) }
    }

    /// Syncs through a connection that must not be inside a transaction.
    func sync(in db: Database) throws -> SyncReport {
        let clock = ContinuousClock()
        let start = clock.now
        let contents = try? Data(contentsOf: reconciler.schemaURL)
        if db.isInsideTransaction { throw ReconcileError.insideTransaction }
        if let contents, let state = try? StoredState.read(db), try isUpToDate(state, contents: contents, db: db) {
            return SyncReport(plan: Plan(warnings: state.warnings, toVersion: state.version ?? .zero),
                              warnings: state.warnings, version: state.version ?? .zero,
                              didChange: false, duration: clock.now - start)
        }
        let file = try loadSchema()
        let foreignKeysWereOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        var foreignKeysOn = foreignKeysWereOn
        defer {
            if foreignKeysOn != foreignKeysWereOn { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        }
        let commitGuard = CommitGuard()
        db.add(transactionObserver: commitGuard)
        defer { db.remove(transactionObserver: commitGuard) }
        while true {
            var report: SyncReport?
            do {
                try db.inTransaction(.immediate) {
                    let context = try prepare(db, file: file)
                    if context.plan.requiresForeignKeysOff && foreignKeysOn { return .rollback }
                    // Nothing to do writes nothing, even when the last sync's record is out of date
                    // (a comment edited in schema.yaml, a VACUUM): the next sync compares again.
                    if context.plan.isEmpty, let state = context.state, state.version == context.plan.toVersion {
                        report = SyncReport(plan: context.plan, warnings: context.plan.warnings,
                                            version: context.plan.toVersion, didChange: false)
                        return .rollback
                    }
                    report = try execute(context, in: db)
                    commitGuard.allowsCommit = true
                    return .commit
                }
            } catch let error as ReconcileError {
                throw error
            } catch let error as DatabaseError {
                throw ReconcileError.cannotPlan("SQLite refused the sync: " + (error.message ?? error.description))
            }
            if var report {
                report.duration = clock.now - start
                return report
            }
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            foreignKeysOn = false
        }
    }

    // MARK: Dry run

    func plan(_ reader: any DatabaseReader) throws -> Plan {
        let contents = try? Data(contentsOf: reconciler.schemaURL)
        return try reader.read { db in
            if let contents, let state = try? StoredState.read(db), try isUpToDate(state, contents: contents, db: db) {
                return Plan(warnings: state.warnings, fromVersion: state.version, toVersion: state.version ?? .zero)
            }
            let file = try loadSchema()
            return try prepare(db, file: file).plan
        }
    }

    // MARK: Loading

    func loadSchema() throws -> SchemaFile {
        do {
            return try SchemaLoader().load(contentsOf: reconciler.schemaURL)
        } catch let error as SchemaError {
            throw ReconcileError.invalidSchema(error)
        }
    }

    /// The fast no-op check: same schema bytes, same scripts, and no schema change since the last sync.
    func isUpToDate(_ state: StoredState, contents: Data, db: Database) throws -> Bool {
        guard let fingerprint = state.fingerprint, let stored = state.schemaVersion else { return false }
        let base = reconciler.schemaURL.deletingLastPathComponent()
        var scripts: [(path: String, text: String)] = []
        for path in state.scriptPaths {
            guard let text = try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) else { return false }
            scripts.append((path, text))
        }
        let current = Fingerprint.of(schema: contents, scripts: scripts, codeUpgrades: codeUpgradeKeys)
        let acceptedNewer = reconciler.options.allowsNewerDatabase
            && fingerprint == Fingerprint.of(schema: contents, scripts: scripts, codeUpgrades: codeUpgradeKeys,
                                             acceptsNewerDatabase: true)
        guard current == fingerprint || acceptedNewer else { return false }
        return try Int.fetchOne(db, sql: "PRAGMA schema_version") == stored
    }

    var codeUpgradeKeys: [String] { reconciler.codeUpgrades.map { "\($0.version) \($0.name)" } }

    // MARK: Planning

    func prepare(_ db: Database, file: SchemaFile) throws -> Context {
        let state = try StoredState.read(db)
        let (live, unmanaged) = try Self.inspect(db)
        let reserved = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '\\_reconciler%' ESCAPE '\\'
              AND name NOT IN (?, ?)
            """, arguments: [StoredState.stateTable, StoredState.upgradesTable])
        let isNew = state == nil && live.tables.isEmpty && live.views.isEmpty && live.triggers.isEmpty
            && unmanaged.isEmpty
        for code in reconciler.codeUpgrades where code.version > file.version {
            throw ReconcileError.cannotPlan("the code upgrade \(code.name) is registered for version \(code.version), "
                                            + "above schema.yaml's version \(file.version): bump `version` to run it")
        }
        if !isNew, state == nil, options.legacyVersion > file.version {
            throw ReconcileError.cannotPlan(
                "the legacy version \(options.legacyVersion), assumed for a database that was never synced, is above "
                    + "schema.yaml's version \(file.version); give a legacy version no higher than \(file.version)")
        }
        let from: SemanticVersion? = isNew ? nil : (state?.version ?? options.legacyVersion)
        var acceptsNewer = false
        if let from, from > file.version {
            guard options.allowsNewerDatabase else {
                throw ReconcileError.databaseIsNewer(stored: from, declared: file.version)
            }
            acceptsNewer = true
        }
        let drop = acceptsNewer ? DropList() : file.drop
        let diff: SchemaDiff
        do {
            diff = try SchemaDiff(declared: file.schema, drop: drop, live: live)
        } catch let error as DiffError {
            throw ReconcileError.cannotPlan(error.description)
        }
        var facts = Planner.Facts(sqliteVersion: try Self.sqliteVersion(db), reservedTables: reserved)
        for table in live.tables where Self.needsRowCount(table.name, diff: diff) {
            facts.rowCounts[table.name.sqlNameKey] = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM \(SQLText.quote(table.name))") ?? 0
        }
        var plan: Plan
        do {
            plan = try Planner(declared: file.schema, drop: drop, live: live, facts: facts).plan(diff)
        } catch let error as PlanError {
            throw ReconcileError.cannotPlan(error.description)
        }
        plan.fromVersion = from
        plan.toVersion = acceptsNewer ? from! : file.version
        if !isNew && !acceptsNewer {
            plan.upgrades = pendingUpgrades(file: file, from: from ?? .zero, state: state)
        }
        plan.warnings += staleScripts(file: file, state: state)
        plan.warnings += unreachableScripts(file: file, state: state)
        plan.warnings += unmanaged.map { "table \($0) (a virtual table or its storage) is not managed by schema.yaml; it is kept" }
        plan.warnings += reserved.filter { $0.hasPrefix(Planner.temporaryPrefix) }
            .map { "table \($0) is a leftover of an interrupted schema change; check its rows and drop it" }
        let broken = try SchemaInspector().brokenObjects(db)
        plan.warnings += broken.map { "\($0.subject) does not work even now (\($0.message)); it is kept as it is" }
        let scripts = file.upgrades.flatMap(\.scripts).map { (path: $0.path, text: $0.sql) }
        return Context(file: file, state: state, drop: drop, plan: plan, isNewDatabase: isNew,
                       acceptsNewerDatabase: acceptsNewer,
                       fingerprint: Fingerprint.of(schema: file.contents, scripts: scripts, codeUpgrades: codeUpgradeKeys,
                                                   acceptsNewerDatabase: acceptsNewer),
                       brokenBefore: broken)
    }

    /// The live schema and the tables it cannot represent; an unreadable schema is a clear error.
    static func inspect(_ db: Database) throws -> (Schema, [String]) {
        let inspector = SchemaInspector()
        do {
            return (try inspector.inspect(db), try inspector.unmanagedTables(db))
        } catch let error as DatabaseError {
            throw ReconcileError.unreadableDatabase(
                path: db.description, message: Reconciler.explained(error.message ?? error.description, path: db.description))
        } catch {
            throw ReconcileError.cannotPlan("cannot read the live schema: \(error)")
        }
    }

    static func needsRowCount(_ liveName: String, diff: SchemaDiff) -> Bool {
        diff.changes.contains { change in
            switch change {
            case .dropTable(let name): return name.isSameName(as: liveName)
            case .addColumn(let table, _), .alterTable(let table, _), .dropColumn(let table, _),
                 .createIndex(let table, _):
                return (diff.liveNames[table.sqlNameKey] ?? table).isSameName(as: liveName)
            default: return false
            }
        }
    }

    static func sqliteVersion(_ db: Database) throws -> Int {
        let text = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "3.0.0"
        let parts = text.split(separator: ".").compactMap { Int($0) } + [0, 0, 0]
        return parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2]
    }

    /// Upgrades with stored version < key ≤ declared version that have not run, ascending;
    /// scripts of one version in their written order, then that version's code upgrades.
    func pendingUpgrades(file: SchemaFile, from: SemanticVersion, state: StoredState?) -> [PendingUpgrade] {
        var pending: [PendingUpgrade] = []
        var versions = Set(file.upgrades.map(\.version))
        versions.formUnion(reconciler.codeUpgrades.map(\.version))
        for version in versions.sorted() where from < version && version <= file.version {
            for upgrade in file.upgrades where upgrade.version == version {
                pending += upgrade.scripts.map { PendingUpgrade(version: version, kind: .script($0)) }
            }
            pending += reconciler.codeUpgrades.filter { $0.version == version }
                .map { PendingUpgrade(version: version, kind: .code(name: $0.name)) }
        }
        return pending.filter { !(state?.hasApplied(version: $0.version, name: $0.name) ?? false) }
    }

    /// Scripts added since the last sync under a version the database has already passed: they
    /// will never run on it, which is easy to miss (a forgotten script added late, say).
    func unreachableScripts(file: SchemaFile, state: StoredState?) -> [String] {
        guard let state, let stored = state.version else { return [] }
        let known = Set(state.scriptPaths)
        return file.upgrades.filter { $0.version <= stored }.flatMap { upgrade in
            upgrade.scripts.filter { !known.contains($0.path) && !state.hasApplied(version: upgrade.version, name: $0.path) }
                .map { "upgrade script \($0.path) (\(upgrade.version)) is new, but the database is already at version "
                    + "\(stored): it will never run on this database; give it a version above \(stored) to run it" }
        }
    }

    /// Applied scripts whose text changed since they ran: reported, never re-run.
    func staleScripts(file: SchemaFile, state: StoredState?) -> [String] {
        guard let state else { return [] }
        var warnings: [String] = []
        for applied in state.appliedUpgrades where applied.isScript {
            guard let upgrade = file.upgrades.first(where: { $0.version == applied.version }),
                  let script = upgrade.scripts.first(where: { $0.path == applied.name }) else { continue }
            if let checksum = applied.checksum, checksum != Fingerprint.checksum(ofScript: script.sql) {
                warnings.append("upgrade script \(applied.name) (\(applied.version)) changed since it ran on "
                                + "\(applied.appliedAt); it will not run again")
            }
        }
        return warnings
    }
}
