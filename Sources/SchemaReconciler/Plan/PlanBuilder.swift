// MARK: - Planner.Builder

extension Planner {
    /// Accumulates the steps of one plan.
    struct Builder {
        let planner: Planner
        let diff: SchemaDiff
        var expand: [Step] = []
        var contract: [Step] = []
        var warnings: [String] = []
        /// Undeclared indexes that go because a column they use is dropped.
        var removedIndexes: [String] = []

        private var declared: Schema { planner.declared }
        private var live: Schema { planner.live }

        init(planner: Planner, diff: SchemaDiff) {
            self.planner = planner
            self.diff = diff
        }

        // MARK: Grouped changes

        private var createdTables: [Table] {
            diff.changes.compactMap { if case .createTable(let table) = $0 { return table } else { return nil } }
        }
        private func added(_ table: String) -> [Column] {
            diff.changes.compactMap {
                if case .addColumn(let name, let column) = $0, name.isSameName(as: table) { return column }
                return nil
            }
        }
        private func differences(_ table: String) -> [TableDifference] {
            diff.changes.flatMap { change -> [TableDifference] in
                if case .alterTable(let name, let differences) = change, name.isSameName(as: table) { return differences }
                return []
            }
        }
        /// The indexes of `table` that are new or changed.
        private func createdIndexes(_ table: String) -> [Index] {
            diff.changes.compactMap {
                if case .createIndex(let name, let index) = $0, name.isSameName(as: table) { return index }
                return nil
            }
        }
        private func droppedColumns(_ table: String) -> [String] {
            diff.changes.compactMap {
                if case .dropColumn(let name, let column) = $0, name.isSameName(as: table) { return column }
                return nil
            }
        }
        private var createdViews: [View] {
            diff.changes.compactMap { if case .createView(let view) = $0 { return view } else { return nil } }
        }
        private var droppedViews: [String] {
            diff.changes.compactMap { if case .dropView(let name) = $0 { return name } else { return nil } }
        }
        private var createdTriggers: [Trigger] {
            diff.changes.compactMap { if case .createTrigger(let trigger) = $0 { return trigger } else { return nil } }
        }
        private var droppedTriggers: [String] {
            diff.changes.compactMap { if case .dropTrigger(let name) = $0 { return name } else { return nil } }
        }

        private func rowCount(_ table: String) -> Int {
            let liveName = diff.liveNames[table.sqlNameKey] ?? table
            return planner.facts.rowCounts[liveName.sqlNameKey] ?? 0
        }

        // MARK: Build

        mutating func build() throws {
            let changedViews = Set(createdViews.map(\.name.sqlNameKey)).intersection(droppedViews.map(\.sqlNameKey))
            let changedTriggers = Set(createdTriggers.map(\.name.sqlNameKey)).intersection(droppedTriggers.map(\.sqlNameKey))

            // Expand: changed triggers and views go first, so that renames and drops never trip on them.
            for name in droppedTriggers where changedTriggers.contains(name.sqlNameKey) {
                expand.append(Step(phase: .expand, summary: "drop trigger \(name) (its definition changed)",
                                   statements: ["DROP TRIGGER \(SQLText.quote(name))"]))
            }
            try planRenames()
            planCreatedTables()

            // Existing tables, in declared order.
            var rebuiltInExpand = Set<String>()
            var rebuiltInContract = Set<String>()
            var contractRebuilds: [Step] = []
            var nativeDrops: [Step] = []
            for table in declared.tables {
                guard let liveTable = diff.matchedTables[table.name.sqlNameKey] else { continue }
                let outcome = try planTable(table, live: liveTable)
                expand += outcome.expand
                if let rebuild = outcome.rebuild {
                    if rebuild.phase == .expand {
                        expand.append(rebuild)
                        rebuiltInExpand.insert(table.name.sqlNameKey)
                    } else {
                        contractRebuilds.append(rebuild)
                        rebuiltInContract.insert(table.name.sqlNameKey)
                    }
                }
                nativeDrops += outcome.nativeDrops
                removedIndexes += outcome.removedIndexes
            }
            let rebuilt = rebuiltInExpand.union(rebuiltInContract)

            // Indexes of existing tables that are not rebuilt.
            var uniqueIndexes: [Step] = []
            var droppedIndexes: [Step] = []
            for change in diff.changes {
                switch change {
                case .dropIndex(let table, let name):
                    if rebuilt.contains(table.sqlNameKey) && declared.table(named: table) != nil { continue }
                    let declaredDrop = planner.drop.indexes.contains { $0.isSameName(as: name) }
                    let step = Step(phase: declaredDrop ? .contract : .expand,
                                    summary: declaredDrop ? "drop index \(name) (listed under drop)" : "drop index \(name) (changed or renamed)",
                                    statements: ["DROP INDEX \(SQLText.quote(name))"], table: table)
                    if declaredDrop { droppedIndexes.append(step) } else { expand.append(step) }
                case .createIndex(let table, let index):
                    if rebuilt.contains(table.sqlNameKey) { continue }
                    if createdTables.contains(where: { $0.name.isSameName(as: table) }) { continue }
                    let rows = rowCount(table)
                    if index.isUnique && rows > 0 {
                        uniqueIndexes.append(Step(
                            phase: .contract, summary: "create unique index \(index.name) on \(table)",
                            statements: [SchemaSQL.createIndex(index, on: table)],
                            checks: [uniqueCheck(table: declared.table(named: table) ?? Table(name: table), columns: index.columns,
                                                 condition: index.condition, constraint: .unique(columns: index.columns),
                                                 index: index.name)],
                            table: table))
                    } else {
                        expand.append(Step(phase: .expand, summary: "create index \(index.name) on \(table)",
                                           statements: [SchemaSQL.createIndex(index, on: table)], table: table))
                    }
                default:
                    continue
                }
            }

            // Views (in dependency order) and triggers, once the tables are in shape. A changed
            // view is dropped right before it is created again, so that no other statement meets
            // a view that selects from a missing one. Views over tables rebuilt in the contract
            // step wait for it, when their columns exist.
            let rebuiltLaterNames = declared.tables.filter { rebuiltInContract.contains($0.name.sqlNameKey) }.map(\.name)
            var nowViews: [View] = []
            var laterViews: [View] = []
            for view in Self.dependencyOrder(createdViews, among: declared.views) {
                if Self.mentions(view.select, anyOf: rebuiltLaterNames + laterViews.map(\.name)) {
                    laterViews.append(view)
                } else {
                    nowViews.append(view)
                }
            }
            expand += viewSteps(nowViews, phase: .expand, changed: changedViews)
            let later = Set(laterViews.map(\.name.sqlNameKey))
            for trigger in createdTriggers where !rebuilt.contains(trigger.table.sqlNameKey)
                && !later.contains(trigger.table.sqlNameKey) {
                expand.append(Step(phase: .expand, summary: "create trigger \(trigger.name) on \(trigger.table)",
                                   statements: [SchemaSQL.createTrigger(trigger)], table: trigger.table))
            }

            // Contract: declared drops of triggers, views and indexes; rebuilds; column drops;
            // unique indexes; table drops; views that waited for a rebuild.
            for name in droppedTriggers where !changedTriggers.contains(name.sqlNameKey) {
                // A rebuild before the upgrades already dropped the triggers of its table.
                if let trigger = diff.renamedLive.trigger(named: name), rebuiltInExpand.contains(trigger.table.sqlNameKey) {
                    continue
                }
                contract.append(Step(phase: .contract, summary: "drop trigger \(name) (listed under drop)",
                                     statements: ["DROP TRIGGER \(SQLText.quote(name))"]))
            }
            for name in droppedViews where !changedViews.contains(name.sqlNameKey) {
                contract.append(Step(phase: .contract, summary: "drop view \(name) (listed under drop)",
                                     statements: ["DROP VIEW \(SQLText.quote(name))"]))
            }
            contract += droppedIndexes
            contract += contractRebuilds
            contract += nativeDrops
            contract += uniqueIndexes
            for change in diff.changes {
                guard case .dropTable(let name) = change else { continue }
                let rows = planner.facts.rowCounts[name.sqlNameKey] ?? 0
                contract.append(Step(phase: .contract, summary: "drop table \(name) (listed under drop; \(rows) rows)",
                                     statements: ["DROP TABLE \(SQLText.quote(name))"], table: name))
            }
            contract += viewSteps(laterViews, phase: .contract, changed: changedViews)
            for trigger in createdTriggers where later.contains(trigger.table.sqlNameKey) {
                contract.append(Step(phase: .contract, summary: "create trigger \(trigger.name) on \(trigger.table)",
                                     statements: [SchemaSQL.createTrigger(trigger)], table: trigger.table))
            }

            warnings += dependentObjectWarnings()
        }

        /// Views and triggers that stay but use a table or column this sync drops: the sync will
        /// refuse to leave them broken, so the dry run says so ahead of it. (A name match, not
        /// SQLite's verdict: the sync checks with SQLite itself.)
        private func dependentObjectWarnings() -> [String] {
            let droppedTables = diff.changes.compactMap { change -> String? in
                if case .dropTable(let name) = change { return name }
                return nil
            }
            let droppedColumns = diff.changes.compactMap { change -> (table: String, column: String)? in
                if case .dropColumn(let table, let column) = change { return (table, column) }
                return nil
            }
            guard !droppedTables.isEmpty || !droppedColumns.isEmpty else { return [] }
            func isDropped(_ name: String, _ list: [String]) -> Bool { list.contains { $0.isSameName(as: name) } }
            var remaining: [(subject: String, table: String?, sql: String)] = declared.views.map { ("view \($0.name)", nil, $0.select) }
                + live.views.filter { declared.view(named: $0.name) == nil && !isDropped($0.name, planner.drop.views) }
                    .map { ("view \($0.name)", nil, $0.select) }
            remaining += declared.triggers.map { ("trigger \($0.name)", $0.table, $0.sql) }
                + diff.renamedLive.triggers.filter {
                    declared.trigger(named: $0.name) == nil && !isDropped($0.name, planner.drop.triggers)
                        && !isDropped($0.table, droppedTables)
                }.map { ("trigger \($0.name)", $0.table, $0.sql) }
            var warnings: [String] = []
            for object in remaining {
                var uses = droppedTables.filter { Self.mentions(object.sql, anyOf: [$0]) }.map { "table \($0)" }
                uses += droppedColumns.filter { dropped in
                    (object.table?.isSameName(as: dropped.table) ?? false || Self.mentions(object.sql, anyOf: [dropped.table]))
                        && Self.mentions(object.sql, anyOf: [dropped.column])
                }.map { "column \($0.table).\($0.column)" }
                guard !uses.isEmpty else { continue }
                let kind = object.subject.hasPrefix("view") ? "views" : "triggers"
                warnings.append("\(object.subject) uses \(uses.joined(separator: ", ")), which this sync drops; the sync "
                                + "refuses to leave it broken: list it under drop.\(kind), or change it")
            }
            return warnings
        }

        /// Drops the changed views among `views`, creates all of them in order, then puts back
        /// the INSTEAD OF triggers that dropping a view dropped with it.
        private func viewSteps(_ views: [View], phase: Step.Phase, changed: Set<String>) -> [Step] {
            var steps: [Step] = []
            for view in views where changed.contains(view.name.sqlNameKey) {
                let name = diff.renamedLive.view(named: view.name)?.name ?? view.name
                steps.append(Step(phase: phase, summary: "drop view \(name) (its definition changed)",
                                  statements: ["DROP VIEW \(SQLText.quote(name))"]))
            }
            for view in views {
                steps.append(Step(phase: phase, summary: "create view \(view.name)", statements: [SchemaSQL.createView(view)]))
            }
            let creating = Set(createdTriggers.map(\.name.sqlNameKey))
            for view in views where changed.contains(view.name.sqlNameKey) {
                let again = "(dropping the view dropped it)"
                for trigger in declared.triggers where trigger.table.isSameName(as: view.name)
                    && !creating.contains(trigger.name.sqlNameKey) {
                    steps.append(Step(phase: phase, summary: "create trigger \(trigger.name) on \(view.name) again \(again)",
                                      statements: [SchemaSQL.createTrigger(trigger)]))
                }
                for trigger in diff.renamedLive.triggers where trigger.table.isSameName(as: view.name)
                    && declared.trigger(named: trigger.name) == nil
                    && !planner.drop.triggers.contains(where: { $0.isSameName(as: trigger.name) }) {
                    steps.append(Step(phase: phase, summary: "create trigger \(trigger.name) on \(view.name) again \(again)",
                                      statements: [trigger.sql.trimmingSemicolons()]))
                }
            }
            return steps
        }

        // MARK: Renames

        private mutating func planRenames() throws {
            for change in diff.changes {
                switch change {
                case .renameTable(let from, let to):
                    var statements: [String]
                    if from.isSameName(as: to) {
                        let temporary = Planner.temporaryPrefix + to
                        try requireTemporaryName(temporary)
                        statements = ["ALTER TABLE \(SQLText.quote(from)) RENAME TO \(SQLText.quote(temporary))",
                                      "ALTER TABLE \(SQLText.quote(temporary)) RENAME TO \(SQLText.quote(to))"]
                    } else {
                        statements = ["ALTER TABLE \(SQLText.quote(from)) RENAME TO \(SQLText.quote(to))"]
                    }
                    expand.append(Step(phase: .expand, summary: "rename table \(from) to \(to) (native ALTER)",
                                       statements: statements, table: to, isRename: true))
                case .renameColumn(let table, let from, let to):
                    guard planner.supportsRenameColumn else {
                        throw PlanError.sqliteTooOld(needed: "3.25.0", change: "renaming column \(table).\(from)")
                    }
                    let prefix = "ALTER TABLE \(SQLText.quote(table)) RENAME COLUMN "
                    var statements = [prefix + "\(SQLText.quote(from)) TO \(SQLText.quote(to))"]
                    if from.isSameName(as: to) {
                        let temporary = "_reconciler_renamed_" + to
                        statements = [prefix + "\(SQLText.quote(from)) TO \(SQLText.quote(temporary))",
                                      prefix + "\(SQLText.quote(temporary)) TO \(SQLText.quote(to))"]
                    }
                    expand.append(Step(phase: .expand, summary: "rename column \(table).\(from) to \(to) (native ALTER)",
                                       statements: statements, table: table, isRename: true))
                default:
                    continue
                }
            }
        }

        // MARK: New tables

        private mutating func planCreatedTables() {
            for table in Self.foreignKeyOrder(createdTables) {
                var statements = [SchemaSQL.createTable(table)]
                statements += table.indexes.map { SchemaSQL.createIndex($0, on: table.name) }
                expand.append(Step(phase: .expand, summary: "create table \(table.name)", statements: statements,
                                   table: table.name))
            }
        }

        /// Tables ordered so that a table comes after the tables it references (file order otherwise).
        static func foreignKeyOrder(_ tables: [Table]) -> [Table] {
            var ordered: [Table] = []
            var placed = Set<String>()
            var remaining = tables
            while !remaining.isEmpty {
                let names = Set(remaining.map(\.name.sqlNameKey))
                let ready = remaining.firstIndex { table in
                    table.allForeignKeys.allSatisfy { foreignKey in
                        let parent = foreignKey.table.sqlNameKey
                        return parent == table.name.sqlNameKey || placed.contains(parent) || !names.contains(parent)
                    }
                } ?? 0
                let table = remaining.remove(at: ready)
                ordered.append(table)
                placed.insert(table.name.sqlNameKey)
            }
            return ordered
        }

        /// Views ordered so that a view comes after the declared views it selects from.
        static func dependencyOrder(_ views: [View], among all: [View]) -> [View] {
            var ordered: [View] = []
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
            let keys = Set(names.map(\.sqlNameKey))
            return SQLTokenizer.tokens(in: sql).contains { token in
                (token.kind == .word || token.kind == .quotedIdentifier) && keys.contains(token.identifier!.sqlNameKey)
            }
        }

        // MARK: One existing table

        struct TableOutcome {
            var expand: [Step] = []
            var rebuild: Step?
            var nativeDrops: [Step] = []
            var removedIndexes: [String] = []
        }

        private func planTable(_ table: Table, live liveTable: Table) throws -> TableOutcome {
            var outcome = TableOutcome()
            let newColumns = added(table.name)
            let differences = differences(table.name)
            let drops = droppedColumns(table.name)
            let rows = rowCount(table.name)
            let nativeDrop = drops.filter { canDropNatively($0, from: liveTable) }
            let needsRebuild = !differences.isEmpty || newColumns.contains { !Planner.canAddColumn($0) }
                || nativeDrop.count < drops.count
            if !needsRebuild {
                for column in newColumns {
                    outcome.expand.append(addColumnStep(column, to: table.name, rows: rows, relaxedFrom: nil))
                }
                outcome.nativeDrops = dropSteps(nativeDrop, from: table, live: liveTable)
                outcome.removedIndexes = indexesUsing(nativeDrop, in: table, live: liveTable).map(\.name)
                return outcome
            }
            var constraints = differences.compactMap(\.constraint)
            for column in newColumns where rows > 0 {
                if column.isNotNull && (column.defaultValue?.isNull ?? true) && column.generated == nil {
                    constraints.append(.notNull(column: column.name))
                }
                if column.isUnique { constraints.append(.unique(columns: [column.name])) }
                if let check = column.check { constraints.append(.check(expression: check)) }
            }
            let uniqueIndexes = rows > 0 ? uniqueIndexesAtRisk(table, live: liveTable) : []
            // Dropped columns go in the same rebuild, after the upgrades that may still read them.
            let inContract = (rows > 0 && !constraints.isEmpty) || !uniqueIndexes.isEmpty || !drops.isEmpty
            var source = liveTable
            var relaxed: [String] = []
            if inContract {
                for column in newColumns {
                    guard let early = Planner.relaxedColumn(column), Self.fits(early, in: liveTable) else { continue }
                    outcome.expand.append(addColumnStep(early, to: table.name, rows: rows, relaxedFrom: column))
                    source.columns.append(early)
                    relaxed.append(column.name)
                }
            }
            let kept = inContract ? drops : []
            let removed = indexesUsing(kept, in: table, live: liveTable).map(\.name)
            var reasons = differences.map(\.description)
            reasons += newColumns.filter { !Planner.canAddColumn($0) }
                .map { "column \($0.name) added (ADD COLUMN cannot add it as declared)" }
            if !kept.isEmpty {
                reasons.append("drop columns \(kept.joined(separator: ", "))"
                    + (removed.isEmpty ? "" : " and the undeclared index\(removed.count == 1 ? "" : "es") "
                        + "\(removed.joined(separator: ", ")) that use\(removed.count == 1 ? "s" : "") them"))
            }
            let created = createdIndexes(table.name).map(\.name)
            if !created.isEmpty {
                reasons.append("index\(created.count == 1 ? "" : "es") \(created.joined(separator: ", ")) created as declared")
            }
            var rebuild = try rebuildStep(table, from: source, dropping: kept, relaxed: relaxed, rows: rows,
                                          constraints: rows > 0 ? constraints : [], reasons: reasons)
            rebuild.checks += uniqueIndexes.map { index in
                uniqueCheck(table: table, columns: index.columns, condition: index.condition,
                            constraint: .unique(columns: index.columns), index: index.name)
            }
            rebuild.phase = inContract ? .contract : .expand
            outcome.rebuild = rebuild
            outcome.removedIndexes = removed
            return outcome
        }

        /// The unique indexes that a rebuild of `table` creates and that its rows could violate:
        /// the new and changed ones, and those kept over a column whose collation or type changes
        /// (values that were distinct may compare equal). Expression indexes are left to SQLite.
        private func uniqueIndexesAtRisk(_ table: Table, live liveTable: Table) -> [Index] {
            let created = createdIndexes(table.name).filter(\.isUnique)
            let liveColumns = TableShape(liveTable, in: diff.renamedLive).columns
            let changed = Set(TableShape(table, in: declared).columns.filter { want in
                guard let have = liveColumns.first(where: { $0.name == want.name }) else { return false }
                return want.collation != have.collation || want.type != have.type
            }.map(\.name))
            let kept = (table.indexes + liveTable.indexes.filter { keepsUndeclaredIndex($0, of: table, dropping: []) })
                .filter { index in
                    index.isUnique && !created.contains { $0.name.isSameName(as: index.name) }
                        && index.columns.contains { changed.contains($0.sqlNameKey) }
                }
            return (created + kept).filter { index in
                index.columns.allSatisfy { table.column(named: $0) != nil || liveTable.column(named: $0) != nil }
            }
        }

        /// Whether a live table accepts this column's type (a STRICT table takes only its own types).
        static func fits(_ column: Column, in table: Table) -> Bool {
            guard table.isStrict else { return true }
            let type = (column.type ?? "").trimmingCharacters(in: .whitespaces).uppercased()
            return ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"].contains(type)
        }

        private func addColumnStep(_ column: Column, to table: String, rows: Int, relaxedFrom declared: Column?) -> Step {
            let summary = declared == nil
                ? "add column \(table).\(column.name) (native ALTER)"
                : "add column \(table).\(column.name) without its constraints for now (native ALTER); "
                    + "upgrades may fill it, the contract step gives it its declared definition"
            return Step(phase: .expand, summary: summary,
                        statements: ["ALTER TABLE \(SQLText.quote(table)) ADD COLUMN \(SchemaSQL.columnDefinition(column))"],
                        table: table)
        }

        // MARK: Dropping columns

        private func canDropNatively(_ column: String, from table: Table) -> Bool {
            guard planner.supportsDropColumn, let definition = table.column(named: column) else { return false }
            if definition.isPrimaryKey || definition.isUnique || definition.reference != nil { return false }
            if table.primaryKey.contains(where: { $0.isSameName(as: column) }) { return false }
            if table.uniqueConstraints.contains(where: { $0.contains { $0.isSameName(as: column) } }) { return false }
            if table.foreignKeys.contains(where: { $0.columns.contains { $0.isSameName(as: column) } }) { return false }
            let expressions = table.checks + table.columns.compactMap(\.check) + table.columns.compactMap(\.generated?.expression)
            return !expressions.contains { Self.mentions($0, anyOf: [column]) }
        }

        /// The undeclared indexes of a table that use any of these columns.
        private func indexesUsing(_ columns: [String], in table: Table, live liveTable: Table) -> [Index] {
            liveTable.indexes.filter { index in
                table.index(named: index.name) == nil && !droppedIndex(index.name) && Self.index(index, uses: columns)
            }
        }

        private func dropSteps(_ columns: [String], from table: Table, live liveTable: Table) -> [Step] {
            columns.map { column in
                var statements: [String] = []
                var dropped: [String] = []
                for index in indexesUsing([column], in: table, live: liveTable) {
                    statements.append("DROP INDEX \(SQLText.quote(index.name))")
                    dropped.append(index.name)
                }
                statements.append("ALTER TABLE \(SQLText.quote(table.name)) DROP COLUMN \(SQLText.quote(column))")
                let also = dropped.isEmpty ? "" : "; also drops the undeclared index \(dropped.joined(separator: ", ")) that uses it"
                return Step(phase: .contract, summary: "drop column \(table.name).\(column) (listed under drop; native ALTER\(also))",
                            statements: statements, table: table.name)
            }
        }
    }
}
