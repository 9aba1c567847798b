import Foundation
import GRDB

// MARK: - SyncSession

/// One sync, in order: the no-op check; loading schema.yaml (before the database is locked);
/// the plan, made from one read of the database; the foreign-key mode the plan needs, set
/// before the transaction (SQLite ignores it inside one); the write lock; the plan applied;
/// the commit.
///
/// The plan is made once. Only when another connection wrote to the database between the plan
/// and the lock is it made again, under the lock.
struct SyncSession {
    let reconciler: Reconciler

    /// What stops the sync from another thread, if anything.
    private var cancellation: SyncCancellation? { reconciler.options.cancellation }

    // MARK: Sync

    /// Syncs through `writer`, outside any transaction.
    func sync(_ writer: any DatabaseWriter) throws -> SyncReport {
        let start = ContinuousClock.now
        var checking = SyncReport.PhaseDurations()
        var report = try Self.reporting(path: writer.path, cancellation: cancellation) { () -> SyncReport in
            if let state = try checking.measure(.planning, { try upToDateState(writer) }) {
                return Self.nothingToDo(state.plan, fingerprint: state.fingerprint, phases: SyncReport.PhaseDurations())
            }
            let file = try checking.measure(.planning) { try reconciler.loadedSchema() }
            // Before waiting for the barrier, which no cancellation interrupts.
            try cancellation.check()
            return try writer.barrierWriteWithoutTransaction { db in
                try cancellation.interrupting(db) { try sync(in: db, file: file) }
            }
        }
        // The no-op check and the load, before the plan.
        report.phaseDurations = report.phaseDurations.adding(checking)
        report.duration = ContinuousClock.now - start
        report.databasePath = writer.path
        return report
    }

    /// What one attempt at the locked part of a sync ended with.
    private enum Outcome {
        case done(SyncReport)
        case nothingToDo(PreparedPlan)
        case needsForeignKeysOff
    }

    /// Plans from one read, then applies the plan under the write lock. Foreign key enforcement,
    /// which SQLite needs off to rebuild a table, is on again afterwards when it was on before,
    /// whether the sync succeeded or not. When `finishing`, the plan is that of the deferred
    /// work of one table (see ``finish(_:)``).
    func sync(in db: Database, file: SchemaFile, finishing: Bool = false) throws -> SyncReport {
        if db.isInsideTransaction { throw ReconcileError.insideTransaction }
        let foreignKeysWereOn = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        var planning = reconciler.planning(file)
        planning.finishing = finishing
        planning.countsRowsToCopy = reconciler.options.progress != nil || !reconciler.options.deniedHazards.isEmpty
        let result = Result { try sync(in: db, planning: planning, foreignKeysOn: foreignKeysWereOn) }
        if foreignKeysWereOn { try Self.restoreForeignKeys(in: db) }
        return try result.get()
    }

    /// Turns foreign key enforcement on, and checks that SQLite did.
    private static func restoreForeignKeys(in db: Database) throws {
        do {
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            if try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true { return }
        } catch {}
        throw ReconcileError.foreignKeysLeftOff
    }

    /// The sync, in order: the plan, made from one read; the hazards the app denies; foreign
    /// key enforcement off when the plan needs it (outside any transaction, where SQLite takes
    /// the switch); the plan applied under the write lock. Under the lock, a plan that another
    /// connection's write made stale is made again, and when the new one needs enforcement off,
    /// the lock is let go, enforcement switched, and the plan made once more under it.
    private func sync(in db: Database, planning: SyncPlanning, foreignKeysOn: Bool) throws -> SyncReport {
        reconciler.options.progress?(SyncProgress(phase: .planning))
        let commitGuard = CommitGuard()
        db.add(transactionObserver: commitGuard)
        defer { db.remove(transactionObserver: commitGuard) }

        var phases = SyncReport.PhaseDurations()
        let planned = try Self.dataVersion(db)
        let prepared = try phases.measure(.planning) {
            try Self.transaction(db, .deferred) { (try planning.prepare(db), .rollback) }   // it only reads
        }
        if planning.finishing { try Self.refuseFinishing(prepared) }
        if prepared.isNothingToWrite { return Self.nothingToDo(prepared, phases: phases) }
        try reconciler.refuseDeniedHazards(in: prepared.plan)
        var foreignKeysOn = foreignKeysOn
        if prepared.plan.requiresForeignKeysOff && foreignKeysOn {
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            foreignKeysOn = false
        }
        var replans = false
        while true {
            let outcome = try applyUnderLock(prepared, planning: planning, replanning: replans, planned: planned,
                                             foreignKeysOn: foreignKeysOn, commitGuard: commitGuard, in: db)
            switch outcome {
            case .done(var report):
                report.phaseDurations = report.phaseDurations.adding(phases)
                return report
            case .nothingToDo(let current):
                return Self.nothingToDo(current, phases: phases)
            case .needsForeignKeysOff:
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                foreignKeysOn = false
                replans = true
            }
        }
    }

    /// Takes the write lock, plans again when asked to or when another connection wrote since
    /// the plan was made (`planned` is the data version it was made at), and applies the plan;
    /// commits only what it applied.
    private func applyUnderLock(_ prepared: PreparedPlan, planning: SyncPlanning, replanning: Bool, planned: Int,
                                foreignKeysOn: Bool, commitGuard: CommitGuard, in db: Database) throws -> Outcome {
        try cancellation.check()
        return try Self.transaction(db, .immediate) {
            var current = prepared
            var replanned = SyncReport.PhaseDurations()
            if try replanning || Self.dataVersion(db) != planned {
                current = try replanned.measure(.planning) { try planning.prepare(db) }
                if planning.finishing { try Self.refuseFinishing(current) }
                if current.isNothingToWrite { return (.nothingToDo(current), .rollback) }
                try reconciler.refuseDeniedHazards(in: current.plan)
            }
            if current.plan.requiresForeignKeysOff && foreignKeysOn { return (.needsForeignKeysOff, .rollback) }
            var report = try PlanExecutor(prepared: current, planning: planning).run(in: db)
            report.phaseDurations = report.phaseDurations.adding(replanned)
            // The last moment a cancellation rolls the sync back.
            try cancellation.check()
            commitGuard.allowsCommit = true
            return (.done(report), .commit)
        }
    }

    /// Runs `body` in a transaction of `kind`, which ends as `body` says; returns what it made.
    private static func transaction<T>(_ db: Database, _ kind: Database.TransactionKind,
                                       _ body: () throws -> (T, Database.TransactionCompletion)) throws -> T {
        var result: T?
        try db.inTransaction(kind) {
            let (value, completion) = try body()
            result = value
            return completion
        }
        // inTransaction runs the closure once, and returns only when it returned.
        return result!
    }

    /// Refuses to finish deferred work on a database that a sync must bring to the declared
    /// version first.
    private static func refuseFinishing(_ prepared: PreparedPlan) throws {
        let plan = prepared.plan
        guard let state = prepared.state, state.version == plan.toVersion, plan.upgrades.isEmpty else {
            throw ReconcileError.syncNeededBeforeFinish(stored: prepared.state?.version, declared: plan.toVersion)
        }
    }

    private static func nothingToDo(_ prepared: PreparedPlan, phases: SyncReport.PhaseDurations) -> SyncReport {
        // Nothing to do writes nothing, even when the last sync's record is out of date (a
        // comment edited in schema.yaml, a VACUUM): the next sync compares again.
        nothingToDo(prepared.plan, fingerprint: prepared.state?.fingerprint, phases: phases)
    }

    /// The report of a sync that wrote nothing: `plan`, and the fingerprint the database
    /// recorded, before and after.
    private static func nothingToDo(_ plan: Plan, fingerprint: String?, phases: SyncReport.PhaseDurations) -> SyncReport {
        var report = SyncReport(plan: plan, warnings: plan.warnings, version: plan.toVersion, didChange: false)
        report.fingerprintBefore = fingerprint
        report.fingerprintAfter = fingerprint
        report.phaseDurations = phases
        return report
    }

    /// `PRAGMA data_version`: it changes when another connection commits.
    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    // MARK: Finishing deferred work

    /// Does the work that syncs left for later through `writer`, one table per transaction,
    /// each planned again from the database as the one before left it: a kill at any point
    /// loses nothing, and the next call goes on from there. The whole-database foreign key
    /// check that waited runs with the last table. Returns what was done, as one report.
    func finish(_ writer: any DatabaseWriter) throws -> SyncReport {
        let start = ContinuousClock.now
        var report = try Self.reporting(path: writer.path, cancellation: cancellation) { () -> SyncReport in
            let file = try reconciler.loadedSchema()
            var total: SyncReport?
            while true {
                try cancellation.check()
                let part = try writer.barrierWriteWithoutTransaction { db in
                    try cancellation.interrupting(db) { try sync(in: db, file: file, finishing: true) }
                }
                // A step planned again after it ran did not do what it says: stop rather than loop.
                if let total, !part.statements.isEmpty, total.statements.suffix(part.statements.count) == part.statements {
                    throw ReconcileError.verificationFailed(part.plan.changes.map(\.description))
                }
                total = total.map { $0.followed(by: part) } ?? part
                if !part.didChange || part.plan.deferred.isEmpty { return total ?? part }
            }
        }
        report.duration = ContinuousClock.now - start
        report.databasePath = writer.path
        return report
    }

    // MARK: Dry run

    /// The plan a sync through `reader` would run; reads only.
    func plan(_ reader: any DatabaseReader) throws -> Plan {
        try Self.reporting(path: reader.path, cancellation: cancellation) {
            // A state written before the ignored names were stored is planned again, from the file.
            if let state = try upToDateState(reader), let ignored = state.ignored {
                // What the last sync counted is replaced by what there is now.
                var plan = state.plan
                plan.warnings.removeAll { $0.code == .orphanRows }
                plan.warnings += try reader.read { db in
                    SyncPlanning.orphanWarnings(for: plan, in: db, everyTable: false, ignoring: ignored)
                }
                return plan
            }
            let file = try reconciler.loadedSchema()
            return try reader.read { db in
                try cancellation.interrupting(db) {
                    let planning = reconciler.planning(file)
                    var plan = try planning.prepare(db).plan
                    planning.countRowsThatWouldNotFit(in: &plan, db: db, everyTable: false)
                    return plan
                }
            }
        }
    }

    // MARK: The no-op check

    /// The stored state, when nothing changed since the last sync: the same schema.yaml bytes,
    /// the same scripts and code upgrades, the same library version, and no schema change
    /// since. Nil otherwise, or when the check cannot tell.
    func upToDateState(_ reader: any DatabaseReader) throws -> StoredState? {
        // No transaction of its own, nor read-only mode: its two statements share one read.
        let read = try reader.unsafeRead { db in StoredState.readForNoOpCheck(db) }
        guard let (state, schemaVersion) = read, let stored = state.fingerprint, state.warnings != nil,
              state.schemaVersion == schemaVersion else { return nil }
        // What waits is done by a sync that lets nothing wait.
        if !state.deferred.isEmpty && reconciler.options.deferring.isEmpty { return nil }
        switch reconciler.source {
        case .loaded(let file):
            let planning = reconciler.planning(file)
            return acceptances.contains { stored == planning.fingerprint(acceptsNewerDatabase: $0) } ? state : nil
        case .url(let url):
            return filesMatch(url, state: state) ? state : nil
        }
    }

    /// Whether a newer database accepted or not, as the record of a sync says it: a sync that
    /// may accept one takes either record.
    private var acceptances: [Bool] {
        reconciler.options.allowsNewerDatabase ? [false, true] : [false]
    }

    /// Whether schema.yaml at `url` and its scripts, with this sync's library version and code
    /// upgrades, are the inputs that `state` records: by what the file system says of the files
    /// when it can tell (nothing is read), by their fingerprint otherwise.
    private func filesMatch(_ url: URL, state: StoredState) -> Bool {
        let codeUpgrades = reconciler.codeUpgrades.map(\.key)
        let version = reconciler.options.libraryVersion
        if let recorded = state.fileSignature {
            let files = FileSignature.of(schema: url, scriptPaths: state.scriptPaths)
            if acceptances.contains(where: { accepted in
                recorded == FileSignature.ofInputs(files: files, libraryVersion: version, codeUpgrades: codeUpgrades,
                                                   acceptsNewerDatabase: accepted)
            }) {
                return true
            }
        }
        guard let (contents, scripts) = Self.read(url, scriptPaths: state.scriptPaths) else { return false }
        return acceptances.contains { accepted in
            state.fingerprint == Fingerprint.of(schema: contents, scripts: scripts, codeUpgrades: codeUpgrades,
                                                libraryVersion: version, acceptsNewerDatabase: accepted)
        }
    }

    /// The bytes of schema.yaml at `url` and the text of the scripts at `scriptPaths`, relative
    /// to its folder; nil when one cannot be read.
    private static func read(_ url: URL, scriptPaths: [String]) -> (Data, [(path: String, text: String)])? {
        guard let contents = try? Data(contentsOf: url) else { return nil }
        let base = url.deletingLastPathComponent()
        var scripts: [(path: String, text: String)] = []
        for path in scriptPaths {
            guard let text = try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) else { return nil }
            scripts.append((path, text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text))
        }
        return (contents, scripts)
    }

    // MARK: Errors

    /// Runs `body`, turning an SQLite error that no step caught (a busy database, a file that
    /// is not a database) into a ``ReconcileError`` that names it, and whatever a cancelled
    /// `cancellation` made fail into `CancellationError`.
    static func reporting<T>(path: String, cancellation: SyncCancellation? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch where cancellation?.isCancelled == true {
            throw CancellationError()
        } catch let error as ReconcileError {
            throw error
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_CANTOPEN {
                throw ReconcileError.cannotOpenDatabase(path: path, error: DatabaseFile.explained(error, path: path))
            }
            if error.resultCode == .SQLITE_FULL { throw ReconcileError.databaseFull(step: nil, path: path, error: error) }
            throw ReconcileError.database(error)
        } catch let error as SchemaInspectionError {
            throw ReconcileError.inspectionFailed(error)
        }
    }
}
