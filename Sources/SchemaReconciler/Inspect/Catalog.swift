import GRDB

// MARK: - Catalog

/// The rows of `main.sqlite_master`, in rowid order, and which tables are virtual tables or the
/// shadow tables that store them.
///
/// ```swift
/// let catalog = try dbQueue.read { try Catalog($0) }
/// catalog.entries.map(\.name)
/// catalog.schemaText == otherCatalog.schemaText // the same user schema, whatever the rowids
/// ```
package struct Catalog: Sendable, Equatable {
    /// The kinds of row in `sqlite_master`.
    package enum EntryType: String, Sendable, Hashable {
        case table, index, view, trigger
    }

    /// One row of `sqlite_master`.
    package struct Entry: Sendable, Hashable {
        /// Its rowid, which orders creation.
        package var rowid: Int64
        /// What it describes.
        package var type: EntryType
        /// The object's name.
        package var name: String
        /// The table it belongs to (its own name for a table or view).
        package var tableName: String
        /// The `CREATE` statement; nil for the automatic indexes of keys.
        package var sql: String?
    }

    /// The rows, in rowid order.
    package var entries: [Entry]
    /// Virtual tables and their shadow tables.
    package var unmanagedTables: Set<SQLName>

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

    /// Reads the catalog of `db`'s main schema.
    package init(_ db: Database) throws {
        entries = try Row.fetchAll(db, sql: "SELECT rowid, type, name, tbl_name, sql FROM main.sqlite_master ORDER BY rowid")
            .compactMap { row in
                guard let type = EntryType(rawValue: row["type"] ?? "") else { return nil }
                return Entry(rowid: row["rowid"] ?? 0, type: type, name: row["name"] ?? "",
                             tableName: row["tbl_name"] ?? "", sql: row["sql"])
            }
        var unmanaged = Set<SQLName>()
        // SQLite 3.37+ says which tables are virtual or shadow tables.
        if let rows = try? Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_list WHERE schema = 'main'") {
            for row in rows where ["virtual", "shadow"].contains(row["type"] as String? ?? "") {
                if let name = row["name"] as String? { unmanaged.insert(name.sqlName) }
            }
        }
        // The stored SQL says which tables are virtual, and their module names their shadow tables.
        for entry in entries where entry.type == .table {
            guard let sql = entry.sql, let module = Self.virtualTableModule(sql) else { continue }
            unmanaged.insert(entry.name.sqlName)
            for suffix in Self.shadowSuffixes[module.lowercased()] ?? [] {
                unmanaged.insert((entry.name + "_" + suffix).sqlName)
            }
        }
        unmanagedTables = unmanaged
        for (position, entry) in entries.enumerated() {
            let key = EntryKey(type: entry.type, name: entry.name.sqlName)
            if entryIndex[key] == nil { entryIndex[key] = position }
        }
    }

    /// The module of a `CREATE VIRTUAL TABLE … USING module`, nil for any other statement.
    private static func virtualTableModule(_ sql: String) -> String? {
        let tokens = SQLTokenizer.tokens(in: sql)
        guard let head = CreateStatementHead(tokens), head.kind == .virtualTable else { return nil }
        guard head.end + 1 < tokens.count, tokens[head.end].isKeyword("USING") else { return "" }
        return tokens[head.end + 1].nameValue ?? ""
    }

    // MARK: Lookups

    /// The row of the object of this type and name (compared as SQLite compares names).
    package func entry(named name: String, type: EntryType) -> Entry? {
        entryIndex[EntryKey(type: type, name: name.sqlName)].map { entries[$0] }
    }

    private struct EntryKey: Hashable {
        var type: EntryType
        var name: SQLName
    }

    private var entryIndex: [EntryKey: Int] = [:]

    /// Whether a table is virtual or stores a virtual table.
    package func isVirtualOrShadow(_ entry: Entry) -> Bool {
        unmanagedTables.contains(entry.name.sqlName)
    }

    /// Whether a table is one the model describes: not SQLite's, not the reconciler's, not virtual.
    package func isManagedTable(_ entry: Entry) -> Bool {
        !Self.isReservedName(entry.name) && !isVirtualOrShadow(entry)
    }

    /// The names of the virtual tables and their shadow tables, in rowid order.
    package var unmanagedTableNames: [String] {
        entries.filter { $0.type == .table && !Self.isReservedName($0.name) && isVirtualOrShadow($0) }.map(\.name)
    }

    /// The tables in the reconciler's namespace other than its own state.
    package var reservedTables: [String] {
        entries.filter { $0.type == .table && $0.name.sqlName.hasPrefix("_reconciler")
            && !StoredState.tableNames.containsName($0.name) }.map(\.name)
    }

    /// Whether the database holds nothing of its users: no table, view or trigger outside
    /// SQLite's and the reconciler's own.
    package var isEmpty: Bool {
        !entries.contains { !Self.isReservedName($0.name) && !Self.isReservedName($0.tableName) }
    }

    /// The user schema as text, in a canonical order: two catalogs with the same text hold the
    /// same objects with the same definitions, whatever their rowids.
    package var schemaText: [String] {
        entries.filter { !Self.isReservedName($0.name) && !Self.isReservedName($0.tableName) }
            .map { "\($0.type.rawValue) \($0.name.sqlName) \($0.tableName.sqlName)\n\($0.sql ?? "")" }
            .sorted()
    }

    // MARK: Names

    /// `sqlite_*` (SQLite's own) and `_reconciler*` (the reconciler's own), case-insensitively.
    package static func isReservedName(_ name: String) -> Bool {
        let key = name.sqlName
        return key.hasPrefix("sqlite_") || key.hasPrefix("_reconciler")
    }
}
