// MARK: - Planner.Builder

extension Planner {
    /// Accumulates the steps of one plan. The diff's changes are grouped once, by table and by
    /// kind, so that planning costs the same per table however many tables there are.
    struct Builder {
        let planner: Planner
        var expand: [Step] = []
        var contract: [Step] = []

        /// The changes of one existing table.
        struct TableChanges {
            var added: [Schema.Column] = []
            var differences: [TableDifference] = []
            var dropped: [String] = []
            /// `createIndex` and `recreateIndex` changes, with the declared indexes they create.
            var indexes: [(change: Change, index: Schema.Index)] = []
        }

        var tables: [SQLName: TableChanges] = [:]
        var createdTables: [Schema.Table] = []
        var createdTableNames = Set<SQLName>()
        var droppedTables: [Change] = []
        /// `dropIndex` changes, by the table they are on.
        var droppedIndexes: [Change] = []
        var createdViews: [Schema.View] = []
        var recreatedViews = Set<SQLName>()
        var droppedViews: [Change] = []
        var createdTriggers: [(trigger: Schema.Trigger, change: Change)] = []
        var recreatedTriggers: [Change] = []
        var droppedTriggers: [Change] = []
        /// The declared virtual tables to create (new or changed).
        var virtualTables: [(table: Schema.VirtualTable, change: Change)] = []
        /// The live indexes that declared ones replace (renamed, changed or moved), by name.
        var replacedIndexes = Set<SQLName>()

        var declared: Schema { planner.declared }
        var live: Schema { planner.live }

        /// Whether new columns are added by editing their tables in place: when there are two or
        /// more, since each ADD COLUMN has SQLite read the whole schema again.
        var batchesNewColumns: Bool {
            tables.values.reduce(0) { $0 + $1.added.count } >= 2
        }

        init(planner: Planner, changes: [Change]) {
            self.planner = planner
            for change in changes { group(change) }
        }

        private mutating func group(_ change: Change) {
            switch change {
            case .createTable(let name):
                guard let table = declared.table(named: name) else { return }
                createdTables.append(table)
                createdTableNames.insert(name.sqlName)
            case .addColumn(let table, let column):
                if let definition = declared.table(named: table)?.column(named: column) {
                    tables[table.sqlName, default: TableChanges()].added.append(definition)
                }
            case .alterTable(let table, let difference):
                tables[table.sqlName, default: TableChanges()].differences.append(difference)
            case .dropColumn(let table, let column):
                tables[table.sqlName, default: TableChanges()].dropped.append(column)
            case .createIndex(let table, let index), .recreateIndex(let table, let index, _):
                if let definition = declared.table(named: table)?.index(named: index) {
                    tables[table.sqlName, default: TableChanges()].indexes.append((change, definition))
                }
                if case .recreateIndex(_, _, let from) = change { replacedIndexes.insert(from.sqlName) }
            case .dropIndex: droppedIndexes.append(change)
            case .dropTable: droppedTables.append(change)
            case .createView(let name), .recreateView(let name):
                if let view = declared.view(named: name) { createdViews.append(view) }
                if case .recreateView = change { recreatedViews.insert(name.sqlName) }
            case .dropView: droppedViews.append(change)
            case .createTrigger(let name, _), .recreateTrigger(let name, _):
                if let trigger = declared.trigger(named: name) { createdTriggers.append((trigger, change)) }
                if case .recreateTrigger = change { recreatedTriggers.append(change) }
            case .dropTrigger: droppedTriggers.append(change)
            case .createVirtualTable(let name), .recreateVirtualTable(let name):
                if let table = declared.virtualTable(named: name) { virtualTables.append((table, change)) }
            case .renameTable, .renameColumn: return
            }
        }

        /// The changes of an existing table (none when it has none).
        func changes(of table: String) -> TableChanges {
            tables[table.sqlName] ?? TableChanges()
        }

        /// Rows of a table by its declared (or, for an undeclared one, live) name; nil when unknown.
        func rowCount(_ table: String) -> Int? {
            planner.facts.rowCounts[table.sqlName]
        }

        /// Whether a table may hold rows: it does, or its count is unknown.
        func mayHoldRows(_ table: String) -> Bool {
            planner.facts.mayHoldRows(table)
        }

        // MARK: Build

        mutating func build() throws(PlanError) {
            // Expand: changed triggers go first, so that nothing later trips on their old definition.
            for change in recreatedTriggers {
                guard case .recreateTrigger(let name, _) = change, let liveTrigger = live.trigger(named: name) else { continue }
                expand.append(Step(.dropTrigger(trigger: liveTrigger.name), phase: .expand, changes: [change],
                                   statements: ["DROP TRIGGER \(SQLText.quote(liveTrigger.name))"]))
            }
            planCreatedTables()
            let rebuilds = try planExistingTables()
            planIndexes(rebuilt: rebuilds.all)
            try planVirtualTables()
            let later = planViewsAndTriggers(rebuiltInContract: rebuilds.inContract, rebuilt: rebuilds.all)
            planDeclaredDrops(rebuiltInExpand: rebuilds.inExpand, contractRebuilds: rebuilds.contractSteps,
                              nativeDrops: rebuilds.nativeDrops)
            contract += viewSteps(later.views, phase: .contract)
            for (trigger, change) in createdTriggers where later.tables.contains(trigger.table.sqlName) {
                contract.append(Step(.createTrigger(trigger: trigger.name, table: trigger.table), phase: .contract,
                                     changes: [change], statements: [SchemaSQL.createTrigger(trigger)]))
            }
        }

        /// What planning the existing tables decided.
        struct Rebuilds {
            var inExpand = Set<SQLName>()
            var inContract = Set<SQLName>()
            var contractSteps: [Step] = []
            var nativeDrops: [Step] = []
            var all: Set<SQLName> { inExpand.union(inContract) }
        }

        /// Existing tables, in declared order: new columns, rebuilds, column drops.
        private mutating func planExistingTables() throws(PlanError) -> Rebuilds {
            var rebuilds = Rebuilds()
            // In-place edits come together, so that they share one schema edit session.
            var expandEdits: [Step] = []
            var contractEdits: [Step] = []
            for table in declared.tables {
                guard !createdTableNames.contains(table.name.sqlName), let liveTable = live.table(named: table.name) else {
                    continue
                }
                let outcome = try planTable(table, live: liveTable)
                expand += outcome.expand
                for step in [outcome.edit, outcome.reindex].compactMap({ $0 }) {
                    if step.phase == .expand { expandEdits.append(step) } else { contractEdits.append(step) }
                }
                if let rebuild = outcome.rebuild {
                    if rebuild.phase == .expand {
                        expand.append(rebuild)
                        rebuilds.inExpand.insert(table.name.sqlName)
                    } else {
                        rebuilds.contractSteps.append(rebuild)
                        rebuilds.inContract.insert(table.name.sqlName)
                    }
                }
                rebuilds.nativeDrops += outcome.nativeDrops
            }
            expand += expandEdits
            rebuilds.contractSteps.insert(contentsOf: contractEdits, at: 0)
            return rebuilds
        }

        /// Contract: declared drops of triggers, views and indexes; rebuilds; column drops; unique
        /// indexes; table drops.
        private mutating func planDeclaredDrops(rebuiltInExpand: Set<SQLName>, contractRebuilds: [Step],
                                                nativeDrops: [Step]) {
            for change in droppedTriggers {
                guard case .dropTrigger(let name) = change else { continue }
                // A rebuild before the upgrades already dropped the triggers of its table.
                if let trigger = live.trigger(named: name), rebuiltInExpand.contains(trigger.table.sqlName) { continue }
                contract.append(Step(.dropTrigger(trigger: name), phase: .contract, changes: [change],
                                     statements: ["DROP TRIGGER \(SQLText.quote(name))"]))
            }
            for change in droppedViews {
                guard case .dropView(let name) = change else { continue }
                contract.append(Step(.dropView(view: name), phase: .contract, changes: [change],
                                     statements: ["DROP VIEW \(SQLText.quote(name))"]))
            }
            contract += declaredIndexDrops
            contract += contractRebuilds
            contract += nativeDrops
            contract += uniqueIndexSteps
            for change in droppedTables {
                guard case .dropTable(let name) = change else { continue }
                contract.append(Step(.dropTable(table: name), phase: .contract, changes: [change],
                                     rows: rowCount(name) ?? 0, statements: ["DROP TABLE \(SQLText.quote(name))"]))
            }
        }

        // Filled by `planIndexes`.
        var declaredIndexDrops: [Step] = []
        var uniqueIndexSteps: [Step] = []
    }
}
