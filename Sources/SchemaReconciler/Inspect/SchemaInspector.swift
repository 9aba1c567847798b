import GRDB

// MARK: - SchemaInspectionError

/// A schema object whose stored definition could not be read.
///
/// ```swift
/// do { _ = try SchemaInspector().inspect(db) }
/// catch let error as SchemaInspectionError { print(error) } // table "t": cannot parse …
/// ```
package struct SchemaInspectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of object: `table`, `index`, `view`.
    package var objectType: String
    /// The object's name.
    package var objectName: String
    /// What went wrong.
    package var message: String

    /// Creates an error.
    package init(objectType: String, objectName: String, message: String) {
        self.objectType = objectType
        self.objectName = objectName
        self.message = message
    }

    package var description: String { "\(objectType) \(SQLText.quote(objectName)): \(message)" }
}

// MARK: - SchemaInspector

/// Reads the live schema of a database into the model, so that it can be compared with the
/// schema that `schema.yaml` declares.
///
/// The PRAGMAs give what SQLite knows for sure (column names and order, NOT NULL, defaults,
/// hidden and generated columns, the named indexes and their columns); the stored `CREATE`
/// statements give what the PRAGMAs do not expose, and where each constraint was written.
/// Only the `main` schema is read.
///
/// ```swift
/// let dbQueue = try DatabaseQueue()
/// let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
/// schema.tables.map(\.name)
/// ```
package struct SchemaInspector: Sendable {
    /// Creates an inspector.
    package init() {}

    /// The user schema: tables (in sqlite_master rowid order), their columns, constraints and
    /// named indexes, views, triggers.
    ///
    /// Skips `sqlite_*` objects, anything whose name starts with `_reconciler` (case-insensitive),
    /// virtual tables and their shadow tables, and the triggers attached to a skipped table.
    package func inspect(_ db: Database) throws -> Schema {
        let catalog = try Catalog(db)
        var schema = Schema()
        for entry in catalog.entries where entry.type == "table" && catalog.isManagedTable(entry) {
            schema.tables.append(try table(entry, catalog: catalog, db: db))
        }
        for entry in catalog.entries where entry.type == "view" && !Self.isReservedName(entry.name) {
            guard let sql = entry.sql else { continue }
            do {
                let statement = try CreateViewStatement(sql: sql)
                schema.views.append(View(name: entry.name, select: statement.select, columnNames: statement.columnNames))
            } catch let error as CreateStatementParseError {
                throw SchemaInspectionError(objectType: "view", objectName: entry.name, message: error.description)
            }
        }
        let skippedTables = Set(catalog.entries.filter { $0.type == "table" && !catalog.isManagedTable($0) }
            .map(\.name.sqlNameKey))
        for entry in catalog.entries where entry.type == "trigger" && !Self.isReservedName(entry.name) {
            guard let sql = entry.sql, !skippedTables.contains(entry.tableName.sqlNameKey) else { continue }
            schema.triggers.append(Trigger(name: entry.name, table: entry.tableName, sql: sql))
        }
        return schema
    }

    /// Names of tables the model cannot represent and that `inspect` skipped: virtual tables
    /// (fts5 …) and their shadow tables, in sqlite_master rowid order.
    package func unmanagedTables(_ db: Database) throws -> [String] {
        let catalog = try Catalog(db)
        return catalog.entries
            .filter { $0.type == "table" && !Self.isReservedName($0.name) && catalog.isVirtualOrShadow($0) }
            .map(\.name)
    }

    // MARK: - Names

    /// `sqlite_*` (SQLite's own) and `_reconciler*` (the reconciler's own), case-insensitively.
    static func isReservedName(_ name: String) -> Bool {
        let key = name.sqlNameKey
        return key.hasPrefix("sqlite_") || key.hasPrefix("_reconciler")
    }

    // MARK: - Tables

    private func table(_ entry: Catalog.Entry, catalog: Catalog, db: Database) throws -> Table {
        guard let sql = entry.sql else {
            throw SchemaInspectionError(objectType: "table", objectName: entry.name, message: "no CREATE TABLE statement")
        }
        let statement: CreateTableStatement
        do {
            statement = try CreateTableStatement(sql: sql)
        } catch let error as CreateStatementParseError {
            throw SchemaInspectionError(objectType: "table", objectName: entry.name, message: error.description)
        }
        var table = statement.table
        table.name = entry.name

        let liveColumns = try Row.fetchAll(db, sql: "PRAGMA main.table_xinfo(\(SQLText.quote(entry.name)))")
            .filter { ($0["hidden"] as Int?) != 1 }
        let parsedColumns = table.columns
        table.columns = liveColumns.enumerated().map { position, row in
            let name: String = row["name"] ?? ""
            let hidden: Int = row["hidden"] ?? 0
            let isGenerated = hidden == 2 || hidden == 3
            let parsed: Column? = position < parsedColumns.count && parsedColumns[position].name.isSameName(as: name)
                ? parsedColumns[position]
                : parsedColumns.first { $0.name.isSameName(as: name) }
            var column = parsed ?? Column(name: name)
            column.name = name
            let reportedType: String? = row["type"]
            column.type = parsed == nil
                ? reportedType.flatMap { $0.isEmpty ? nil : $0 }
                : Self.columnType(written: parsed?.type, reported: reportedType, isGenerated: isGenerated)
            column.isNotNull = (row["notnull"] as Int? ?? 0) != 0
            // WITHOUT ROWID makes primary key columns NOT NULL without it being written.
            if table.isWithoutRowID, let parsed, !parsed.isNotNull,
               parsed.isPrimaryKey || table.primaryKey.contains(where: { $0.isSameName(as: name) }) {
                column.isNotNull = false
            }
            column.defaultValue = (row["dflt_value"] as String?).map { DefaultValue(sql: $0) }
            if isGenerated {
                column.generated?.isStored = hidden == 3
            }
            return column
        }
        table.indexes = try indexes(of: entry.name, catalog: catalog, db: db)
        return table
    }

    /// The declared type of a column whose definition was parsed: the written spelling when
    /// SQLite reports the same type (SQLite upper-cases the standard names `int`, `integer`,
    /// `text`, …), else what SQLite reports. For a generated column, the written type: some
    /// SQLite versions report `GENERATED ALWAYS` as part of it.
    static func columnType(written: String?, reported: String?, isGenerated: Bool) -> String? {
        if isGenerated { return written }
        let reported = reported.flatMap { $0.isEmpty ? nil : $0 }
        guard let written, let reported, written.sqlNameKey == reported.sqlNameKey else { return reported }
        return written
    }

    // MARK: - Indexes

    private func indexes(of tableName: String, catalog: Catalog, db: Database) throws -> [Index] {
        var result: [(rowid: Int64, index: Index)] = []
        for row in try Row.fetchAll(db, sql: "PRAGMA main.index_list(\(SQLText.quote(tableName)))") {
            guard let name = row["name"] as String?, (row["origin"] as String?) == "c",
                  !Self.isReservedName(name),
                  let entry = catalog.entries.first(where: { $0.type == "index" && $0.name == name }),
                  let sql = entry.sql else { continue }
            let statement: CreateIndexStatement
            do {
                statement = try CreateIndexStatement(sql: sql)
            } catch let error as CreateStatementParseError {
                throw SchemaInspectionError(objectType: "index", objectName: name, message: error.description)
            }
            let keyColumns = try Row.fetchAll(db, sql: "PRAGMA main.index_xinfo(\(SQLText.quote(name)))")
                .filter { ($0["key"] as Int? ?? 0) != 0 }
            let columns = statement.terms.enumerated().map { position, term -> String in
                if !term.hasOrderingOrCollation, position < keyColumns.count,
                   let cid = keyColumns[position]["cid"] as Int?, cid >= 0,
                   let columnName = keyColumns[position]["name"] as String? {
                    return columnName
                }
                return term.sql
            }
            let index = Index(name: name, columns: columns, isUnique: (row["unique"] as Int? ?? 0) != 0,
                              condition: statement.condition, renamedFrom: [], sql: sql)
            result.append((entry.rowid, index))
        }
        return result.sorted { $0.rowid < $1.rowid }.map(\.index)
    }
}

// MARK: - Catalog

/// The rows of `main.sqlite_master`, in rowid order, and which tables are virtual or shadow tables.
private struct Catalog {
    struct Entry {
        var rowid: Int64
        var type: String
        var name: String
        var tableName: String
        var sql: String?
    }

    var entries: [Entry]
    /// Name keys of virtual tables and of their shadow tables.
    var unmanagedKeys: Set<String>

    /// Shadow table suffixes of the virtual table modules that SQLite ships, for SQLite versions
    /// without `pragma_table_list` (before 3.37) or when the module is not loaded.
    private static let shadowSuffixes: [String: [String]] = [
        "fts5": ["data", "idx", "content", "docsize", "config"],
        "fts4": ["content", "segments", "segdir", "docsize", "stat"],
        "fts3": ["content", "segments", "segdir", "docsize", "stat"],
        "rtree": ["node", "parent", "rowid"],
        "rtree_i32": ["node", "parent", "rowid"],
        "geopoly": ["node", "parent", "rowid"],
    ]

    init(_ db: Database) throws {
        entries = try Row.fetchAll(db, sql: "SELECT rowid, type, name, tbl_name, sql FROM main.sqlite_master ORDER BY rowid")
            .map { row in
                Entry(rowid: row["rowid"] ?? 0, type: row["type"] ?? "", name: row["name"] ?? "",
                      tableName: row["tbl_name"] ?? "", sql: row["sql"])
            }

        var unmanaged = Set<String>()
        // SQLite 3.37+ says which tables are virtual or shadow tables.
        if let rows = try? Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_list WHERE schema = 'main'") {
            for row in rows where ["virtual", "shadow"].contains(row["type"] as String? ?? "") {
                if let name = row["name"] as String? { unmanaged.insert(name.sqlNameKey) }
            }
        }
        // The stored SQL says which tables are virtual, and their module names their shadow tables.
        for entry in entries where entry.type == "table" {
            guard let sql = entry.sql, let module = Self.virtualTableModule(sql) else { continue }
            unmanaged.insert(entry.name.sqlNameKey)
            for suffix in Self.shadowSuffixes[module.sqlNameKey] ?? [] {
                unmanaged.insert((entry.name + "_" + suffix).sqlNameKey)
            }
        }
        unmanagedKeys = unmanaged
    }

    /// The module of a `CREATE VIRTUAL TABLE … USING module`, nil for any other statement.
    private static func virtualTableModule(_ sql: String) -> String? {
        var cursor = CreateStatementCursor(sql: sql)
        guard cursor.consumeKeywords("CREATE", "VIRTUAL", "TABLE") else { return nil }
        while let token = cursor.peek() {
            cursor.position += 1
            if token.isKeyword("USING") { return cursor.peek().flatMap(CreateStatementCursor.nameValue(of:)) ?? "" }
        }
        return ""
    }

    func isVirtualOrShadow(_ entry: Entry) -> Bool {
        unmanagedKeys.contains(entry.name.sqlNameKey)
    }

    func isManagedTable(_ entry: Entry) -> Bool {
        !SchemaInspector.isReservedName(entry.name) && !isVirtualOrShadow(entry)
    }
}
