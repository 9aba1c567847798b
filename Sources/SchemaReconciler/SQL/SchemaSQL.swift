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
public enum SchemaSQL {
    /// `CREATE TABLE` for a table, optionally under another name and with extra column
    /// definitions (kept undeclared columns) appended after the declared ones.
    public static func createTable(_ table: Table, named name: String? = nil, extraColumns: [Column] = []) -> String {
        var items = (table.columns + extraColumns).map { "  " + columnDefinition($0) }
        if !table.primaryKey.isEmpty {
            let autoincrement = table.primaryKey.count == 1
                && (table.column(named: table.primaryKey[0])?.isAutoincrement ?? false)
            items.append("  PRIMARY KEY (\(SQLText.quoteList(table.primaryKey))\(autoincrement ? " AUTOINCREMENT" : ""))")
        }
        for unique in table.uniqueConstraints {
            items.append("  UNIQUE (\(SQLText.quoteList(unique)))")
        }
        for check in table.checks {
            items.append("  CHECK (\(SQLText.closingLineComment(check)))")
        }
        for foreignKey in table.foreignKeys {
            items.append("  FOREIGN KEY (\(SQLText.quoteList(foreignKey.columns))) " + referenceClause(
                table: foreignKey.table, columns: foreignKey.referencedColumns, onDelete: foreignKey.onDelete,
                onUpdate: foreignKey.onUpdate, isDeferred: foreignKey.isDeferred))
        }
        var options: [String] = []
        if table.isStrict { options.append("STRICT") }
        if table.isWithoutRowID { options.append("WITHOUT ROWID") }
        return "CREATE TABLE \(SQLText.quote(name ?? table.name)) (\n" + items.joined(separator: ",\n") + "\n)"
            + (options.isEmpty ? "" : " " + options.joined(separator: ", "))
    }

    /// The definition of one column, as in `CREATE TABLE` and `ADD COLUMN`.
    ///
    /// ```swift
    /// SchemaSQL.columnDefinition(Column(name: "n", type: "TEXT", isNotNull: true)) // "\"n\" TEXT NOT NULL"
    /// ```
    public static func columnDefinition(_ column: Column) -> String {
        var parts = [SQLText.quote(column.name)]
        if let type = column.type, !type.isEmpty { parts.append(type) }
        if column.isPrimaryKey { parts.append(column.isAutoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY") }
        if column.isNotNull { parts.append("NOT NULL") }
        if column.isUnique { parts.append("UNIQUE") }
        if let value = column.defaultValue { parts.append("DEFAULT " + value.sqlExpression) }
        if let collation = column.collation { parts.append("COLLATE " + SQLText.quoteIfNeeded(collation)) }
        if let check = column.check { parts.append("CHECK (\(SQLText.closingLineComment(check)))") }
        if let reference = column.reference {
            parts.append(referenceClause(
                table: reference.table, columns: reference.column.map { [$0] } ?? [],
                onDelete: reference.onDelete, onUpdate: reference.onUpdate, isDeferred: reference.isDeferred))
        }
        if let generated = column.generated {
            parts.append("GENERATED ALWAYS AS (\(SQLText.closingLineComment(generated.expression))) "
                         + (generated.isStored ? "STORED" : "VIRTUAL"))
        }
        return parts.joined(separator: " ")
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
    public static func createIndex(_ index: Index, on table: String) -> String {
        if let sql = index.sql { return sql }
        var sql = "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX \(SQLText.quote(index.name)) ON "
            + "\(SQLText.quote(table)) (\(SQLText.quoteList(index.columns)))"
        if let condition = index.condition { sql += " WHERE " + SQLText.closingLineComment(condition) }
        return sql
    }

    /// `CREATE VIEW "name" AS select`.
    public static func createView(_ view: View) -> String {
        "CREATE VIEW \(SQLText.quote(view.name)) AS " + SQLText.closingLineComment(view.select.trimmingSemicolons())
    }

    /// The trigger's own statement, without a trailing semicolon.
    public static func createTrigger(_ trigger: Trigger) -> String {
        SQLText.closingLineComment(trigger.sql.trimmingSemicolons())
    }
}

extension String {
    /// The text without surrounding whitespace and trailing semicolons.
    func trimmingSemicolons() -> String {
        var text = trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(";") {
            text.removeLast()
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }
}

import Foundation
