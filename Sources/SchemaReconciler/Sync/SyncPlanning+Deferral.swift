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

    /// Where the sync checks foreign keys: only the tables its steps could leave with rows that
    /// reference a missing parent, so that it never reads a table its steps cannot affect. The
    /// whole database when it runs upgrades, whose foreign key checks are deferred (or off),
    /// since the scripts could leave orphans anywhere, and when it finishes the last of the
    /// deferred work.
    func foreignKeyCheck(of plan: Plan, remaining: Bool, live: Schema) -> Plan.ForeignKeyCheck {
        if finishing && !remaining { return .wholeDatabase }
        if !plan.upgrades.isEmpty { return .wholeDatabase }
        return .tables(plan.tablesToCheckForOrphans(declared: file.schema, live: live))
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
