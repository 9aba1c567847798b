// MARK: - Table rebuilds

extension Planner.Builder {
    /// The rebuild of one table, following SQLite's documented procedure: create the new
    /// table under a temporary name, copy the rows column by column (rowids and the
    /// AUTOINCREMENT counter too), drop the old table, rename the new one, and recreate the
    /// indexes and triggers that belonged to it. Views keep working: the rename runs with
    /// `legacy_alter_table` on, so SQLite neither rewrites nor re-checks them.
    func rebuildStep(_ table: Table, from source: Table, dropping: [String], relaxed: [String], rows: Int,
                     constraints: [NewConstraint], reasons: [String]) throws -> Step {
        let temporary = Planner.temporaryPrefix + table.name
        try requireTemporaryName(temporary)
        let isDropped: (String) -> Bool = { name in dropping.contains { $0.isSameName(as: name) } }
        let extras = source.columns.filter { table.column(named: $0.name) == nil && !isDropped($0.name) }.map { column in
            var kept = column
            kept.isPrimaryKey = false
            kept.isAutoincrement = false
            return kept
        }
        // What the live definition says that the file cannot (ON CONFLICT, constraint names, key
        // terms with COLLATE or DESC) is written again for the constraints the table keeps.
        var statements = [SchemaSQL.createTable(table, named: temporary, extraColumns: extras, kept: source.keptClauses)]

        // Copy the rows.
        var targets: [String] = []
        var values: [String] = []
        for column in table.columns + extras where column.generated == nil {
            guard let from = source.column(named: column.name) else { continue }
            targets.append(SQLText.quote(column.name))
            if relaxed.contains(where: { $0.isSameName(as: column.name) }), let value = column.defaultValue,
               !value.isNull, from.defaultValue == nil {
                values.append("coalesce(\(SQLText.quote(from.name)), \(value.sqlExpression))")
            } else {
                values.append(SQLText.quote(from.name))
            }
        }
        if !table.isWithoutRowID && !source.isWithoutRowID && !Self.hasRowIDAlias(table, kept: source.keptClauses) {
            let taken = Set((table.columns + extras + source.columns).map(\.name.sqlNameKey))
            if let alias = ["rowid", "oid", "_rowid_"].first(where: { !taken.contains($0) }) {
                targets.insert(alias, at: 0)
                values.insert(alias, at: 0)
            }
        }
        let quotedTable = SQLText.quote(table.name)
        let quotedTemporary = SQLText.quote(temporary)
        if !targets.isEmpty {
            statements.append("INSERT INTO \(quotedTemporary) (\(targets.joined(separator: ", "))) "
                              + "SELECT \(values.joined(separator: ", ")) FROM \(quotedTable)")
        }
        let hadCounter = source.columns.contains(where: \.isAutoincrement)
        if hadCounter && table.columns.contains(where: \.isAutoincrement) {
            let old = SQLText.literal(table.name)
            let new = SQLText.literal(temporary)
            statements.append("INSERT INTO sqlite_sequence (name, seq) SELECT \(new), seq FROM sqlite_sequence "
                              + "WHERE name = \(old) AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = \(new))")
            statements.append("UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence "
                              + "WHERE name = \(old)), 0)) WHERE name = \(new)")
        }
        statements += [
            "DROP TABLE \(quotedTable)",
            "PRAGMA legacy_alter_table = ON",
            "ALTER TABLE \(quotedTemporary) RENAME TO \(quotedTable)",
            "PRAGMA legacy_alter_table = OFF",
        ]

        // Indexes and triggers that belonged to the table.
        statements += table.indexes.map { SchemaSQL.createIndex($0, on: table.name) }
        for index in source.indexes where keepsUndeclaredIndex(index, of: table, dropping: dropping) {
            if let sql = index.sql { statements.append(SQLText.renamingTable(to: table.name, in: sql)) }
        }
        for trigger in declaredTriggers(on: table.name) {
            statements.append(SchemaSQL.createTrigger(trigger))
        }
        for trigger in liveTriggers(on: table.name) where !isDeclaredTrigger(trigger.name) && !droppedTrigger(trigger.name) {
            statements.append(SQLText.renamingTable(to: table.name, in: trigger.sql.trimmingSemicolons()))
        }

        let checks = constraints.compactMap { dataCheck(for: $0, table: table, source: source, relaxed: relaxed) }
        return Step(phase: .expand,
                    summary: "rebuild table \(table.name) (copies \(rows) row\(rows == 1 ? "" : "s")): "
                        + reasons.joined(separator: "; "),
                    method: .rebuild(rows: rows), statements: statements, checks: checks, table: table.name)
    }

    /// Whether the table's INTEGER PRIMARY KEY is its rowid (not when written `DESC`, as SQLite has it).
    static func hasRowIDAlias(_ table: Table, kept: KeptClauses = KeptClauses()) -> Bool {
        let key = table.primaryKeyColumns
        guard !table.isWithoutRowID, key.count == 1, let column = table.column(named: key[0]) else { return false }
        return column.type?.uppercased() == "INTEGER" && !kept.isDescending(primaryKey: key)
    }

    // MARK: Checks

    func dataCheck(for constraint: NewConstraint, table: Table, source: Table, relaxed: [String]) -> DataCheck? {
        let quoted = SQLText.quote(table.name)
        switch constraint {
        case .notNull(let column):
            guard source.column(named: column) != nil else { return nil }
            if relaxed.contains(where: { $0.isSameName(as: column) }),
               let value = table.column(named: column)?.defaultValue, !value.isNull {
                return nil
            }
            return DataCheck(
                table: table.name, constraint: constraint,
                sql: "SELECT count(*) FROM \(quoted) WHERE \(SQLText.quote(column)) IS NULL",
                advice: relaxed.contains(where: { $0.isSameName(as: column) })
                    ? "the column is new and has no default: fill \(table.name).\(column) in an upgrade script, or declare a default"
                    : "give those rows a value in an upgrade script before \(table.name).\(column) can be NOT NULL")
        case .unique(let columns), .primaryKey(let columns):
            guard columns.allSatisfy({ source.column(named: $0) != nil }) else { return nil }
            return uniqueCheck(table: table, columns: columns, condition: nil, constraint: constraint, index: nil)
        case .check(let expression):
            return DataCheck(
                table: table.name, constraint: constraint,
                sql: "SELECT count(*) FROM \(quoted) WHERE NOT (\(expression))",
                advice: "make those rows satisfy the check in an upgrade script")
        case .strictTypes, .type:
            var names = table.columns.map(\.name)
            if case .type(let column) = constraint { names = [column] }
            let mismatches = names.compactMap { name -> String? in
                guard let column = table.column(named: name), column.generated == nil,
                      source.column(named: name) != nil else { return nil }
                return Self.strictTypeMismatch(SQLText.quote(column.name), type: column.type)
            }
            guard !mismatches.isEmpty else { return nil }
            return DataCheck(
                table: table.name, constraint: constraint,
                sql: "SELECT count(*) FROM \(quoted) WHERE " + mismatches.map { "(\($0))" }.joined(separator: " OR "),
                advice: "convert or remove the values that their STRICT column type cannot store, in an upgrade script")
        case .foreignKey, .withoutRowID:
            return nil
        }
    }

    /// A condition true for a value of `column` that a STRICT column of `type` refuses, nil when
    /// it takes every value (`ANY`). A value fits when SQLite converts it to the type without
    /// loss: `CAST(x AS NUMERIC) = x` applies numeric affinity to a text `x`, as storing it would,
    /// so it holds exactly for text that is a well-formed number; a number fits an INTEGER column
    /// when it has no fraction and is in range (a REAL equal to -2^63 is refused).
    static func strictTypeMismatch(_ column: String, type: String?) -> String? {
        let numeric = "CAST(\(column) AS NUMERIC)"
        let numericText = "typeof(\(column)) = 'text' AND \(numeric) = \(column)"
        switch (type ?? "").trimmingCharacters(in: .whitespaces).uppercased() {
        case "INT", "INTEGER":
            return "\(column) IS NOT NULL AND typeof(\(column)) <> 'integer' AND NOT ("
                + "(typeof(\(column)) = 'real' OR (\(numericText))) AND CAST(\(numeric) AS INTEGER) = \(numeric) "
                + "AND (typeof(\(numeric)) = 'integer' OR \(numeric) > -9223372036854775808.0))"
        case "REAL":
            return "\(column) IS NOT NULL AND typeof(\(column)) NOT IN ('real', 'integer') AND NOT (\(numericText))"
        case "TEXT":
            return "typeof(\(column)) = 'blob'"
        case "BLOB":
            return "\(column) IS NOT NULL AND typeof(\(column)) <> 'blob'"
        default:
            return nil
        }
    }

    /// Counts the rows that share a key, comparing values with the collation each column is
    /// declared with (a new COLLATE NOCASE can make distinct values collide).
    func uniqueCheck(table: Table, columns: [String], condition: String?, constraint: NewConstraint,
                     index: String?) -> DataCheck {
        let quotedColumns = columns.map(SQLText.quote)
        var filters = quotedColumns.map { "\($0) IS NOT NULL" }
        if let condition { filters.append("(\(condition))") }
        let keys = columns.map { column in
            SQLText.quote(column) + (table.column(named: column)?.collation.map { " COLLATE " + SQLText.quoteIfNeeded($0) } ?? "")
        }
        let sql = "SELECT coalesce(sum(n), 0) FROM (SELECT count(*) AS n FROM \(SQLText.quote(table.name)) "
            + "WHERE \(filters.joined(separator: " AND ")) GROUP BY \(keys.joined(separator: ", ")) "
            + "HAVING count(*) > 1)"
        let target = index.map { "index \($0)" } ?? constraint.description
        return DataCheck(table: table.name, constraint: constraint, sql: sql,
                         advice: "remove or merge the duplicates in an upgrade script before \(target) can hold")
    }

    // MARK: Lookups

    func requireTemporaryName(_ name: String) throws {
        if planner.facts.reservedTables.contains(where: { $0.isSameName(as: name) }) {
            throw PlanError.temporaryNameTaken(name)
        }
    }

    func keepsUndeclaredIndex(_ index: Index, of table: Table, dropping: [String]) -> Bool {
        if table.index(named: index.name) != nil || declaredIndexElsewhere(index.name) || droppedIndex(index.name) {
            return false
        }
        // An index a declared one is renamed from goes: the declared one replaces it.
        if planner.declared.tables.contains(where: { $0.indexes.contains { $0.renamedFrom.contains { $0.isSameName(as: index.name) } } }) {
            return false
        }
        return !Self.index(index, uses: dropping)
    }

    /// Whether an index's terms or WHERE clause name any of these columns.
    static func index(_ index: Index, uses columns: [String]) -> Bool {
        guard !columns.isEmpty else { return false }
        return index.columns.contains { term in columns.contains { term.isSameName(as: $0) } }
            || (index.columns + [index.condition ?? ""]).contains { mentions($0, anyOf: columns) }
    }

    func declaredIndexElsewhere(_ name: String) -> Bool {
        planner.declared.index(named: name) != nil
    }

    func droppedIndex(_ name: String) -> Bool {
        planner.drop.indexes.contains { $0.isSameName(as: name) }
    }

    func declaredTriggers(on table: String) -> [Trigger] {
        planner.declared.triggers.filter { $0.table.isSameName(as: table) }
    }

    func liveTriggers(on table: String) -> [Trigger] {
        diff.renamedLive.triggers.filter { $0.table.isSameName(as: table) }
    }

    func isDeclaredTrigger(_ name: String) -> Bool {
        planner.declared.trigger(named: name) != nil
    }

    func droppedTrigger(_ name: String) -> Bool {
        planner.drop.triggers.contains { $0.isSameName(as: name) }
    }
}
