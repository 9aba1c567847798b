// MARK: - Indexes, views and triggers

extension Planner.Builder {
    // MARK: Indexes

    /// The index changes of tables that are not rebuilt (a rebuild makes its table's indexes):
    /// replaced indexes are dropped before anything else; new indexes come in the expand step,
    /// but a unique one on a table with rows waits for the upgrades, which may dedupe the rows.
    mutating func planIndexes(rebuilt: Set<SQLName>) {
        for table in declared.tables where !createdTableNames.contains(table.name.sqlName) {
            for (change, index) in changes(of: table.name).indexes {
                if case .recreateIndex(_, _, let from) = change, !isDroppedByRebuild(from, rebuilt: rebuilt) {
                    expand.append(Step(.dropIndex(index: from), phase: .expand, changes: [change],
                                       statements: ["DROP INDEX \(SQLText.quote(from))"]))
                }
                guard !rebuilt.contains(table.name.sqlName) else { continue }
                let create = Step(.createIndex(table: table.name, index: index.name, isUnique: index.isUnique),
                                  phase: .expand, changes: [change], rows: rowCount(table.name),
                                  statements: [SchemaSQL.createIndex(index, on: table.name)])
                if index.isUnique && mayHoldRows(table.name) {
                    var step = create
                    step.phase = .contract
                    step.checks = [uniqueCheck(table: table, terms: index.terms, condition: index.condition,
                                               constraint: .unique(columns: index.columns), index: index.name)]
                    uniqueIndexSteps.append(step)
                } else {
                    expand.append(create)
                }
            }
        }
        for change in droppedIndexes {
            guard case .dropIndex(_, let index) = change, !isDroppedByRebuild(index, rebuilt: rebuilt) else { continue }
            declaredIndexDrops.append(Step(.dropIndex(index: index), phase: .contract, changes: [change],
                                           statements: ["DROP INDEX \(SQLText.quote(index))"]))
        }
    }

    /// Whether a live index goes with the rebuild of its (declared) table.
    private func isDroppedByRebuild(_ index: String, rebuilt: Set<SQLName>) -> Bool {
        guard let owner = live.index(named: index)?.table.name else { return false }
        return rebuilt.contains(owner.sqlName) && declared.table(named: owner) != nil
    }

    // MARK: Views and triggers

    /// What waits for the contract step: views over tables rebuilt there, and the triggers on them.
    struct Later {
        var views: [Schema.View] = []
        var tables = Set<SQLName>()
    }

    /// Views (in dependency order) and triggers, once the tables are in shape. A changed view is
    /// dropped right before it is created again, so that no other statement meets a view that
    /// selects from a missing one. Views over tables rebuilt in the contract step wait for it,
    /// when their columns exist; so do the triggers on them.
    mutating func planViewsAndTriggers(rebuiltInContract: Set<SQLName>, rebuilt: Set<SQLName>) -> Later {
        let rebuiltLater = declared.tables.filter { rebuiltInContract.contains($0.name.sqlName) }.map(\.name)
        var now: [Schema.View] = []
        var later = Later()
        for view in Self.dependencyOrder(createdViews) {
            if Self.mentions(view.select, anyOf: rebuiltLater + later.views.map(\.name)) {
                later.views.append(view)
                later.tables.insert(view.name.sqlName)
            } else {
                now.append(view)
            }
        }
        expand += viewSteps(now, phase: .expand)
        for (trigger, change) in createdTriggers where !rebuilt.contains(trigger.table.sqlName)
            && !later.tables.contains(trigger.table.sqlName) {
            expand.append(Step(.createTrigger(trigger: trigger.name, table: trigger.table), phase: .expand,
                               changes: [change], statements: [SchemaSQL.createTrigger(trigger)]))
        }
        return later
    }

    /// Drops the changed views among `views`, creates all of them in order, then puts back the
    /// INSTEAD OF triggers that dropping a view dropped with it.
    func viewSteps(_ views: [Schema.View], phase: Step.Phase) -> [Step] {
        var steps: [Step] = []
        let changed = views.filter { recreatedViews.contains($0.name.sqlName) }
        for view in changed {
            let name = live.view(named: view.name)?.name ?? view.name
            steps.append(Step(.dropView(view: name), phase: phase, changes: [.recreateView(view: view.name)],
                              statements: ["DROP VIEW \(SQLText.quote(name))"]))
        }
        for view in views {
            let change: Change = recreatedViews.contains(view.name.sqlName) ? .recreateView(view: view.name) : .createView(view: view.name)
            steps.append(Step(.createView(view: view.name), phase: phase, changes: [change],
                              statements: [SchemaSQL.createView(view)]))
        }
        let creating = Set(createdTriggers.map(\.trigger.name.sqlName))
        for view in changed {
            let restored = declared.triggers.filter { $0.table.isSameName(as: view.name) && !creating.contains($0.name.sqlName) }
                .map { ($0.name, SchemaSQL.createTrigger($0)) }
                + live.triggers.filter { $0.table.isSameName(as: view.name) && declared.trigger(named: $0.name) == nil
                    && !planner.drop.triggers.containsName($0.name) }
                .map { ($0.name, $0.sql.trimmingSemicolons()) }
                + live.ignoredObjects(on: view.name).map { ($0.name, $0.sql.trimmingSemicolons()) }
            for (name, sql) in restored {
                steps.append(Step(.createTrigger(trigger: name, table: view.name), phase: phase,
                                  changes: [.recreateView(view: view.name)], statements: [sql]))
            }
        }
        return steps
    }

    // MARK: Order

    /// Views ordered so that a view comes after the declared views it selects from.
    static func dependencyOrder(_ views: [Schema.View]) -> [Schema.View] {
        var ordered: [Schema.View] = []
        var remaining = views
        while !remaining.isEmpty {
            let pendingNames = remaining.map(\.name)
            let ready = remaining.firstIndex { view in
                !mentions(view.select, anyOf: pendingNames.filter { !$0.isSameName(as: view.name) })
            } ?? 0
            ordered.append(remaining.remove(at: ready))
        }
        return ordered
    }

    /// Whether SQL text names any of these objects (as an identifier token).
    static func mentions(_ sql: String, anyOf names: [String]) -> Bool {
        guard !names.isEmpty else { return false }
        let keys = Set(names.map(\.sqlName))
        return SQLTokenizer.tokens(in: sql).contains { token in
            (token.kind == .word || token.kind == .quotedIdentifier) && keys.contains(token.identifier!.sqlName)
        }
    }
}
