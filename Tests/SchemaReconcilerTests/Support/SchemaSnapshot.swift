import GRDB
@testable import SchemaReconciler

// MARK: - A schema read through SQLite's own PRAGMAs

/// What two databases must agree on to have the same schema, read through SQLite's PRAGMAs
/// rather than the library's inspector: each table's columns (name, declared type, NOT NULL,
/// default, primary key position, hidden or generated), options, foreign keys and indexes
/// (named ones by name, those of constraints by shape, with each key's order and collation),
/// and the SQL of views, triggers and virtual tables after their names, normalised.
struct SchemaSnapshot: Equatable, CustomStringConvertible {
    var tables: [String: [String]] = [:]
    var others: [String: String] = [:]

    init(_ db: Database) throws {
        let objects = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name NOT LIKE '\\_reconciler%' ESCAPE '\\'
            """)
        let shadows = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE type = 'shadow'").map(\.sqlName))
        for object in objects {
            let type: String = object["type"], name: String = object["name"], sql: String? = object["sql"]
            let key = "\(type) \(name.sqlName)"
            if shadows.contains(name.sqlName) { continue }
            if type == "table", let sql, CreateStatementHead(SQLTokenizer.tokens(in: sql))?.kind == .table {
                tables[key] = try Self.table(name, sql: sql, in: db)
            } else if type != "index", let sql {
                let tokens = SQLTokenizer.tokens(in: sql)
                others[key] = SQLText.normalize(tokens: Array(tokens[(CreateStatementHead(tokens)?.end ?? 0)...]))
            }
        }
    }

    static func table(_ name: String, sql: String, in db: Database) throws -> [String] {
        let quoted = SQLText.quote(name)
        var lines = try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(quoted))").map { row in
            let type: String = row["type"] ?? ""
            let notNull: Int = row["notnull"], pk: Int = row["pk"], hidden: Int = row["hidden"]
            let value: String? = row["dflt_value"]
            return "column \((row["name"] as String).sqlName) \(TableShape.normalizedType(type)) notnull=\(notNull) pk=\(pk) "
                + "hidden=\(hidden) default=\(value.map { TableShape.normalizedExpression($0) } ?? "-")"
        }
        let options = try Row.fetchOne(db, sql: "SELECT wr, strict FROM pragma_table_list WHERE name = ?", arguments: [name])
        lines.append("without_rowid=\(options?["wr"] as Int? ?? 0) strict=\(options?["strict"] as Int? ?? 0) "
                     + "autoincrement=\(SQLTokenizer.tokens(in: sql).contains { $0.isKeyword("AUTOINCREMENT") })")
        lines += try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(quoted))").map { row in
            "fk \(row["id"] as Int) \((row["table"] as String).sqlName) \((row["from"] as String).sqlName)->"
                + "\((row["to"] as String?)?.sqlName.description ?? "pk") \(row["on_update"] as String) \(row["on_delete"] as String)"
        }
        for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(quoted))") {
            let indexName: String = index["name"], origin: String = index["origin"], unique: Int = index["unique"]
            let keys = try Row.fetchAll(db, sql: "PRAGMA index_xinfo(\(SQLText.quote(indexName)))")
                .filter { ($0["key"] as Int) == 1 }
                .map { "\(($0["name"] as String?)?.sqlName.description ?? "expr") \($0["desc"] as Int) \(($0["coll"] as String).uppercased())" }
            let label = origin == "c" ? "index \(indexName.sqlName)" : "constraint index \(origin)"
            var where_ = ""
            if origin == "c", let indexSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?",
                                                                 arguments: [indexName]),
               let condition = try? CreateIndexStatement(sql: indexSQL).condition {
                where_ = " where " + TableShape.normalizedExpression(condition)
            }
            let terms = origin == "c" ? (try CreateIndexStatement(sql: try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [indexName]) ?? "")).terms
                .map { TableShape.normalizedExpression($0.sql) } : []
            lines.append("\(label) unique=\(unique) keys=\(keys) terms=\(terms)\(where_)")
        }
        let parsed = Schema.Table(try CreateTableStatement(sql: sql))
        lines += parsed.columns.compactMap(\.check).map { "check " + TableShape.normalizedExpression($0) }
        lines += parsed.checks.map { "check " + TableShape.normalizedExpression($0) }
        lines += parsed.columns.compactMap { column in
            column.collation.map { "collate \(column.name.sqlName) \($0.uppercased())" }
        }
        lines += parsed.columns.compactMap { column in
            column.generated.map { "generated \(column.name.sqlName) \(TableShape.normalizedExpression($0.expression))" }
        }
        return lines.sorted()
    }

    var description: String {
        (tables.sorted { $0.key < $1.key }.map { "\($0.key):\n  " + $0.value.joined(separator: "\n  ") }
            + others.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }).joined(separator: "\n")
    }
}
