// MARK: - Data checks

extension Planner.Builder {
    /// The query that counts the rows violating `constraint` once the table has its declared
    /// shape; nil when no query is needed (SQLite itself checks, or no row can violate it).
    func dataCheck(for constraint: Constraint, table: Schema.Table, source: Schema.Table, relaxed: [String]) -> DataCheck? {
        let quoted = SQLText.quote(table.name)
        switch constraint {
        case .notNull(let column):
            guard source.column(named: column) != nil else { return nil }
            let isNew = relaxed.containsName(column)
            if isNew, let value = table.column(named: column)?.defaultValue, !value.isNull {
                return nil
            }
            return DataCheck(table: table.name, constraint: constraint,
                             sql: "SELECT count(*) FROM \(quoted) WHERE \(SQLText.quote(column)) IS NULL", isNewColumn: isNew)
        case .unique(let columns), .primaryKey(let columns):
            guard columns.allSatisfy({ source.column(named: $0) != nil }) else { return nil }
            return uniqueCheck(table: table, columns: columns, condition: nil, constraint: constraint, index: nil)
        case .check(let expression):
            return DataCheck(table: table.name, constraint: constraint,
                             sql: "SELECT count(*) FROM \(quoted) WHERE NOT (\(SQLText.closingLineComment(expression)))")
        case .strictType(let name, _):
            guard let column = table.column(named: name), column.generated == nil, source.column(named: name) != nil,
                  let mismatch = Self.strictTypeMismatch(SQLText.quote(column.name), type: column.type) else { return nil }
            return DataCheck(table: table.name, constraint: constraint, sql: "SELECT count(*) FROM \(quoted) WHERE \(mismatch)")
        case .foreignKey(let columns, let parent):
            guard columns.allSatisfy({ source.column(named: $0) != nil }) else { return nil }
            return foreignKeyCheck(table: table, columns: columns, parent: parent)
        case .withoutRowID:
            return nil
        }
    }

    /// Counts the rows whose key has no parent row, as `PRAGMA foreign_key_check` does: a row
    /// with a NULL in the key references nothing, and each value is compared with the parent's
    /// key under the parent column's collation. Nil when the parent's key is unknown (no
    /// columns named, no primary key declared): SQLite's own check after the step then decides.
    private func foreignKeyCheck(table: Schema.Table, columns: [String], parent: String) -> DataCheck? {
        guard let key = table.allForeignKeys.first(where: { fk in
                  fk.table.isSameName(as: parent) && fk.columns.count == columns.count
                      && zip(fk.columns, columns).allSatisfy { $0.isSameName(as: $1) }
              }) else { return nil }
        let parentColumns = key.referencedColumns.isEmpty
            ? declared.table(named: parent)?.primaryKeyColumns ?? [] : key.referencedColumns
        guard parentColumns.count == columns.count else { return nil }
        let child = "\"reconciler_child\"", parentAlias = "\"reconciler_parent\""
        let present = columns.map { "\(child).\(SQLText.quote($0)) IS NOT NULL" }
        let matches = zip(parentColumns, columns).map { "\(parentAlias).\(SQLText.quote($0)) = \(child).\(SQLText.quote($1))" }
        let sql = "SELECT count(*) FROM \(SQLText.quote(table.name)) AS \(child) WHERE \(present.joined(separator: " AND ")) "
            + "AND NOT EXISTS (SELECT 1 FROM \(SQLText.quote(parent)) AS \(parentAlias) WHERE \(matches.joined(separator: " AND ")))"
        return DataCheck(table: table.name, constraint: .foreignKey(columns: columns, parent: parent), sql: sql)
    }

    /// A condition true for a value of `column` that a STRICT column of `type` refuses, nil when
    /// it takes every value (`ANY`). A value fits when SQLite converts it to the type without
    /// loss: `CAST(x AS NUMERIC) = x` applies numeric affinity to a text `x`, as storing it would,
    /// so it holds exactly for text that is a well-formed number; a number fits an INTEGER column
    /// when it has no fraction and is in range (a REAL equal to -2^63 is refused).
    static func strictTypeMismatch(_ column: String, type: String?) -> String? {
        let numeric = "CAST(\(column) AS NUMERIC)"
        let numericText = "typeof(\(column)) = 'text' AND \(numeric) = \(column)"
        switch SQLText.trimmed(type ?? "").uppercased() {
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
    func uniqueCheck(table: Schema.Table, columns: [String], condition: String?, constraint: Constraint,
                     index: String?) -> DataCheck {
        uniqueCheck(table: table, terms: columns.map(Schema.IndexTerm.column), condition: condition,
                    constraint: constraint, index: index)
    }

    /// Counts the rows that share the key of these terms: the values of columns (compared with
    /// their declared collation) and of expressions (with the collation they are written with).
    func uniqueCheck(table: Schema.Table, terms: [Schema.IndexTerm], condition: String?, constraint: Constraint,
                     index: String?) -> DataCheck {
        let keys = terms.map { Self.key(of: $0, in: table) }
        var filters = keys.map { "(\($0.expression)) IS NOT NULL" }
        if let condition { filters.append("(\(SQLText.closingLineComment(condition)))") }
        let groups = keys.map { $0.expression + ($0.collation.map { " COLLATE " + SQLText.quoteIfNeeded($0) } ?? "") }
        let sql = "SELECT coalesce(sum(n), 0) FROM (SELECT count(*) AS n FROM \(SQLText.quote(table.name)) "
            + "WHERE \(filters.joined(separator: " AND ")) GROUP BY \(groups.joined(separator: ", ")) "
            + "HAVING count(*) > 1)"
        return DataCheck(table: table.name, constraint: constraint, sql: sql, index: index)
    }

    /// The expression an index term keys on, and the collation it compares with (nil for the
    /// expression's own): a column's declared collation, or a `COLLATE` written in the term.
    /// `ASC` and `DESC` change the order of the key, not which values are equal.
    static func key(of term: Schema.IndexTerm, in table: Schema.Table) -> (expression: String, collation: String?) {
        switch term {
        case .column(let name):
            return (SQLText.quote(name), table.column(named: name)?.collation)
        case .expression(let text):
            var tokens = SQLTokenizer.tokens(in: text)
            if let last = tokens.last, last.isKeyword("ASC") || last.isKeyword("DESC") { tokens.removeLast() }
            return (SQLText.closingLineComment(SQLText.text(of: tokens[...], in: text)), nil)
        }
    }
}
