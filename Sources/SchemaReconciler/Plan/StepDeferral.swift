// MARK: - StepDeferral

/// What of a sync may wait for a later `finishDeferredWork(databaseAt:)`, as
/// ``Reconciler/Options/deferring`` allows, and the steps of the launch that leaves it waiting.
///
/// Work is split by change, not by step. What the new app's reads and writes need runs at
/// launch: new tables and columns, a constraint removed, a type, default or key changed. What
/// they do not need waits when its hazard kind may: a declared drop, a NOT NULL, UNIQUE, CHECK,
/// foreign key, STRICT or WITHOUT ROWID added over the rows, an index that is not UNIQUE, a new
/// column order, a column widened from whole numbers to REAL whose rows a copy converts (the
/// app's writes meanwhile are stored as the copy keeps them). The launch is planned to the schema that leaves that work undone
/// (``LaunchSchema``), so that a table whose new column the app writes gets it by `ADD COLUMN`
/// or in place while its drops and new constraints wait. Only a table that the launch must
/// copy all the same, for a change `ALTER TABLE` cannot make, has its waiting work done in that
/// copy, and the plan says why (``Plan/LaunchCopy``).
///
/// ```swift
/// let deferral = StepDeferral(kinds: [.dropsData, .scansRows, .buildsIndex], declared: declared,
///                             drop: drop, live: live, facts: facts)
/// let split = try deferral.split(diff)
/// split.now    // edit table books in place: column body: NOT NULL removed; add column books.lang
/// split.later  // rebuild table books: column isbn: NOT NULL added; drop columns body; …
/// ```
package struct StepDeferral: Sendable {
    /// The hazard kinds that may wait.
    package var kinds: Set<Hazard.Kind>
    /// The declared schema.
    package var declared: Schema
    /// The declared drops.
    package var drop: DropList
    /// The live schema, renames done.
    package var live: Schema
    /// Facts about the live database.
    package var facts: Planner.Facts

    /// Creates a deferral.
    package init(kinds: Set<Hazard.Kind>, declared: Schema, drop: DropList, live: Schema, facts: Planner.Facts) {
        self.kinds = kinds
        self.declared = declared
        self.drop = drop
        self.live = live
        self.facts = facts
    }

    /// The steps a launch runs, the steps that wait, and the tables the launch copies all the same.
    package struct Split: Sendable {
        /// What the launch runs.
        package var now: [Step]
        /// What waits, as planned from the schema the launch leaves.
        package var later: [Step]
        /// The tables the launch copies, and why.
        package var copiedAtLaunch: [Plan.LaunchCopy]
    }

    // MARK: Splitting

    /// The launch's steps for `diff` (the differences between the declared and the live
    /// schema), and what waits. A table that the launch would copy is planned again with all
    /// its work done now, until no launch copy leaves work waiting.
    ///
    /// - Throws: ``ReconcileError`` as planning does.
    package func split(_ diff: SchemaDiff) throws -> Split {
        var copies: [Plan.LaunchCopy] = []
        while true {
            let launch = launchSchema(for: diff, copying: Set(copies.map(\.table.sqlName)))
            let now = try launchSteps(to: launch)
            var copied = Set(copies.map(\.table.sqlName))
            var found: [Plan.LaunchCopy] = []
            for step in now where step.method == .rebuild {
                guard let table = step.table, copied.insert(table.sqlName).inserted else { continue }
                found.append(Plan.LaunchCopy(table: table, needs: reasons(forCopying: table, in: now, launch: launch),
                                        waiting: launch.waiting[table.sqlName] ?? []))
            }
            // A copy that carries no waiting work leaves the plan as it is.
            guard found.contains(where: { !$0.waiting.isEmpty }) else {
                return Split(now: now, later: try laterSteps(after: launch), copiedAtLaunch: copies + found)
            }
            copies += found
        }
    }

    /// The steps from the live schema to `launch`: first the in-place edits that make the
    /// columns waiting to be dropped nullable, then the rest. A table that the rest rewrites
    /// anyway is made nullable by that rewrite, in the same step.
    private func launchSteps(to launch: LaunchSchema) throws -> [Step] {
        var relaxed = launch.relaxed
        var base = relaxing(relaxed)
        var steps = try plan(launch.schema, drop: launch.drop, live: base)
        let rewritten = Set(steps.filter(\.rewritesDefinition).compactMap { $0.table?.sqlName })
        if !rewritten.isDisjoint(with: relaxed.keys) {
            relaxed = relaxed.filter { !rewritten.contains($0.key) }
            base = relaxing(relaxed)
            steps = try plan(launch.schema, drop: launch.drop, live: base)
        }
        let relaxation = relaxed.isEmpty ? [] : try plan(base, drop: DropList(), live: live)
        return relaxation + steps
    }

    /// What waits: the steps from the schema the launch leaves to the declared one, of the
    /// tables whose work waits.
    private func laterSteps(after launch: LaunchSchema) throws -> [Step] {
        guard !launch.waiting.isEmpty else { return [] }
        return try plan(declared, drop: drop, live: launch.schema).filter { step in
            step.table.map { launch.waiting[$0.sqlName] != nil } ?? true
        }
    }

    /// Why the launch copies `table`: the changes its copy makes, but for those that go with
    /// the copy without calling for it (new columns that `ADD COLUMN` takes as they are, and
    /// columns waiting to be dropped made nullable), unless there are no others.
    private func reasons(forCopying table: String, in steps: [Step], launch: LaunchSchema) -> [Change] {
        let changes = steps.filter { $0.method == .rebuild && $0.table?.isSameName(as: table) == true }.flatMap(\.changes)
        let relaxed = launch.relaxed[table.sqlName] ?? []
        let needed = changes.filter { change in
            switch change {
            case .addColumn(let name, let column):
                guard let added = launch.schema.table(named: name)?.column(named: column) else { return true }
                return !Planner.canAddColumn(added)
            case .alterTable(_, .columnNotNull(let column, false)):
                return !relaxed.containsName(column)
            default:
                return true
            }
        }
        return needed.isEmpty ? changes : needed
    }

    // MARK: Parts

    /// The steps from `live` to `target`, as the planner makes them.
    private func plan(_ target: Schema, drop: DropList, live: Schema) throws -> [Step] {
        let diff = try ReconcileError.diff(target, drop: drop, live: live)
        return try ReconcileError.planned { try Planner(declared: target, drop: drop, live: live, facts: facts).steps(for: diff) }
    }

    /// The live schema with `columns` (by table) made nullable, and the definitions of their
    /// tables no longer the stored ones.
    private func relaxing(_ columns: [SQLName: [String]]) -> Schema {
        var schema = live
        for (position, table) in schema.tables.enumerated() {
            guard let names = columns[table.name.sqlName] else { continue }
            schema.tables[position].columns = table.columns.map { column in
                var relaxed = column
                if names.containsName(column.name) { relaxed.isNotNull = false }
                return relaxed
            }
            schema.tables[position].storedDefinition = StoredDefinition()
        }
        return schema
    }
}

// MARK: - Steps

private extension Step {
    /// Whether the step writes its table's whole definition: a rebuild or an edit.
    var rewritesDefinition: Bool {
        switch action {
        case .rebuildTable, .editTable: true
        default: false
        }
    }
}
