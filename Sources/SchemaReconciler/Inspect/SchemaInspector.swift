import GRDB

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
    /// virtual tables and their shadow tables, and the triggers attached to a skipped table; and
    /// the objects of other tools that `ignored` names (see ``Catalog/ignoredEntries``), but for
    /// their indexes and triggers on the user's tables, which ``Schema/ignoredObjects`` holds.
    package func inspect(_ db: Database, ignoring ignored: IgnoredNames = IgnoredNames()) throws -> Schema {
        try inspect(Catalog(db, ignoring: ignored), in: db)
    }

    /// The user schema of `catalog`, read from `db` (whose `sqlite_master` it is).
    package func inspect(_ catalog: Catalog, in db: Database) throws -> Schema {
        // The statements are parsed beside the reads; the two meet once both are done.
        let parsing = ParsedStatements.start(catalog)
        var reported: [ReportedTable] = []
        var views: [Schema.View] = []
        var triggers: [Schema.Trigger] = []
        var virtualTables: [Schema.VirtualTable] = []
        for entry in catalog.entries where entry.type == .table && !ReservedName.contains(entry.name) {
            if catalog.isManagedTable(entry) {
                reported.append(ReportedTable(entry: entry, columns: try columns(of: entry.name, db: db),
                                              indexes: try indexRows(of: entry.name, catalog: catalog, db: db)))
            } else if catalog.isVirtual(entry) {
                virtualTables.append(try virtualTable(entry, db: db))
            }
        }
        let parsed = parsing.wait()
        let tables = try reported.map { try table($0, parsed: parsed) }
        for entry in catalog.entries where entry.type == .view && !ReservedName.contains(entry.name) {
            guard let sql = entry.sql else { continue }
            do {
                let statement = try CreateViewStatement(sql: sql)
                views.append(Schema.View(name: entry.name, select: statement.select, columnNames: statement.columnNames))
            } catch let error as CreateStatementParseError {
                throw SchemaInspectionError(kind: .view, name: entry.name, message: error.description)
            }
        }
        let skippedTables = Set(catalog.entries.filter { $0.type == .table && (ReservedName.contains($0.name) || catalog.isShadow($0)) }
            .map(\.name.sqlName))
        for entry in catalog.entries where entry.type == .trigger && !ReservedName.contains(entry.name) {
            guard let sql = entry.sql, !skippedTables.contains(entry.tableName.sqlName) else { continue }
            triggers.append(Schema.Trigger(name: entry.name, table: entry.tableName, sql: sql))
        }
        var schema = Schema(tables: tables, views: views, triggers: triggers, virtualTables: virtualTables)
        schema.ignoredObjects = Self.ignoredObjects(of: catalog)
        return schema
    }

    /// The ignored indexes and triggers that belong to a table or view of the user's.
    private static func ignoredObjects(of catalog: Catalog) -> [Schema.IgnoredObject] {
        catalog.ignoredEntries.compactMap { entry in
            guard let sql = entry.sql, !catalog.ignored.contains(entry.tableName), !ReservedName.contains(entry.tableName)
            else { return nil }
            switch entry.type {
            case .index: return Schema.IgnoredObject(kind: .index, name: entry.name, table: entry.tableName, sql: sql)
            case .trigger: return Schema.IgnoredObject(kind: .trigger, name: entry.name, table: entry.tableName, sql: sql)
            case .table, .view: return nil
            }
        }
    }

    // MARK: - Virtual tables

    private func virtualTable(_ entry: Catalog.Entry, db: Database) throws -> Schema.VirtualTable {
        let statement: CreateVirtualTableStatement
        do {
            statement = try CreateVirtualTableStatement(sql: entry.sql ?? "")
        } catch let error as CreateStatementParseError {
            throw SchemaInspectionError(kind: .virtualTable, name: entry.name, message: error.description)
        }
        // A module this SQLite lacks cannot list its columns; the statement says the rest.
        let columns = (try? Row.fetchAll(db, sql: "PRAGMA main.table_xinfo(\(SQLText.quote(entry.name)))"))?
            .filter { ($0["hidden"] as Int? ?? 0) == 0 }.compactMap { $0["name"] as String? } ?? []
        return Schema.VirtualTable(name: entry.name, module: statement.module, arguments: statement.arguments,
                                   columns: columns)
    }

    // MARK: - Tables

    private typealias LiveColumn = (name: String, type: String?, isNotNull: Bool, defaultValue: String?, hidden: Int)

    /// What SQLite reports of a table: its columns and its indexes.
    private struct ReportedTable {
        var entry: Catalog.Entry
        var columns: [LiveColumn]
        var indexes: [IndexRow]
    }

    /// A table: its parsed statement, merged with what SQLite reports of its columns and indexes.
    private func table(_ reported: ReportedTable, parsed: ParsedStatements) throws -> Schema.Table {
        let entry = reported.entry
        let found: (CreateTableStatement, Schema.Table)?
        do {
            found = try parsed.table(entry)
        } catch {
            throw SchemaInspectionError(kind: .table, name: entry.name, message: error.description)
        }
        guard let sql = entry.sql, let (statement, parsedTable) = found else {
            throw SchemaInspectionError(kind: .table, name: entry.name, message: "no CREATE TABLE statement")
        }
        var table = parsedTable
        table.name = entry.name
        table.storedDefinition = StoredDefinition(sql: sql, columnsEnd: statement.columnsEnd)
        table.columns = merged(reported.columns, parsed: table, statement: statement)
        table.indexes = try indexes(reported.indexes, parsed: parsed)
        return table
    }

    /// What SQLite reports of a table's columns. Cached statements with arguments: one
    /// preparation for all the tables.
    private func columns(of table: String, db: Database) throws -> [LiveColumn] {
        var liveColumns: [LiveColumn] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT name, type, "notnull", dflt_value, hidden FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1
            """), arguments: [table])
        while let row = try rows.next() {
            liveColumns.append((row.text(at: 0) ?? "", row.text(at: 1), (row.integer(at: 2) ?? 0) != 0, row.text(at: 3),
                                Int(row.integer(at: 4) ?? 0)))
        }
        return liveColumns
    }

    /// The parsed columns of `table`, as SQLite reports them.
    private func merged(_ liveColumns: [LiveColumn], parsed table: Schema.Table,
                        statement: CreateTableStatement) -> [Schema.Column] {
        let parsedColumns = table.columns
        return liveColumns.enumerated().map { position, row in
            let name = row.name
            let hidden = row.hidden
            let isGenerated = hidden == 2 || hidden == 3
            let parsedIndex = position < parsedColumns.count && parsedColumns[position].name.isSameName(as: name)
                ? position : parsedColumns.firstIndex { $0.name.isSameName(as: name) }
            let parsed = parsedIndex.map { parsedColumns[$0] }
            var column = parsed ?? Schema.Column(name: name)
            column.name = name
            let reportedType = row.type
            column.type = parsed == nil
                ? reportedType.flatMap { $0.isEmpty ? nil : $0 }
                : Self.columnType(written: parsed?.type, reported: reportedType, isGenerated: isGenerated)
            column.isNotNull = row.isNotNull
            // WITHOUT ROWID makes primary key columns NOT NULL without it being written.
            if table.isWithoutRowID, let parsed, !parsed.isNotNull,
               parsed.isPrimaryKey || table.primaryKey.contains(where: { $0.isSameName(as: name) }) {
                column.isNotNull = false
            }
            column.defaultValue = row.defaultValue.map { stored in
                // The parser read the same text already: keep its value rather than read it again.
                if let parsedIndex, stored == statement.columns[parsedIndex].defaultExpression,
                   let value = parsed?.defaultValue {
                    return Self.checked(value, stored: stored)
                }
                return Self.defaultValue(stored)
            }
            if isGenerated {
                column.generated?.isStored = hidden == 3
            }
            return column
        }
    }

    /// The declared type of a column whose definition was parsed: the written spelling when
    /// SQLite reports the same type (SQLite upper-cases the standard names `int`, `integer`,
    /// `text`, …), else what SQLite reports. For a generated column, the written type: some
    /// SQLite versions report `GENERATED ALWAYS` as part of it.
    static func columnType(written: String?, reported: String?, isGenerated: Bool) -> String? {
        if isGenerated { return written }
        let reported = reported.flatMap { $0.isEmpty ? nil : $0 }
        guard let written, let reported, written.isSameName(as: reported) else { return reported }
        return written
    }

    /// A default as SQLite stores it: a literal when writing the literal gives back the same text,
    /// the text itself otherwise (`0x10`, `TRUE`, `+1`), so that nothing of its spelling is lost.
    static func defaultValue(_ stored: String) -> DefaultValue {
        checked(DefaultValue(sql: stored), stored: stored)
    }

    /// `value`, read from `stored`, when writing it back gives the same text; `stored` as SQL otherwise.
    private static func checked(_ value: DefaultValue, stored: String) -> DefaultValue {
        if case .sql = value { return value }
        return value.sqlExpression == SQLText.trimmed(stored) ? value : .sql(stored)
    }

    // MARK: - Indexes

    /// An index of a table, as SQLite reports it: its catalog entry, whether it is unique, and
    /// the columns of its key (`cid` -1 or -2 for the rowid or an expression).
    private typealias IndexRow = (entry: Catalog.Entry, isUnique: Bool, key: [(cid: Int64, name: String?)])

    private func indexRows(of tableName: String, catalog: Catalog, db: Database) throws -> [IndexRow] {
        var result: [IndexRow] = []
        let list = try db.cachedStatement(sql: """
            SELECT name, "unique" FROM pragma_index_list(?, 'main') WHERE origin = 'c'
            """)
        for row in try Row.fetchAll(list, arguments: [tableName]) {
            guard let name = row.text(at: 0),
                  !ReservedName.contains(name),
                  let entry = catalog.entry(named: name, type: .index), entry.sql != nil else { continue }
            let key = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT cid, name FROM pragma_index_xinfo(?, 'main') WHERE key ORDER BY seqno
                """), arguments: [name]).map { ($0.integer(at: 0) ?? -2, $0.text(at: 1)) }
            result.append((entry, (row.integer(at: 1) ?? 0) != 0, key))
        }
        return result
    }

    /// The indexes SQLite reports, with their parsed statements, in the order of the catalog.
    private func indexes(_ rows: [IndexRow], parsed: ParsedStatements) throws -> [Schema.Index] {
        var result: [(rowid: Int64, index: Schema.Index)] = []
        for row in rows {
            let statement: CreateIndexStatement?
            do {
                statement = try parsed.index(row.entry)
            } catch {
                throw SchemaInspectionError(kind: .index, name: row.entry.name, message: error.description)
            }
            guard let statement else { continue }
            let terms = statement.terms.enumerated().map { position, term -> Schema.IndexTerm in
                if !term.hasOrderingOrCollation, position < row.key.count, row.key[position].cid >= 0,
                   let columnName = row.key[position].name {
                    return .column(columnName)
                }
                return .expression(term.sql)
            }
            let index = Schema.Index(name: row.entry.name, terms: terms, isUnique: row.isUnique,
                                     condition: statement.condition, renamedFrom: [], sql: row.entry.sql)
            result.append((row.entry.rowid, index))
        }
        return result.sorted { $0.rowid < $1.rowid }.map(\.index)
    }
}
