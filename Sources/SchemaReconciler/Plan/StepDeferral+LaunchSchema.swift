// MARK: - The schema a launch leaves

extension StepDeferral {
    /// The schema a launch leaves when work waits: the declared schema, but for the changes
    /// that wait, which it leaves as the live schema has them.
    ///
    /// ```swift
    /// let launch = deferral.launchSchema(for: diff, copying: [])
    /// launch.schema.table(named: "books")?.column(named: "body")  // still there, nullable
    /// launch.waiting["books"]  // [drop column books.body, table books: column isbn: NOT NULL added, …]
    /// ```
    struct LaunchSchema {
        /// The schema, as the launch is planned to it and the waiting work from it.
        var schema: Schema
        /// What the launch drops.
        var drop: DropList
        /// The columns waiting to be dropped that are NOT NULL without a default, by table: the
        /// launch makes them nullable, so that the new app's INSERT, which no longer names
        /// them, succeeds.
        var relaxed: [SQLName: [String]] = [:]
        /// The changes that wait, by table.
        var waiting: [SQLName: [Change]] = [:]
    }

    /// The schema a launch leaves for `diff`, with all the work on the tables `copied` done.
    func launchSchema(for diff: SchemaDiff, copying copied: Set<SQLName>) -> LaunchSchema {
        var launch = LaunchSchema(schema: declared, drop: drop)
        var changesByTable: [SQLName: [Change]] = [:]
        for change in diff.changes {
            if let table = change.table { changesByTable[table.sqlName, default: []].append(change) }
        }
        for (position, table) in declared.tables.enumerated() {
            guard !copied.contains(table.name.sqlName), let liveTable = live.table(named: table.name) else { continue }
            let changes = changesByTable[table.name.sqlName] ?? []
            let waiting = changes.filter { waits($0, in: table, live: liveTable, among: changes) }
            // A column order the launch must change is a copy, which then does everything.
            guard !waiting.isEmpty, !changes.contains(where: { $0.isColumnOrder && !waiting.contains($0) }) else { continue }
            launch.schema.tables[position] = launchTable(table, live: liveTable, waiting: waiting)
            launch.waiting[table.name.sqlName] = waiting
            let relaxed = liveTable.columns.filter { column in
                waiting.contains(.dropColumn(table: table.name, column: column.name)) && column.isNotNull
                    && column.defaultValue == nil && column.generated == nil
            }
            if !relaxed.isEmpty { launch.relaxed[table.name.sqlName] = relaxed.map(\.name) }
        }
        for case .dropTable(let name) in diff.changes where kinds.contains(.dropsData) {
            if let table = live.table(named: name) {
                launch.schema.tables.append(table)
            } else if let table = live.virtualTable(named: name) {
                launch.schema.virtualTables.append(table)
            } else {
                continue
            }
            launch.waiting[name.sqlName] = [.dropTable(table: name)]
        }
        launch.drop = launchDrops(diff, waiting: launch.waiting)
        return launch
    }

    /// The declared drops, but for those that wait.
    private func launchDrops(_ diff: SchemaDiff, waiting: [SQLName: [Change]]) -> DropList {
        var columns: [String: [String]] = [:]
        for case .dropColumn(let table, let column) in diff.changes
        where !(waiting[table.sqlName] ?? []).contains(.dropColumn(table: table, column: column)) {
            columns[table, default: []].append(column)
        }
        return DropList(tables: drop.tables.filter { waiting[$0.sqlName] == nil }, columns: columns,
                        indexes: drop.indexes, views: drop.views, triggers: drop.triggers)
    }

    // MARK: What waits

    /// Whether `change`, one of `changes` of `table` (declared; `liveTable` is the live one),
    /// may wait: its hazard kind may, and the new app's reads and writes do not need it.
    private func waits(_ change: Change, in table: Schema.Table, live liveTable: Schema.Table, among changes: [Change]) -> Bool {
        switch change {
        case .dropColumn:
            return kinds.contains(.dropsData)
        case .createIndex(_, let name):
            // An upsert's ON CONFLICT names a UNIQUE index: it never waits.
            return buildsIndexLater(table) && table.index(named: name)?.isUnique == false
        case .recreateIndex(_, let name, let from):
            return buildsIndexLater(table) && table.index(named: name)?.isUnique == false
                && liveTable.index(named: from)?.isUnique == false
        case .alterTable(_, .columnOrder):
            return kinds.contains(.copiesRows)
        case .alterTable(_, .columnType(let column, let from, let to)):
            return widensLater(column, from: from, to: to, in: table, live: liveTable)
        case .alterTable(_, .foreignKey(let columns, let parent, true)):
            // A foreign key that replaces one on the same columns keeps its actions at launch.
            let replaces = changes.contains { other in
                guard case .alterTable(_, .foreignKey(let old, _, false)) = other else { return false }
                return old.map(\.sqlName) == columns.map(\.sqlName)
            }
            return !replaces && scansRowsLater(.foreignKey(columns: columns, parent: parent, isAdded: true), in: table, among: changes)
        case .alterTable(_, let difference):
            return scansRowsLater(difference, in: table, among: changes)
        default:
            return false
        }
    }

    /// Whether a difference only adds what the rows are checked against, and row scans may wait.
    private func scansRowsLater(_ difference: TableDifference, in table: Schema.Table, among changes: [Change]) -> Bool {
        guard kinds.contains(.scansRows), !difference.loosens else { return false }
        let added = Set(changes.compactMap { change -> SQLName? in
            if case .addColumn(_, let column) = change { column.sqlName } else { nil }
        })
        return !difference.tightenings(in: table, addedColumns: added).isEmpty
    }

    /// Whether a column's type change may wait: one that widens whole numbers to REAL (from
    /// INTEGER or NUMERIC affinity), whose copy may, on a table whose rows would be converted
    /// by it (else it is an edit in place, which costs nothing to run now).
    ///
    /// Every value the app writes before the copy is then stored as the copy keeps it: a REAL
    /// stays a REAL, a whole number becomes a REAL when copied, as it would be when written
    /// under the new type. A Swift `Double` reads the rows not yet copied as it reads the
    /// copied ones. So that nothing else reads the stored values under the old type, the
    /// column is in no key and no foreign key, is not generated, the table is not STRICT (whose
    /// INTEGER column would refuse a REAL) and has no trigger, CHECK, generated column, or index
    /// on an expression or with a WHERE clause.
    private func widensLater(_ column: String, from: String?, to: String?, in table: Schema.Table,
                             live liveTable: Schema.Table) -> Bool {
        guard kinds.contains(.copiesRows), [.integer, .numeric].contains(TypeAffinity(declaredType: from)),
              TypeAffinity(declaredType: to) == .real, facts.mayHoldRows(table.name),
              facts.unconvertedColumns[table.name.sqlName]?.contains(column.sqlName) != true else { return false }
        return !table.isStrict && !liveTable.isStrict && !hasTriggers(on: table.name)
            && table.leavesStoredValuesUnread(column, foreignKeysOf: declared)
            && liveTable.leavesStoredValuesUnread(column, foreignKeysOf: live)
    }

    /// Whether a trigger is, or is to be, on the table.
    private func hasTriggers(on table: String) -> Bool {
        (declared.triggers + live.triggers).contains { $0.table.isSameName(as: table) }
    }

    /// Whether index builds over the table's rows may wait: they may, and it may hold rows.
    private func buildsIndexLater(_ table: Schema.Table) -> Bool {
        kinds.contains(.buildsIndex) && facts.mayHoldRows(table.name)
    }

    // MARK: The table at launch

    /// The declared table with what waits left as `liveTable` has it: the live columns in
    /// their order (those waiting to be dropped made nullable when they are NOT NULL without a
    /// default), then the new ones, as `ADD COLUMN` takes them with the constraints that scan
    /// rows left to wait; the added constraints that wait left out; the live index in place of
    /// each index build that waits.
    private func launchTable(_ table: Schema.Table, live liveTable: Schema.Table, waiting: [Change]) -> Schema.Table {
        var launch = table
        let dropped = drop.columns(of: table.name)
        launch.columns = liveTable.columns.compactMap { column in
            if let declared = table.column(named: column.name) { return declared }
            guard waiting.contains(.dropColumn(table: table.name, column: column.name)) else {
                return dropped.containsName(column.name) ? nil : column
            }
            var relaxed = column
            if column.defaultValue == nil && column.generated == nil { relaxed.isNotNull = false }
            return relaxed
        } + table.columns.filter { liveTable.column(named: $0.name) == nil }.map(launchColumn)
        for case .alterTable(_, let difference) in waiting { launch.leaveOut(difference) }
        launch.indexes = table.indexes.compactMap { index in
            for change in waiting {
                if case .createIndex(_, let name) = change, name.isSameName(as: index.name) { return nil }
                if case .recreateIndex(_, let name, let from) = change, name.isSameName(as: index.name) {
                    return liveTable.index(named: from)
                }
            }
            return index
        }
        // As the database will read: the names the file gives, over those the table has; the
        // undeclared columns kept with their conflict clauses.
        launch.keptClauses = table.constraintNames.applied(to: liveTable.keptClauses)
        launch.takeConflictResolutions(from: liveTable, onColumns: liveTable.columns.map(\.name).filter { table.column(named: $0) == nil })
        return launch
    }

    /// A new column as the launch adds it: as declared when `ADD COLUMN` takes it without a
    /// scan; else, when row scans may wait, without the NOT NULL, UNIQUE, CHECK or reference
    /// that would need one; as declared again when `ADD COLUMN` cannot take even that (the
    /// launch then copies the table).
    private func launchColumn(_ column: Schema.Column) -> Schema.Column {
        guard kinds.contains(.scansRows), !Planner.canAddColumn(column) || column.check != nil else { return column }
        var relaxed = column
        let hasDefault = !(column.defaultValue?.isNull ?? true)
        relaxed.isUnique = false
        relaxed.check = nil
        if column.isNotNull && !hasDefault && column.generated == nil { relaxed.isNotNull = false }
        if column.reference != nil && hasDefault { relaxed.reference = nil }
        return Planner.canAddColumn(relaxed) ? relaxed : column
    }
}

// MARK: - Leaving an added constraint out

private extension Schema.Table {
    /// The table without what `difference` adds, when it adds a constraint that scans rows.
    mutating func leaveOut(_ difference: TableDifference) {
        switch difference {
        case .columnNotNull(let name, true):
            updateColumn(name) { $0.isNotNull = false }
        case .check(let expression, true):
            columns = columns.map { column in
                var column = column
                if column.check == expression { column.check = nil }
                return column
            }
            checks.removeAll { $0 == expression }
        case .unique(let names, true):
            if names.count == 1 { updateColumn(names[0]) { $0.isUnique = false } }
            uniqueConstraints.removeAll { $0.map(\.sqlName) == names.map(\.sqlName) }
        case .foreignKey(let names, let parent, true):
            if names.count == 1 {
                updateColumn(names[0]) { column in
                    if column.reference?.table.isSameName(as: parent) == true { column.reference = nil }
                }
            }
            foreignKeys.removeAll { $0.columns.map(\.sqlName) == names.map(\.sqlName) && $0.table.isSameName(as: parent) }
        case .columnType(let name, let from, _):
            updateColumn(name) { $0.type = from }
        case .strict(true):
            isStrict = false
        case .withoutRowID(true):
            isWithoutRowID = false
        default:
            break
        }
    }

    mutating func updateColumn(_ name: String, _ update: (inout Schema.Column) -> Void) {
        guard let position = columns.firstIndex(where: { $0.name.isSameName(as: name) }) else { return }
        update(&columns[position])
    }
}

// MARK: - Differences

private extension Change {
    /// Whether the change puts a table's columns in another order.
    var isColumnOrder: Bool {
        if case .alterTable(_, .columnOrder) = self { return true }
        return false
    }
}

extension TableDifference {
    /// Whether the difference lets the table accept a write it refused: the new app may make one.
    var loosens: Bool {
        switch self {
        case .columnNotNull(_, false), .unique(_, false), .check(_, false), .foreignKey(_, _, false),
             .strict(false), .columnType, .columnCollation, .columnDefault, .primaryKey, .columnGenerated:
            return true
        default:
            return false
        }
    }
}
