import GRDB

// MARK: - What waits

extension SyncPlanning {
    /// `steps` split into what this sync runs and what waits for a later one: as
    /// ``Reconciler/Options/deferring`` lets wait, with the steps that make the columns waiting
    /// to be dropped nullable first; or, when finishing deferred work, the steps of the first
    /// table now and the rest after.
    func split(_ steps: [Step], renamed: Schema, facts: Planner.Facts) throws -> (now: [Step], later: [Step]) {
        if finishing { return Self.firstTable(of: steps) }
        guard !options.deferring.isEmpty else { return (steps, []) }
        let deferral = StepDeferral(kinds: options.deferring, declared: file.schema, live: renamed)
        var (now, later) = deferral.split(steps)
        var relaxed = deferral.columnsToRelax(in: later)
        // A table whose definition a step writes now would lose the relaxation: its drops run now.
        let rewritten = Set(now.filter(\.rewritesDefinition).compactMap { $0.table?.sqlName })
            .intersection(relaxed.map(\.table.sqlName))
        if !rewritten.isEmpty {
            (now, later) = deferral.split(steps, excluding: rewritten)
            relaxed = deferral.columnsToRelax(in: later)
        }
        guard !relaxed.isEmpty else { return (now, later) }
        let relaxing = try relaxationSteps(relaxed, live: renamed, facts: facts)
        // A relaxation that would copy the table costs what waiting saves: nothing waits.
        if relaxing.contains(where: { $0.method == .rebuild }) { return (steps, []) }
        return (relaxing + now, later)
    }

    /// The steps that drop NOT NULL from `columns` of `live`, leaving everything else as it is.
    private func relaxationSteps(_ columns: [(table: String, column: String)], live: Schema,
                                 facts: Planner.Facts) throws -> [Step] {
        var relaxed = live
        for (table, column) in columns {
            guard let t = relaxed.tables.firstIndex(where: { $0.name.isSameName(as: table) }),
                  let c = relaxed.tables[t].columns.firstIndex(where: { $0.name.isSameName(as: column) }) else { continue }
            relaxed.tables[t].columns[c].isNotNull = false
        }
        let diff = try ReconcileError.diff(relaxed, drop: DropList(), live: live)
        return try ReconcileError.planned { try Planner(declared: relaxed, live: live, facts: facts).steps(for: diff) }
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
    /// whole database when it runs upgrades with foreign key enforcement off, since the scripts
    /// could leave orphans anywhere, and when it finishes the last of the deferred work.
    func foreignKeyCheck(of plan: Plan, remaining: Bool, live: Schema, db: Database) throws -> Plan.ForeignKeyCheck {
        if finishing && !remaining { return .wholeDatabase }
        if !plan.upgrades.isEmpty {
            let enforced = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
            if !enforced || plan.requiresForeignKeysOff { return .wholeDatabase }
        }
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
    /// Whether the step writes its table's whole definition: a rebuild or an edit.
    var rewritesDefinition: Bool {
        switch action {
        case .rebuildTable, .editTable: true
        default: false
        }
    }

    /// Whether running the step reads every row of its table.
    var readsItsTable: Bool {
        if method == .rebuild || !checks.isEmpty { return true }
        switch action {
        case .createIndex, .dropColumn, .dropTable: return true
        default: return false
        }
    }
}
