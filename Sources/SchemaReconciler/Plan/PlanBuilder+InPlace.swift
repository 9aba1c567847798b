// MARK: - In-place edits

extension Planner.Builder {
    /// The in-place edit of one table, when every change it needs leaves the stored rows as they
    /// are: the table keeps its columns in their order (new ones come last), its keys, its rowid
    /// and its storage, and what changes is a constraint, a default, a type spelling of the same
    /// affinity, an affinity that converts no stored value, a collation (its indexes are then
    /// rebuilt), or new columns. Nil when a rebuild is needed, or the connection does not allow
    /// schema edits.
    ///
    /// What the edit adds (NOT NULL, CHECK, a key under a new collation) is counted first; a
    /// foreign key is checked with the rest of the database when the sync ends. The edit comes
    /// after the upgrades when rows could fail it, and columns it makes NOT NULL are then added
    /// before them, for the upgrades to fill.
    func inPlaceEdit(_ table: Schema.Table, live liveTable: Schema.Table, changes: TableChanges) -> TableOutcome? {
        guard planner.facts.allowsSchemaEdits, !planner.facts.copiedTables.contains(table.name.sqlName),
              changes.dropped.isEmpty, !table.isStrict || !changes.differences.contains(where: Self.changesType),
              Self.appendsColumns(table, to: liveTable),
              changes.differences.allSatisfy({ isEditableInPlace($0, table: table, live: liveTable) }) else { return nil }
        let hasRows = mayHoldRows(table.name)
        let constraints = hasRows ? tightenings(of: table, changes: changes) : []
        guard constraints.allSatisfy(Self.isCheckedInPlace) else { return nil }
        let inContract = !constraints.isEmpty
        // Values were counted before the upgrades, which may write values the new affinity converts.
        guard !inContract || !changes.differences.contains(where: Self.reliesOnCountedValues) else { return nil }
        var outcome = TableOutcome()
        var source = liveTable
        var relaxed: [String] = []
        for column in changes.added {
            guard !column.isPrimaryKey, !column.isUnique, column.generated == nil else { return nil }
            guard hasRows else { continue }
            if !inContract {
                guard Planner.canAddColumn(column) else { return nil }
                continue
            }
            // Added before the upgrades as SQLite's ADD COLUMN takes it; the edit gives it the rest.
            let early = Planner.canAddColumn(column) && column.check == nil ? column : Planner.relaxedColumn(column)
            guard let early, Self.fits(early, in: liveTable), !Self.needsFilling(early, declared: column) else { return nil }
            outcome.expand.append(addColumnStep(early, to: table.name, isDeferred: early != column))
            source.columns.append(early)
            if early != column { relaxed.append(column.name) }
        }
        let appended = inContract || !changes.differences.isEmpty ? nil : appended(table, to: liveTable)
        var edit = editStep(table, from: source, changes: changes, appending: appended)
        edit.checks = constraints.compactMap { dataCheck(for: $0, table: table, source: source, relaxed: relaxed) }
        edit.checks += collationChanges(changes).isEmpty ? [] : uniqueIndexesAtRisk(table, live: liveTable).map { index in
            uniqueCheck(table: table, terms: index.terms, condition: index.condition,
                        constraint: .unique(columns: index.columns), index: index.name)
        }
        edit.phase = inContract ? .contract : .expand
        outcome.edit = edit
        if !collationChanges(changes).isEmpty {
            outcome.reindex = Step(.reindexTable(table: table.name), phase: edit.phase, changes: [],
                                   statements: ["REINDEX \(SQLText.quote(table.name))"])
        }
        return outcome
    }

    /// The step that writes the table's declared definition into `sqlite_schema`, after writing
    /// out in full the rows whose value a changed default would otherwise change.
    private func editStep(_ table: Schema.Table, from source: Schema.Table, changes: TableChanges,
                          appending appended: String?) -> Step {
        let definition = appended ?? SchemaSQL.createTable(table, kept: source.keptClauses)
        var statements: [String] = []
        for case .columnDefault(let name, _, _) in changes.differences {
            guard let column = source.column(named: name), let sql = Self.materializing(column, of: table.name) else { continue }
            statements.append(sql)
        }
        statements.append(Self.writing(definition, of: table.name))
        var carried = changes.differences.map { Change.alterTable(table: table.name, difference: $0) }
        carried += changes.added.map { Change.addColumn(table: table.name, column: $0.name) }
        var step = Step(.editTable(table: table.name), phase: .expand, method: .inPlace, changes: carried,
                        rows: rowCount(table.name), statements: statements)
        step.editedDefinition = definition
        step.isAppendOnly = appended != nil
        return step
    }

    /// The live table's stored statement with the declared table's new columns written where
    /// `ADD COLUMN` writes them, for a table where new columns are all that changes.
    private func appended(_ table: Schema.Table, to liveTable: Schema.Table) -> String? {
        guard liveTable.storedDefinition.isKnown, table.columns.count > liveTable.columns.count else { return nil }
        let kept = table.constraintNames.applied(to: KeptClauses())
        return liveTable.storedDefinition.appending(table.columns.dropFirst(liveTable.columns.count).map {
            SchemaSQL.columnDefinition($0, kept: kept, conflicts: table.conflictResolutions)
        })
    }

    /// The statement that stores `definition` as the table's.
    private static func writing(_ definition: String, of table: String) -> String {
        "UPDATE sqlite_master SET sql = \(SQLText.literal(definition)) "
            + "WHERE type = 'table' AND name = \(SQLText.literal(table)) COLLATE NOCASE"
    }

    // MARK: What can change in place

    /// Whether a difference leaves every stored row as it is (a default does, once the rows that
    /// read it from the definition hold it themselves).
    private func isEditableInPlace(_ difference: TableDifference, table: Schema.Table, live liveTable: Schema.Table) -> Bool {
        switch difference {
        case .columnNotNull, .check, .foreignKey, .constraintName, .conflictResolution:
            return true
        case .columnType(let name, _, _):
            guard difference.changesAffinity else { return true }
            guard let conversion = Planner.affinityConversion(for: difference) else { return false }
            return keepsStoredValues(ofColumn: name, conversion: conversion, in: table, live: liveTable)
        case .columnDefault(let name, _, _):
            // Writing the rows out must not fire a trigger.
            let fired = live.triggers.contains { trigger in
                trigger.table.isSameName(as: liveTable.name)
                    && ((try? TriggerStatement.parse(trigger.sql).get())?.fires(onUpdateOf: name) ?? true)
            }
            guard !fired, let column = liveTable.column(named: name) else { return false }
            return column.generated == nil
        case .columnCollation(let name, _, _):
            // A WITHOUT ROWID table stores its rows in the order of its key.
            return !(table.isWithoutRowID && table.primaryKeyColumns.containsName(name))
        case .columnGenerated, .primaryKey, .autoincrement, .unique, .strict, .withoutRowID, .columnOrder:
            return false
        }
    }

    /// Whether a difference changes a column's type.
    private static func changesType(_ difference: TableDifference) -> Bool {
        if case .columnType = difference { return true }
        return false
    }

    /// Whether a constraint that existing rows could fail can be checked before an in-place edit:
    /// NOT NULL and CHECK by counting, a foreign key at the end of the sync, a key whose
    /// collation changes by counting its duplicates.
    private static func isCheckedInPlace(_ constraint: Constraint) -> Bool {
        switch constraint {
        case .notNull, .check, .foreignKey, .unique, .primaryKey: true
        case .strictType, .withoutRowID: false
        }
    }

    /// Whether the declared table has the live columns, in their order, then only new ones.
    private static func appendsColumns(_ table: Schema.Table, to liveTable: Schema.Table) -> Bool {
        guard table.columns.count >= liveTable.columns.count else { return false }
        return zip(table.columns, liveTable.columns).allSatisfy { $0.name == $1.name }
    }

    /// Whether an early column leaves rows that its declared default must fill (a rebuild
    /// copies them with that default).
    private static func needsFilling(_ early: Schema.Column, declared column: Schema.Column) -> Bool {
        guard let value = column.defaultValue, !value.isNull else { return false }
        return early.defaultValue != column.defaultValue
    }

    /// The collation differences among the table's changes.
    private func collationChanges(_ changes: TableChanges) -> [TableDifference] {
        changes.differences.filter { if case .columnCollation = $0 { true } else { false } }
    }

    /// `UPDATE t SET c = c WHERE c IS <default>`: rows written before the column was added hold
    /// no value for it and read its default from the definition; written out, they keep it. Nil
    /// for a default that is not constant, which ADD COLUMN refuses: every row holds its value.
    private static func materializing(_ column: Schema.Column, of table: String) -> String? {
        if let value = column.defaultValue, !value.isConstant { return nil }
        let name = SQLText.quote(column.name)
        let current = column.defaultValue?.sqlExpression ?? "NULL"
        return "UPDATE \(SQLText.quote(table)) SET \(name) = \(name) WHERE \(name) IS \(current)"
    }
}
