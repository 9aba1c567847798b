// MARK: - Tables

extension Planner.Builder {
    // MARK: New tables

    /// Creates the new tables (with their indexes), a table after the tables it references.
    mutating func planCreatedTables() {
        for table in Self.foreignKeyOrder(createdTables) {
            var statements = [SchemaSQL.createTable(table)]
            statements += table.indexes.map { SchemaSQL.createIndex($0, on: table.name) }
            expand.append(Step(.createTable(table: table.name), phase: .expand,
                               changes: [.createTable(table: table.name)], statements: statements))
        }
    }

    /// Tables ordered so that a table comes after the tables it references (file order otherwise).
    static func foreignKeyOrder(_ tables: [Schema.Table]) -> [Schema.Table] {
        var ordered: [Schema.Table] = []
        var placed = Set<SQLName>()
        var remaining = tables
        while !remaining.isEmpty {
            let names = Set(remaining.map(\.name.sqlName))
            let ready = remaining.firstIndex { table in
                table.allForeignKeys.allSatisfy { foreignKey in
                    let parent = foreignKey.table.sqlName
                    return parent == table.name.sqlName || placed.contains(parent) || !names.contains(parent)
                }
            } ?? 0
            let table = remaining.remove(at: ready)
            ordered.append(table)
            placed.insert(table.name.sqlName)
        }
        return ordered
    }

    // MARK: One existing table

    /// What one existing table needs.
    struct TableOutcome {
        var expand: [Step] = []
        var rebuild: Step?
        /// An in-place edit (in its phase), and the reindex that follows a collation change.
        var edit: Step?
        var reindex: Step?
        var nativeDrops: [Step] = []
    }

    /// New columns by `ADD COLUMN` and drops by `DROP COLUMN` when SQLite can do them natively;
    /// otherwise a rebuild, before the upgrades when no row can violate what it adds, after them
    /// when some could (new columns then come early, without their constraints, for upgrades to fill).
    func planTable(_ table: Schema.Table, live liveTable: Schema.Table) throws(PlanError) -> TableOutcome {
        var outcome = TableOutcome()
        let changes = changes(of: table.name)
        let nativeDrop = changes.dropped.filter { canDropNatively($0, from: liveTable) }
        let needsRebuild = !changes.differences.isEmpty || changes.added.contains { !Planner.canAddColumn($0) }
            || nativeDrop.count < changes.dropped.count
        if !needsRebuild && !changes.added.isEmpty && changes.dropped.isEmpty && batchesNewColumns
            && changes.added.allSatisfy({ $0.check == nil && $0.generated == nil }),
           let edit = inPlaceEdit(table, live: liveTable, changes: changes) {
            // Many new columns: one edit of each table and one reload of the schema, where ADD
            // COLUMN reloads the whole schema once per column.
            return edit
        }
        if needsRebuild, let edit = nativeNotNullEdit(table, live: liveTable, changes: changes)
            ?? inPlaceEdit(table, live: liveTable, changes: changes) {
            return edit
        }
        guard needsRebuild else {
            outcome.expand = changes.added.map { addColumnStep($0, to: table.name, isDeferred: false) }
            outcome.nativeDrops = dropSteps(nativeDrop, from: table, live: liveTable)
            return outcome
        }
        let hasRows = mayHoldRows(table.name)
        let constraints = hasRows ? tightenings(of: table, changes: changes) : []
        let uniqueIndexes = hasRows ? uniqueIndexesAtRisk(table, live: liveTable) : []
        // Dropped columns go in the same rebuild, after the upgrades that may still read them.
        let inContract = !constraints.isEmpty || !uniqueIndexes.isEmpty || !changes.dropped.isEmpty
        var source = liveTable
        var relaxed: [String] = []
        if inContract {
            for column in changes.added {
                guard let early = Planner.relaxedColumn(column), Self.fits(early, in: liveTable) else { continue }
                outcome.expand.append(addColumnStep(early, to: table.name, isDeferred: true))
                source.columns.append(early)
                relaxed.append(column.name)
            }
        }
        var rebuild = try rebuildStep(table, from: source, dropping: inContract ? changes.dropped : [],
                                      relaxed: relaxed, constraints: constraints)
        rebuild.checks += uniqueIndexes.map { index in
            uniqueCheck(table: table, terms: index.terms, condition: index.condition,
                        constraint: .unique(columns: index.columns), index: index.name)
        }
        rebuild.phase = inContract ? .contract : .expand
        outcome.rebuild = rebuild
        return outcome
    }

    /// The constraints that existing rows could violate once the table has its declared shape:
    /// those its differences add, and those of its new columns.
    func tightenings(of table: Schema.Table, changes: TableChanges) -> [Constraint] {
        let added = Set(changes.added.map(\.name.sqlName))
        var constraints = changes.differences.flatMap { $0.tightenings(in: table, addedColumns: added) }
        for column in changes.added {
            if column.isNotNull && (column.defaultValue?.isNull ?? true) && column.generated == nil {
                constraints.append(.notNull(column: column.name))
            }
            if column.isUnique { constraints.append(.unique(columns: [column.name])) }
            if let check = column.check { constraints.append(.check(expression: check)) }
        }
        var seen = Set<Constraint>()
        return constraints.filter { seen.insert($0).inserted }
    }

    /// The unique indexes that a rebuild of `table` creates and that its rows could violate:
    /// the new and changed ones, and those kept over a column whose collation or type changes
    /// (values that were distinct may compare equal). Expression indexes are left to SQLite.
    func uniqueIndexesAtRisk(_ table: Schema.Table, live liveTable: Schema.Table) -> [Schema.Index] {
        let created = changes(of: table.name).indexes.map(\.index).filter(\.isUnique)
        let liveColumns = TableShape(liveTable, in: live).columns
        let liveByName = Dictionary(liveColumns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(TableShape(table, in: declared).columns.filter { want in
            guard let have = liveByName[want.name] else { return false }
            return want.collation != have.collation || want.type != have.type
        }.map(\.name))
        let kept = (table.indexes + liveTable.indexes.filter { keepsUndeclaredIndex($0, of: table, dropping: []) })
            .filter { index in
                index.isUnique && !created.contains { $0.name.isSameName(as: index.name) }
                    && index.columns.contains { changed.contains($0.sqlName) }
            }
        return (created + kept).filter { index in
            index.terms.compactMap(\.columnName).allSatisfy { table.column(named: $0) != nil || liveTable.column(named: $0) != nil }
        }
    }

    /// Whether a live table accepts this column's type (a STRICT table takes only its own types).
    static func fits(_ column: Schema.Column, in table: Schema.Table) -> Bool {
        guard table.isStrict else { return true }
        let type = SQLText.trimmed(column.type ?? "").uppercased()
        return ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"].contains(type)
    }

    func addColumnStep(_ column: Schema.Column, to table: String, isDeferred: Bool) -> Step {
        let declaredTable = declared.table(named: table)
        let kept = declaredTable?.constraintNames.applied(to: KeptClauses()) ?? KeptClauses()
        let definition = SchemaSQL.columnDefinition(column, kept: kept, conflicts: declaredTable?.conflictResolutions ?? [:])
        return Step(.addColumn(table: table, column: column.name, isDeferred: isDeferred), phase: .expand,
                    changes: [.addColumn(table: table, column: column.name)],
                    statements: ["ALTER TABLE \(SQLText.quote(table)) ADD COLUMN \(definition)"])
    }

    // MARK: Dropping columns

    /// Whether `ALTER TABLE … DROP COLUMN` can drop the column: no key, constraint or
    /// expression of the table uses it.
    private func canDropNatively(_ column: String, from table: Schema.Table) -> Bool {
        guard planner.supportsDropColumn, let definition = table.column(named: column) else { return false }
        if definition.isPrimaryKey || definition.isUnique || definition.reference != nil { return false }
        if table.primaryKey.containsName(column) { return false }
        if table.uniqueConstraints.contains(where: { $0.containsName(column) }) { return false }
        if table.foreignKeys.contains(where: { $0.columns.containsName(column) }) { return false }
        let expressions = table.checks + table.columns.compactMap(\.check) + table.columns.compactMap(\.generated?.expression)
        return !expressions.contains { Self.mentions($0, anyOf: [column]) }
    }

    /// The undeclared indexes of a table that use any of these columns.
    func indexesUsing(_ columns: [String], in table: Schema.Table, live liveTable: Schema.Table) -> [Schema.Index] {
        liveTable.indexes.filter { index in
            table.index(named: index.name) == nil && !droppedIndex(index.name) && Self.index(index, uses: columns)
        }
    }

    private func dropSteps(_ columns: [String], from table: Schema.Table, live liveTable: Schema.Table) -> [Step] {
        columns.map { column in
            let indexes = indexesUsing([column], in: table, live: liveTable).map(\.name)
            let statements = indexes.map { "DROP INDEX \(SQLText.quote($0))" }
                + ["ALTER TABLE \(SQLText.quote(table.name)) DROP COLUMN \(SQLText.quote(column))"]
            return Step(.dropColumn(table: table.name, column: column), phase: .contract,
                        changes: [.dropColumn(table: table.name, column: column)], droppedIndexes: indexes,
                        statements: statements)
        }
    }
}
