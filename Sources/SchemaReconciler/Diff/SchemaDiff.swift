// MARK: - SchemaDiff

/// The differences between a declared schema and a live one: a pure function of the two
/// models (and the `drop` list), with no I/O.
///
/// ```swift
/// let diff = try SchemaDiff(declared: file.schema, drop: file.drop, live: try SchemaInspector().inspect(db))
/// diff.changes     // [.addColumn(table: "users", column: …), …]
/// diff.undeclared  // objects the database has and the file does not declare
/// ```
package struct SchemaDiff: Sendable {
    /// The changes, in no particular execution order (the planner orders them).
    package private(set) var changes: [Change] = []
    /// Live objects the file does not declare and does not drop.
    package private(set) var undeclared: [UndeclaredObject] = []
    /// For each declared table that exists live: the live table, with renames applied.
    package private(set) var matchedTables: [String: Table] = [:]
    /// Live names (by `sqlNameKey`) of declared tables, before renames.
    package private(set) var liveNames: [String: String] = [:]
    /// The live schema as it is once the renames are done (SQLite rewrites what refers to them).
    package private(set) var renamedLive = Schema()

    /// Whether the database already matches the declaration.
    package var isEmpty: Bool { changes.isEmpty }

    /// Compares `declared` (with its `drop` list) against `live`.
    /// - Throws: ``DiffError`` when a rename hint cannot be followed.
    package init(declared: Schema, drop: DropList = DropList(), live: Schema) throws {
        // Renames first, applied to the whole live schema as SQLite applies them: foreign keys,
        // indexes and triggers that name the old table or column follow.
        var renamed = live
        var claimedLiveTables = Set<String>()
        for table in declared.tables {
            var source = live.table(named: table.name)
            for old in table.renamedFrom where !old.isSameName(as: table.name) {
                guard let oldTable = live.table(named: old) else { continue }
                if source != nil {
                    throw DiffError.renameConflict(kind: "table", old: oldTable.name, new: table.name, table: nil)
                }
                source = oldTable
            }
            guard let liveTable = source else {
                changes.append(.createTable(table))
                continue
            }
            claimedLiveTables.insert(liveTable.name.sqlNameKey)
            liveNames[table.name.sqlNameKey] = liveTable.name
            if liveTable.name != table.name {
                changes.append(.renameTable(from: liveTable.name, to: table.name))
                renamed.rename(table: liveTable.name, to: table.name)
            }
        }
        for table in declared.tables {
            guard let liveTable = renamed.table(named: table.name), liveNames[table.name.sqlNameKey] != nil else { continue }
            for column in table.columns {
                var source = liveTable.column(named: column.name)
                for old in column.renamedFrom where !old.isSameName(as: column.name) {
                    guard let oldColumn = liveTable.column(named: old) else { continue }
                    if source != nil {
                        throw DiffError.renameConflict(kind: "column", old: oldColumn.name, new: column.name,
                                                       table: table.name)
                    }
                    source = oldColumn
                }
                if let source, source.name != column.name {
                    changes.append(.renameColumn(table: table.name, from: source.name, to: column.name))
                    renamed.rename(column: source.name, of: table.name, to: column.name)
                }
            }
        }
        renamedLive = renamed
        // MARK: Tables
        for table in declared.tables {
            guard liveNames[table.name.sqlNameKey] != nil, var liveTable = renamed.table(named: table.name) else { continue }
            try compareTable(table, with: &liveTable, declared: declared, drop: drop, live: renamed)
            matchedTables[table.name.sqlNameKey] = liveTable
        }
        for table in live.tables where !claimedLiveTables.contains(table.name.sqlNameKey) {
            if drop.tables.contains(where: { $0.isSameName(as: table.name) }) {
                changes.append(.dropTable(table.name))
                continue
            }
            undeclared.append(UndeclaredObject(kind: .table, name: table.name))
            for index in table.indexes where drop.indexes.contains(where: { $0.isSameName(as: index.name) }) {
                changes.append(.dropIndex(table: table.name, name: index.name))
            }
        }
        // MARK: Views
        for view in declared.views {
            if let liveView = renamed.view(named: view.name) {
                if liveView.shape != view.shape || liveView.name != view.name {
                    changes.append(.dropView(liveView.name))
                    changes.append(.createView(view))
                }
            } else {
                changes.append(.createView(view))
            }
        }
        for view in renamed.views where declared.view(named: view.name) == nil {
            if drop.views.contains(where: { $0.isSameName(as: view.name) }) {
                changes.append(.dropView(view.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .view, name: view.name))
            }
        }
        // MARK: Triggers
        for trigger in declared.triggers {
            if let liveTrigger = renamed.trigger(named: trigger.name) {
                if liveTrigger.shape != trigger.shape || liveTrigger.name != trigger.name {
                    changes.append(.dropTrigger(liveTrigger.name))
                    changes.append(.createTrigger(trigger))
                }
            } else {
                changes.append(.createTrigger(trigger))
            }
        }
        for trigger in renamed.triggers where declared.trigger(named: trigger.name) == nil {
            if drop.triggers.contains(where: { $0.isSameName(as: trigger.name) }) {
                changes.append(.dropTrigger(trigger.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .trigger, name: trigger.name, table: trigger.table))
            }
        }
    }

    // MARK: - One table

    private mutating func compareTable(_ table: Table, with live: inout Table, declared: Schema,
                                       drop: DropList, live liveSchema: Schema) throws {
        // Columns (renames already applied): new, dropped and undeclared ones.
        let droppable = drop.columns(of: table.name)
        var dropped = Set<String>()
        for column in live.columns where table.column(named: column.name) == nil {
            if droppable.contains(where: { $0.isSameName(as: column.name) }) {
                changes.append(.dropColumn(table: table.name, column: column.name))
                dropped.insert(column.name.sqlNameKey)
            } else {
                undeclared.append(UndeclaredObject(kind: .column, name: column.name, table: table.name))
            }
        }
        let added = table.columns.filter { live.column(named: $0.name) == nil }
        for column in added {
            changes.append(.addColumn(table: table.name, column: column))
        }
        let differences = Self.differences(declared: table, in: declared, live: live, in: liveSchema, added: added,
                                           dropped: dropped)
        if !differences.isEmpty {
            changes.append(.alterTable(table: table.name, differences: differences))
        }
        // Indexes.
        var claimedIndexes = Set<String>()
        for index in table.indexes {
            var source = live.index(named: index.name)
            for old in index.renamedFrom where !old.isSameName(as: index.name) {
                guard let oldIndex = live.index(named: old) else { continue }
                if source != nil {
                    throw DiffError.renameConflict(kind: "index", old: oldIndex.name, new: index.name, table: table.name)
                }
                source = oldIndex
            }
            if let liveIndex = source {
                claimedIndexes.insert(liveIndex.name.sqlNameKey)
                if liveIndex.shape(on: table.name) == index.shape(on: table.name), liveIndex.name == index.name {
                    continue
                }
                changes.append(.dropIndex(table: table.name, name: liveIndex.name))
            } else if let elsewhere = liveSchema.index(named: index.name) {
                // The name is taken by an index on another table: it moves here.
                claimedIndexes.insert(elsewhere.index.name.sqlNameKey)
                changes.append(.dropIndex(table: elsewhere.table.name, name: elsewhere.index.name))
            }
            changes.append(.createIndex(table: table.name, index: index))
        }
        for index in live.indexes where !claimedIndexes.contains(index.name.sqlNameKey) {
            if declared.index(named: index.name) != nil { continue }
            if drop.indexes.contains(where: { $0.isSameName(as: index.name) }) {
                changes.append(.dropIndex(table: table.name, name: index.name))
            } else {
                undeclared.append(UndeclaredObject(kind: .index, name: index.name, table: table.name))
            }
        }
    }

    /// How `live` (renames applied) differs from `declared`, new columns aside.
    static func differences(declared table: Table, in declaredSchema: Schema, live: Table, in liveSchema: Schema,
                            added: [Column], dropped: Set<String> = []) -> [TableDifference] {
        let declaredNames = table.columns.map(\.name)
        let present = declaredNames.filter { live.column(named: $0) != nil }
        var declaredShape = TableShape(table, in: declaredSchema, columns: present)
        let liveShape = TableShape(live, in: liveSchema, columns: present)
        var result: [TableDifference] = []
        // Columns, one by one.
        for (want, have) in zip(declaredShape.columns, liveShape.columns) where want != have {
            let name = table.column(named: want.name)?.name ?? want.name
            if want.type != have.type {
                result.append(TableDifference(
                    description: "column \(name): type \(have.type.isEmpty ? "(none)" : have.type) → \(want.type.isEmpty ? "(none)" : want.type)",
                    constraint: table.isStrict ? .type(column: name) : nil))
            }
            if want.isNotNull != have.isNotNull {
                result.append(want.isNotNull
                    ? TableDifference(description: "column \(name): NOT NULL added", constraint: .notNull(column: name))
                    : TableDifference(description: "column \(name): NOT NULL removed"))
            }
            if want.defaultValue != have.defaultValue {
                result.append(TableDifference(description: "column \(name): default changed"))
            }
            if want.collation != have.collation {
                // Values that were distinct may now compare equal in a key that uses the column.
                let description = "column \(name): collation \(have.collation ?? "BINARY") → \(want.collation ?? "BINARY")"
                let original = { (keys: [String]) in keys.map { key in table.column(named: key)?.name ?? key } }
                var keys = declaredShape.uniqueConstraints.filter { $0.contains(want.name) }
                    .map { NewConstraint.unique(columns: original($0)) }
                if declaredShape.primaryKey.contains(want.name) {
                    keys.append(.primaryKey(columns: original(declaredShape.primaryKey)))
                }
                result.append(TableDifference(description: description, constraint: keys.first))
                result += keys.dropFirst().map { TableDifference(description: description, constraint: $0) }
            }
            if want.generated != have.generated || want.isStored != have.isStored {
                result.append(TableDifference(description: "column \(name): generated expression changed"))
            }
        }
        // Table-level parts, with new columns taken into account.
        declaredShape = TableShape(table, in: declaredSchema)
        let liveFull = TableShape(live, in: liveSchema, columns: present)
        let addedKeys = Set(added.map(\.name.sqlNameKey))
        if declaredShape.primaryKey != liveFull.primaryKey {
            result.append(TableDifference(
                description: "primary key (\(liveFull.primaryKey.joined(separator: ", "))) → (\(declaredShape.primaryKey.joined(separator: ", ")))",
                constraint: .primaryKey(columns: table.primaryKeyColumns)))
        }
        if declaredShape.isAutoincrement != liveFull.isAutoincrement {
            result.append(TableDifference(description: declaredShape.isAutoincrement ? "AUTOINCREMENT added" : "AUTOINCREMENT removed"))
        }
        for unique in declaredShape.uniqueConstraints where !liveFull.uniqueConstraints.contains(unique) {
            let names = unique.map { key in table.column(named: key)?.name ?? key }
            result.append(TableDifference(description: "UNIQUE (\(names.joined(separator: ", "))) added",
                                          constraint: .unique(columns: names)))
        }
        for unique in liveFull.uniqueConstraints where !declaredShape.uniqueConstraints.contains(unique) {
            result.append(TableDifference(description: "UNIQUE (\(unique.joined(separator: ", "))) removed"))
        }
        let originalChecks = table.columns.compactMap(\.check) + table.checks
        for check in originalChecks where !liveFull.checks.contains(TableShape.normalizedExpression(check)) {
            result.append(TableDifference(description: "CHECK (\(check)) added", constraint: .check(expression: check)))
        }
        let declaredChecks = Set(declaredShape.checks)
        for check in liveFull.checks where !declaredChecks.contains(check) {
            result.append(TableDifference(description: "CHECK (\(check)) removed"))
        }
        for foreignKey in declaredShape.foreignKeys where !liveFull.foreignKeys.contains(foreignKey) {
            let onlyNewColumns = foreignKey.columns.allSatisfy { addedKeys.contains($0) }
            let original = table.allForeignKeys.first { $0.columns.map(\.sqlNameKey) == foreignKey.columns }
            result.append(TableDifference(
                description: "FOREIGN KEY (\(foreignKey.columns.joined(separator: ", "))) REFERENCES \(foreignKey.table) added",
                constraint: onlyNewColumns ? nil : .foreignKey(columns: original?.columns ?? foreignKey.columns,
                                                                 table: original?.table ?? foreignKey.table)))
        }
        for foreignKey in liveFull.foreignKeys where !declaredShape.foreignKeys.contains(foreignKey) {
            result.append(TableDifference(
                description: "FOREIGN KEY (\(foreignKey.columns.joined(separator: ", "))) REFERENCES \(foreignKey.table) removed"))
        }
        if declaredShape.isStrict != liveFull.isStrict {
            result.append(declaredShape.isStrict
                ? TableDifference(description: "STRICT added", constraint: .strictTypes)
                : TableDifference(description: "STRICT removed"))
        }
        if declaredShape.isWithoutRowID != liveFull.isWithoutRowID {
            result.append(TableDifference(
                description: declaredShape.isWithoutRowID ? "WITHOUT ROWID added" : "WITHOUT ROWID removed",
                constraint: declaredShape.isWithoutRowID ? .withoutRowID : nil))
        }
        // Column order: the declared columns in their order, then the undeclared ones that are
        // kept. New columns can only be appended, after everything the table already has.
        let liveOrder = live.columns.map(\.name.sqlNameKey).filter { !dropped.contains($0) }
        let undeclared = liveOrder.filter { key in table.column(named: key) == nil }
        let afterAdding = liveOrder + table.columns.map(\.name.sqlNameKey).filter { addedKeys.contains($0) }
        if afterAdding != table.columns.map(\.name.sqlNameKey) + undeclared {
            let have = live.columns.map(\.name).filter { !dropped.contains($0.sqlNameKey) }
            result.append(TableDifference(description: "column order (\(have.joined(separator: ", "))) → "
                + "(\((declaredNames + have.filter { table.column(named: $0) == nil }).joined(separator: ", ")))"))
        }
        return result
    }
}
