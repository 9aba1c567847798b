// MARK: - Table rebuilds

extension Planner.Builder {
    /// The rebuild of one table, following SQLite's documented procedure: create the new
    /// table under a temporary name, copy the rows column by column (rowids and the
    /// AUTOINCREMENT counter too), drop the old table, rename the new one, and recreate the
    /// indexes and triggers that belonged to it. Views keep working: the rename runs with
    /// `legacy_alter_table` on, so SQLite neither rewrites nor re-checks them.
    func rebuildStep(_ table: Schema.Table, from source: Schema.Table, dropping: [String], relaxed: [String],
                     constraints: [Constraint]) throws(PlanError) -> Step {
        let temporary = Planner.temporaryPrefix + table.name
        try planner.requireTemporaryName(temporary)
        let extras = source.columns.filter { table.column(named: $0.name) == nil && !dropping.containsName($0.name) }
            .map { column in
                var kept = column
                kept.isPrimaryKey = false
                kept.isAutoincrement = false
                return kept
            }
        // What the live definition says that the file need not (key terms with COLLATE or DESC,
        // constraint names) is written again for the constraints the table keeps, and so are the
        // conflict clauses of the undeclared columns it keeps.
        var written = table
        written.takeConflictResolutions(from: source, onColumns: extras.map(\.name))
        var statements = [SchemaSQL.createTable(written, named: temporary, extraColumns: extras, kept: source.keptClauses)]
        let copy = copyStatements(table, from: source, into: temporary, extras: extras, relaxed: relaxed)
        statements += [copy.rows].compactMap { $0 } + copy.counter
        let quotedTable = SQLText.quote(table.name)
        statements += [
            "DROP TABLE \(quotedTable)",
            "PRAGMA legacy_alter_table = ON",
            "ALTER TABLE \(SQLText.quote(temporary)) RENAME TO \(quotedTable)",
            "PRAGMA legacy_alter_table = OFF",
        ]
        statements += restoreStatements(table, from: source, dropping: dropping)

        let changes = changes(of: table.name)
        var carried = changes.differences.map { Change.alterTable(table: table.name, difference: $0) }
        carried += changes.added.map { Change.addColumn(table: table.name, column: $0.name) }
        carried += dropping.map { Change.dropColumn(table: table.name, column: $0) }
        carried += changes.indexes.map(\.change)
        let removed = indexesUsing(dropping, in: table, live: source).map(\.name)
        var step = Step(.rebuildTable(table: table.name), phase: .expand, method: .rebuild, changes: carried,
                        rows: rowCount(table.name), droppedIndexes: removed, statements: statements,
                        checks: constraints.compactMap { dataCheck(for: $0, table: table, source: source, relaxed: relaxed) })
        step.rowCopy = copy.rows
        return step
    }

    /// `INSERT OR ABORT … SELECT` of every column both tables have (and of the rowid), nil when
    /// there is none; and the statements that carry the AUTOINCREMENT counter over.
    private func copyStatements(_ table: Schema.Table, from source: Schema.Table, into temporary: String,
                                extras: [Schema.Column], relaxed: [String]) -> (rows: String?, counter: [String]) {
        var targets: [String] = []
        var values: [String] = []
        for column in table.columns + extras where column.generated == nil {
            guard let from = source.column(named: column.name) else { continue }
            targets.append(SQLText.quote(column.name))
            if relaxed.containsName(column.name), let value = column.defaultValue, !value.isNull, from.defaultValue == nil {
                values.append("coalesce(\(SQLText.quote(from.name)), \(value.sqlExpression))")
            } else {
                values.append(SQLText.quote(from.name))
            }
        }
        if !table.isWithoutRowID && !source.isWithoutRowID && table.rowIDAliasColumn(writtenWith: source.keptClauses) == nil {
            let taken = Set((table.columns + extras + source.columns).map(\.name.sqlName))
            if let alias = SQLName.rowIDNames.first(where: { !taken.contains($0.sqlName) }) {
                targets.insert(alias, at: 0)
                values.insert(alias, at: 0)
            }
        }
        // OR ABORT overrides the conflict clauses of the new table (ON CONFLICT REPLACE or IGNORE
        // would drop or overwrite a copied row without a word): a row that does not fit fails the copy.
        let rows = targets.isEmpty ? nil : "INSERT OR ABORT INTO \(SQLText.quote(temporary)) (\(targets.joined(separator: ", "))) "
            + "SELECT \(values.joined(separator: ", ")) FROM \(SQLText.quote(table.name))"
        var counter: [String] = []
        if source.columns.contains(where: \.isAutoincrement) && table.columns.contains(where: \.isAutoincrement) {
            let old = SQLText.literal(table.name)
            let new = SQLText.literal(temporary)
            counter.append("INSERT INTO sqlite_sequence (name, seq) SELECT \(new), seq FROM sqlite_sequence "
                              + "WHERE name = \(old) AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = \(new))")
            counter.append("UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence "
                              + "WHERE name = \(old)), 0)) WHERE name = \(new)")
        }
        return (rows, counter)
    }

    /// The indexes and triggers that belonged to the table: declared ones as declared, the
    /// others as they were, other tools' ones (``Schema/ignoredObjects``) included.
    private func restoreStatements(_ table: Schema.Table, from source: Schema.Table, dropping: [String]) -> [String] {
        var statements = table.indexes.map { SchemaSQL.createIndex($0, on: table.name) }
        for index in source.indexes where keepsUndeclaredIndex(index, of: table, dropping: dropping) {
            if let sql = index.sql { statements.append(sql) }
        }
        let ignored = live.ignoredObjects(on: table.name)
        statements += ignored.filter { $0.kind == .index }.map(\.sql)
        for trigger in declared.triggers where trigger.table.isSameName(as: table.name) {
            statements.append(SchemaSQL.createTrigger(trigger))
        }
        for trigger in live.triggers where trigger.table.isSameName(as: table.name)
            && declared.trigger(named: trigger.name) == nil && !planner.drop.triggers.containsName(trigger.name) {
            statements.append(trigger.sql.trimmingSemicolons())
        }
        statements += ignored.filter { $0.kind == .trigger }.map { $0.sql.trimmingSemicolons() }
        return statements
    }

    // MARK: Undeclared indexes

    /// Whether a rebuild keeps a live index the file does not declare on the table.
    func keepsUndeclaredIndex(_ index: Schema.Index, of table: Schema.Table, dropping: [String]) -> Bool {
        if table.index(named: index.name) != nil || declared.index(named: index.name) != nil
            || droppedIndex(index.name) {
            return false
        }
        // An index a declared one is renamed from goes: the declared one replaces it.
        if replacedIndexes.contains(index.name.sqlName) {
            return false
        }
        return !Self.index(index, uses: dropping)
    }

    /// Whether an index's terms or WHERE clause name any of these columns.
    static func index(_ index: Schema.Index, uses columns: [String]) -> Bool {
        guard !columns.isEmpty else { return false }
        return index.columns.contains { columns.containsName($0) }
            || (index.columns + [index.condition ?? ""]).contains { mentions($0, anyOf: columns) }
    }

    /// Whether `drop.indexes` lists the index.
    func droppedIndex(_ name: String) -> Bool {
        planner.drop.indexes.containsName(name)
    }
}
