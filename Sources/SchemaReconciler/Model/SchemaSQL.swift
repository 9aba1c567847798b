// MARK: - SchemaSQL

/// Renders model values as SQLite DDL. Every name is quoted.
///
/// ```swift
/// let sql = SchemaSQL.createTable(users)
/// // CREATE TABLE "users" (
/// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
/// //   "email" TEXT NOT NULL UNIQUE
/// // )
/// ```
package enum SchemaSQL {
    /// `CREATE TABLE` for a table, optionally under another name and with extra column
    /// definitions (kept undeclared columns) appended after the declared ones. `kept` holds what
    /// a live definition said that schema.yaml cannot (see ``KeptClauses``): it is written again
    /// for each constraint the table still has. The names the table's declaration gives its
    /// constraints (``ConstraintNames``) are written over the kept ones, and each constraint
    /// carries its conflict clause (``Schema/Table/conflictResolutions``).
    package static func createTable(_ table: Schema.Table, named name: String? = nil, extraColumns: [Schema.Column] = [],
                                   kept: KeptClauses = KeptClauses()) -> String {
        let kept = table.constraintNames.applied(to: kept.isEmpty ? table.keptClauses : kept)
        let columns = table.columns + extraColumns
        // A key whose terms carry a COLLATE is written at table level, where terms can say it, and
        // so is one the live definition wrote there (its DESC then leaves it the rowid's alias).
        let columnKey = columns.first(where: \.isPrimaryKey).map(\.name)
        let primaryKey = table.primaryKey.isEmpty ? columnKey.map { [$0] } ?? [] : table.primaryKey
        let primaryKeyTerms = kept.keyTerms[.primaryKey(columns: primaryKey)]
        let keyAtTableLevel = kept.writesPrimaryKeyOnTable(primaryKey, declaredOnTable: !table.primaryKey.isEmpty)
        var uniques = table.uniqueConstraints
        var items = columns.map { column -> String in
            var column = column
            if keyAtTableLevel { column.isPrimaryKey = false }
            if column.isUnique, !(kept.keyTerms[.unique(columns: [column.name])]?.allSatisfy(\.isOrderOnly) ?? true) {
                column.isUnique = false
                uniques.insert([column.name], at: 0)
            }
            return "  " + columnDefinition(column, kept: kept, conflicts: table.conflictResolutions)
        }
        if keyAtTableLevel && !primaryKey.isEmpty {
            let autoincrement = primaryKey.count == 1 && (columns.first { $0.name.isSameName(as: primaryKey[0]) }?.isAutoincrement ?? false)
            items.append("  " + named(.primaryKey(columns: primaryKey), in: kept, "PRIMARY KEY (\(terms(primaryKey, primaryKeyTerms))"
                + (autoincrement ? " AUTOINCREMENT" : "") + ")" + conflict(.primaryKey(columns: primaryKey), in: table.conflictResolutions)))
        }
        for unique in uniques {
            let constraint = KeptClauses.Constraint.unique(columns: unique)
            items.append("  " + named(constraint, in: kept, "UNIQUE (\(terms(unique, kept.keyTerms[constraint])))"
                + conflict(constraint, in: table.conflictResolutions)))
        }
        for check in table.checks {
            items.append("  " + named(.check(expression: check), in: kept, "CHECK (\(SQLText.closingLineComment(check)))"))
        }
        for foreignKey in table.foreignKeys {
            items.append("  " + named(.foreignKey(columns: foreignKey.columns), in: kept,
                "FOREIGN KEY (\(SQLText.quoteList(foreignKey.columns))) " + referenceClause(
                    table: foreignKey.table, columns: foreignKey.referencedColumns, onDelete: foreignKey.onDelete,
                    onUpdate: foreignKey.onUpdate, isDeferred: foreignKey.isDeferred)))
        }
        var options: [String] = []
        if table.isStrict { options.append("STRICT") }
        if table.isWithoutRowID { options.append("WITHOUT ROWID") }
        return "CREATE TABLE \(SQLText.quote(name ?? table.name)) (\n" + items.joined(separator: ",\n") + "\n)"
            + (options.isEmpty ? "" : " " + options.joined(separator: ", "))
    }

    /// The definition of one column, as in `CREATE TABLE` and `ADD COLUMN`, with what `kept`
    /// says of its constraints and the conflict clauses of `conflicts` (its table's).
    ///
    /// ```swift
    /// SchemaSQL.columnDefinition(Schema.Column(name: "n", type: "TEXT", isNotNull: true)) // "\"n\" TEXT NOT NULL"
    /// SchemaSQL.columnDefinition(title, conflicts: [.notNull(column: "title"): .replace])
    /// // "\"title\" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''"
    /// ```
    package static func columnDefinition(_ column: Schema.Column, kept: KeptClauses = KeptClauses(),
                                         conflicts: [KeptClauses.Constraint: ConflictResolution] = [:]) -> String {
        var parts = [SQLText.quote(column.name)]
        if let type = column.type, !type.isEmpty { parts.append(type) }
        if column.isPrimaryKey {
            let key = KeptClauses.Constraint.primaryKey(columns: [column.name])
            let order = kept.keyTerms[key]?.first.map { $0.suffix.isEmpty ? "" : " " + $0.suffix.uppercased() } ?? ""
            parts.append(named(key, in: kept, "PRIMARY KEY" + order + conflict(key, in: conflicts)
                + (column.isAutoincrement ? " AUTOINCREMENT" : "")))
        }
        if column.isNotNull {
            let key = KeptClauses.Constraint.notNull(column: column.name)
            parts.append(named(key, in: kept, "NOT NULL" + conflict(key, in: conflicts)))
        }
        if column.isUnique {
            let key = KeptClauses.Constraint.unique(columns: [column.name])
            parts.append(named(key, in: kept, "UNIQUE" + conflict(key, in: conflicts)))
        }
        if let value = column.defaultValue { parts.append("DEFAULT " + value.sqlExpression) }
        if let collation = column.collation { parts.append("COLLATE " + SQLText.quoteIfNeeded(collation)) }
        if let check = column.check {
            parts.append(named(.check(expression: check), in: kept, "CHECK (\(SQLText.closingLineComment(check)))"))
        }
        if let reference = column.reference {
            parts.append(named(.foreignKey(columns: [column.name]), in: kept, referenceClause(
                table: reference.table, columns: reference.column.map { [$0] } ?? [],
                onDelete: reference.onDelete, onUpdate: reference.onUpdate, isDeferred: reference.isDeferred)))
        }
        if let generated = column.generated {
            parts.append("GENERATED ALWAYS AS (\(SQLText.closingLineComment(generated.expression))) "
                         + (generated.isStored ? "STORED" : "VIRTUAL"))
        }
        return parts.joined(separator: " ")
    }

    // MARK: Kept clauses and conflict clauses

    /// `CONSTRAINT name ` before a constraint that has a kept name.
    private static func named(_ constraint: KeptClauses.Constraint, in kept: KeptClauses, _ sql: String) -> String {
        kept.names[constraint].map { "CONSTRAINT \(SQLText.quote($0)) " + sql } ?? sql
    }

    /// ` ON CONFLICT …` after a constraint that has a resolution.
    private static func conflict(_ constraint: KeptClauses.Constraint,
                                 in conflicts: [KeptClauses.Constraint: ConflictResolution]) -> String {
        conflicts[constraint].map { " ON CONFLICT " + $0.sql } ?? ""
    }

    /// The terms of a key: the kept ones as written (with their column names quoted), else the columns.
    private static func terms(_ columns: [String], _ kept: [KeptClauses.KeyTerm]?) -> String {
        guard let kept, kept.count == columns.count else { return SQLText.quoteList(columns) }
        return zip(columns, kept).map { column, term in
            SQLText.quote(column) + (term.suffix.isEmpty ? "" : " " + term.suffix)
        }.joined(separator: ", ")
    }

    static func referenceClause(table: String, columns: [String], onDelete: ForeignKeyAction?,
                                onUpdate: ForeignKeyAction?, isDeferred: Bool) -> String {
        var clause = "REFERENCES " + SQLText.quote(table)
        if !columns.isEmpty { clause += " (\(SQLText.quoteList(columns)))" }
        if let onDelete { clause += " ON DELETE " + onDelete.sql }
        if let onUpdate { clause += " ON UPDATE " + onUpdate.sql }
        if isDeferred { clause += " DEFERRABLE INITIALLY DEFERRED" }
        return clause
    }

    /// `CREATE [UNIQUE] INDEX … ON … (…) [WHERE …]` for a declared index; an inspected index
    /// (one that carries its stored SQL) is recreated from that SQL.
    package static func createIndex(_ index: Schema.Index, on table: String) -> String {
        if let sql = index.sql { return sql }
        var sql = "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(SQLText.quote(index.name)) ON "
            + "\(SQLText.quote(table)) (\(index.terms.map(\.sql).joined(separator: ", ")))"
        if let condition = index.condition { sql += " WHERE " + SQLText.closingLineComment(condition) }
        return sql
    }

    /// `CREATE VIEW "name" [(columns)] AS select`.
    package static func createView(_ view: Schema.View) -> String {
        let columns = view.columnNames.isEmpty ? "" : " (\(SQLText.quoteList(view.columnNames)))"
        return "CREATE VIEW \(SQLText.quote(view.name))\(columns) AS "
            + SQLText.closingLineComment(view.select.trimmingSemicolons())
    }

    /// `CREATE VIRTUAL TABLE "name" USING module(arguments…)`, the arguments as written.
    package static func createVirtualTable(_ table: Schema.VirtualTable) -> String {
        let arguments = table.arguments.isEmpty ? ""
            : "(" + table.arguments.map(SQLText.closingLineComment).joined(separator: ", ") + ")"
        return "CREATE VIRTUAL TABLE \(SQLText.quote(table.name)) USING \(SQLText.quoteIfNeeded(table.module))\(arguments)"
    }

    /// The trigger's own statement, without a trailing semicolon.
    package static func createTrigger(_ trigger: Schema.Trigger) -> String {
        SQLText.closingLineComment(trigger.sql.trimmingSemicolons())
    }
}

extension String {
    /// The text without surrounding whitespace and trailing semicolons.
    func trimmingSemicolons() -> String {
        var text = SQLText.trimmed(self)
        while text.hasSuffix(";") {
            text.removeLast()
            text = SQLText.trimmed(text)
        }
        return text
    }
}
