import GRDB

// MARK: - What waits

extension SyncPlanning {
    /// `steps` (planned from `diff`) split into what this sync runs and what waits for a later
    /// one: as ``Reconciler/Options/deferring`` lets wait (``StepDeferral``), with the tables
    /// the launch copies all the same; or, when finishing deferred work, the steps of the first
    /// table now and the rest after.
    func split(_ steps: [Step], diff: SchemaDiff, drop: DropList, renamed: Schema,
               facts: Planner.Facts) throws -> StepDeferral.Split {
        if finishing {
            let (now, later) = Self.firstTable(of: steps)
            return StepDeferral.Split(now: now, later: later, copiedAtLaunch: [])
        }
        guard !options.deferring.isEmpty else { return StepDeferral.Split(now: steps, later: [], copiedAtLaunch: []) }
        return try StepDeferral(kinds: options.deferring, declared: file.schema, drop: drop, live: renamed, facts: facts)
            .split(diff)
    }

    /// The first steps that are about one table (steps about no table go with them), then the rest.
    static func firstTable(of steps: [Step]) -> (now: [Step], later: [Step]) {
        guard let table = steps.lazy.compactMap(\.table).first else { return (steps, []) }
        let end = steps.firstIndex { $0.table.map { !$0.isSameName(as: table) } ?? false } ?? steps.endIndex
        return (Array(steps[..<end]), Array(steps[end...]))
    }

    // MARK: Foreign keys

    /// Where the sync checks foreign keys: only the tables its steps and upgrade scripts could
    /// leave with rows that reference a missing parent, so that it never reads a table they
    /// cannot affect. The upgrade scripts run with foreign key checks deferred (or off): the
    /// tables they write, as their rehearsal on the copy found (`scripts`), and the tables that
    /// reference those, are checked. The whole database when a Swift upgrade runs, which no
    /// rehearsal can run ahead, when the rehearsal could not run every script (`scripts` is nil),
    /// and when the sync finishes the last of the deferred work.
    func foreignKeyCheck(of plan: Plan, remaining: Bool, live: Schema, scripts: ScriptWrites?) -> Plan.ForeignKeyCheck {
        if finishing && !remaining { return .wholeDatabase }
        guard !plan.upgrades.isEmpty else {
            return .tables(plan.tablesToCheckForOrphans(declared: file.schema, live: live))
        }
        guard let scripts, plan.upgrades.allSatisfy({ $0.kind == .script }) else { return .wholeDatabase }
        let ignored = file.ignoredNames
        return .tables(plan.tablesToCheckForOrphans(declared: file.schema, live: live,
                                                    written: scripts.tables.filter { !ignored.contains($0) },
                                                    removed: scripts.removedTables))
    }

    // MARK: Row counts

    /// The steps, those that read their table whole anyway and whose rows planning did not
    /// count (more than ``rowCountLimit``) with their exact count: a rebuild, a check of the
    /// rows, an index build, a drop.
    func countingRows(of steps: [Step], liveNames: [SQLName: String], db: Database) throws -> [Step] {
        var counts: [SQLName: Int] = [:]
        return try steps.map { step in
            guard step.rows == nil, step.readsItsTable, let table = step.table else { return step }
            var counted = step
            if let count = counts[table.sqlName] {
                counted.rows = count
            } else {
                let name = SQLText.quote(liveNames[table.sqlName] ?? table)
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(name)") ?? 0
                counts[table.sqlName] = count
                counted.rows = count
            }
            return counted
        }
    }
}

private extension Step {
    /// Whether running the step reads every row of its table.
    var readsItsTable: Bool {
        if method == .rebuild || !checks.isEmpty { return true }
        switch action {
        case .createIndex, .dropColumn, .dropTable: return true
        default: return false
        }
    }
}
