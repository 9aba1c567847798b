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
    package private(set) var undeclared: [SchemaObject] = []

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
            undeclared.append(SchemaObject(kind: .table, name: table.name))
            for index in table.indexes where drop.indexes.containsName(index.name) {
                changes.append(.dropIndex(table: table.name, index: index.name))
            }
        }
        compare(declared.virtualTables, live.virtualTables, dropping: drop.tables, differ: { $0.shape != $1.shape },
                create: { .createVirtualTable(table: $0.name) }, recreate: { .recreateVirtualTable(table: $0.name) },
                drop: { .dropTable(table: $0.name) }, keep: { SchemaObject(kind: .virtualTable, name: $0.name) })
        compare(declared.views, live.views, dropping: drop.views, differ: { $0.shape != $1.shape },
                create: { .createView(view: $0.name) }, recreate: { .recreateView(view: $0.name) },
                drop: { .dropView(view: $0.name) }, keep: { SchemaObject(kind: .view, name: $0.name) })
        compare(declared.triggers, live.triggers, dropping: drop.triggers, differ: { $0.shape != $1.shape },
                create: { .createTrigger(trigger: $0.name, table: $0.table) },
                recreate: { .recreateTrigger(trigger: $0.name, table: $0.table) },
                drop: { .dropTrigger(trigger: $0.name) },
                keep: { SchemaObject(kind: .trigger, name: $0.name, table: $0.table) })
    }

    // MARK: Virtual tables, views and triggers

    /// Compares the declared objects of one kind with the live ones, by name as SQLite compares
    /// names: a declared object the database lacks is created; one that `differ`s from the live
    /// one, or whose name is spelt another way, is created again; a live object the file does not
    /// declare is dropped when `dropped` lists it, and kept, as undeclared, otherwise.
    private mutating func compare<Object: NamedObject>(
        _ declared: [Object], _ live: [Object], dropping dropped: [String], differ: (Object, Object) -> Bool,
        create: (Object) -> Change, recreate: (Object) -> Change, drop: (Object) -> Change,
        keep: (Object) -> SchemaObject
    ) {
        let liveByName = Dictionary(live.map { ($0.name.sqlName, $0) }, uniquingKeysWith: { first, _ in first })
        for object in declared {
            if let liveObject = liveByName[object.name.sqlName] {
                if differ(liveObject, object) || liveObject.name != object.name { changes.append(recreate(object)) }
            } else {
                changes.append(create(object))
            }
        }
        let declaredNames = Set(declared.map(\.name.sqlName))
        for object in live where !declaredNames.contains(object.name.sqlName) {
            if dropped.containsName(object.name) {
                changes.append(drop(object))
            } else {
                undeclared.append(keep(object))
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
                undeclared.append(SchemaObject(kind: .column, name: column.name, table: table.name))
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
                undeclared.append(SchemaObject(kind: .index, name: index.name, table: table.name))
            }
        }
    }
}
