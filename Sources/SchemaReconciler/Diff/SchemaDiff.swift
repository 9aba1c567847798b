// MARK: - SchemaDiff

/// The differences between a declared schema and a live one whose tables and columns already
/// carry their declared names (see ``RenameDiff``): a pure function of the two models and the
/// `drop` list, with no I/O. Names are matched as SQLite matches them.
///
/// ```swift
/// let diff = try SchemaDiff(declared: file.schema, drop: file.drop, live: renamedLive)
/// diff.changes     // [.addColumn(table: "users", column: "nickname"), …]
/// diff.undeclared  // objects the database has and the file does not declare
/// ```
package struct SchemaDiff: Sendable {
    /// The changes, tables in declared order, then views, then triggers (the planner orders
    /// the steps).
    package private(set) var changes: [Change] = []
    /// Live objects the file does not declare and does not drop.
    package private(set) var undeclared: [UndeclaredObject] = []

    /// Whether the database already matches the declaration.
    package var isEmpty: Bool { changes.isEmpty }

    /// Compares `declared` (with its `drop` list) against `live`.
    /// - Throws: ``DiffError`` when an index's rename hint cannot be followed.
    package init(declared: Schema, drop: DropList = DropList(), live: Schema) throws(DiffError) {
        let memo = ExpressionMemo()
        for table in declared.tables {
            if let liveTable = live.table(named: table.name) {
                try compareTable(table, with: liveTable, declared: declared, drop: drop, live: live, memo: memo)
            } else {
                changes.append(.createTable(table: table.name))
            }
        }
        for table in live.tables where declared.table(named: table.name) == nil {
            if drop.tables.containsName(table.name) {
                changes.append(.dropTable(table: table.name))
                continue
            }
            undeclared.append(UndeclaredObject(kind: .table, name: table.name))
            for index in table.indexes where drop.indexes.containsName(index.name) {
                changes.append(.dropIndex(table: table.name, index: index.name))
            }
        }
        compareVirtualTables(declared: declared, drop: drop, live: live)
        compareViews(declared: declared, drop: drop, live: live)
        compareTriggers(declared: declared, drop: drop, live: live)
    }

    // MARK: Virtual tables, views and triggers

    private mutating func compareVirtualTables(declared: Schema, drop: DropList, live: Schema) {
        for table in declared.virtualTables {
            if let liveTable = live.virtualTable(named: table.name) {
                if liveTable.shape != table.shape || liveTable.name != table.name {
                    changes.append(.recreateVirtualTable(table: table.name))
                }
            } else {
                changes.append(.createVirtualTable(table: table.name))
            }
        }
        for table in live.virtualTables where declared.virtualTable(named: table.name) == nil {
            if drop.tables.containsName(table.name) {
                changes.append(.dropTable(table: table.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .virtualTable, name: table.name))
            }
        }
    }

    private mutating func compareViews(declared: Schema, drop: DropList, live: Schema) {
        for view in declared.views {
            if let liveView = live.view(named: view.name) {
                if liveView.shape != view.shape || liveView.name != view.name {
                    changes.append(.recreateView(view: view.name))
                }
            } else {
                changes.append(.createView(view: view.name))
            }
        }
        for view in live.views where declared.view(named: view.name) == nil {
            if drop.views.containsName(view.name) {
                changes.append(.dropView(view: view.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .view, name: view.name))
            }
        }
    }

    private mutating func compareTriggers(declared: Schema, drop: DropList, live: Schema) {
        for trigger in declared.triggers {
            if let liveTrigger = live.trigger(named: trigger.name) {
                if liveTrigger.shape != trigger.shape || liveTrigger.name != trigger.name {
                    changes.append(.recreateTrigger(trigger: trigger.name, table: trigger.table))
                }
            } else {
                changes.append(.createTrigger(trigger: trigger.name, table: trigger.table))
            }
        }
        for trigger in live.triggers where declared.trigger(named: trigger.name) == nil {
            if drop.triggers.containsName(trigger.name) {
                changes.append(.dropTrigger(trigger: trigger.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .trigger, name: trigger.name, table: trigger.table))
            }
        }
    }

    // MARK: One table

    private mutating func compareTable(_ table: Schema.Table, with live: Schema.Table, declared: Schema,
                                       drop: DropList, live liveSchema: Schema, memo: ExpressionMemo) throws(DiffError) {
        // Columns: new, dropped and undeclared ones.
        let droppable = drop.columns(of: table.name)
        var dropped = Set<SQLName>()
        for column in live.columns where table.column(named: column.name) == nil {
            if droppable.containsName(column.name) {
                changes.append(.dropColumn(table: table.name, column: column.name))
                dropped.insert(column.name.sqlName)
            } else {
                undeclared.append(UndeclaredObject(kind: .column, name: column.name, table: table.name))
            }
        }
        let added = table.columns.filter { live.column(named: $0.name) == nil }
        changes += added.map { .addColumn(table: table.name, column: $0.name) }
        changes += TableComparison(declared: table, in: declared, live: live, in: liveSchema,
                                   added: Set(added.map(\.name.sqlName)), dropped: dropped, memo: memo)
            .differences.map { .alterTable(table: table.name, difference: $0) }
        try compareIndexes(of: table, with: live, declared: declared, drop: drop, live: liveSchema)
    }

    private mutating func compareIndexes(of table: Schema.Table, with live: Schema.Table, declared: Schema,
                                         drop: DropList, live liveSchema: Schema) throws(DiffError) {
        var claimed = Set<SQLName>()
        for index in table.indexes {
            var source = live.index(named: index.name)
            for old in index.renamedFrom where !old.isSameName(as: index.name) {
                guard let oldIndex = live.index(named: old) else { continue }
                if source != nil {
                    throw .renameConflict(kind: .index, old: oldIndex.name, new: index.name, table: table.name)
                }
                source = oldIndex
            }
            if let liveIndex = source {
                claimed.insert(liveIndex.name.sqlName)
                if liveIndex.shape(on: table.name) != index.shape(on: table.name) || liveIndex.name != index.name {
                    changes.append(.recreateIndex(table: table.name, index: index.name, from: liveIndex.name))
                }
            } else if let elsewhere = liveSchema.index(named: index.name) {
                // The name is taken by an index on another table: it moves here.
                changes.append(.recreateIndex(table: table.name, index: index.name, from: elsewhere.index.name))
            } else {
                changes.append(.createIndex(table: table.name, index: index.name))
            }
        }
        for index in live.indexes where !claimed.contains(index.name.sqlName) && declared.index(named: index.name) == nil {
            if drop.indexes.containsName(index.name) {
                changes.append(.dropIndex(table: table.name, index: index.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .index, name: index.name, table: table.name))
            }
        }
    }
}
