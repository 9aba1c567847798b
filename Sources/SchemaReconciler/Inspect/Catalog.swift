import GRDB

// MARK: - Catalog

/// The rows of `main.sqlite_master`, in rowid order, and which tables are virtual tables or the
/// shadow tables that store them.
///
/// The objects of other tools (``IgnoredNames``) are set apart as it reads them, in
/// ``ignoredEntries``: whatever reads ``entries`` never meets them.
///
/// ```swift
/// let catalog = try dbQueue.read { try Catalog($0) }
/// catalog.entries.map(\.name)
/// catalog.schemaText == otherCatalog.schemaText // the same user schema, whatever the rowids
///
/// let litestream = try dbQueue.read { try Catalog($0, ignoring: file.ignoredNames) }
/// litestream.ignoredEntries.map(\.name) // ["_litestream_seq", "_litestream_lock"]
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

    /// The rows, in rowid order, but those of ``ignoredEntries``.
    package var entries: [Entry]
    /// The rows of the objects that ``ignored`` names (and of the indexes and triggers of the
    /// tables it names), in rowid order: other tools' objects, which a sync never reads,
    /// changes or drops. A rebuild of a table of the user's creates its ignored indexes and
    /// triggers again, as they were.
    package var ignoredEntries: [Entry]
    /// The names of the objects that other tools own.
    package var ignored: IgnoredNames
    /// The virtual tables.
    package var virtualTables: Set<SQLName>
    /// The tables that store virtual tables (their shadow tables).
    package var shadowTables: Set<SQLName>

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

    /// Reads the catalog of `db`'s main schema, setting apart the objects that `ignored` names.
    package init(_ db: Database, ignoring ignored: IgnoredNames = IgnoredNames()) throws {
        // A virtual table is a table without a b-tree of its own (root page 0).
        var rootless = Set<Int64>()
        self.ignored = ignored
        let rows = try Row.fetchAll(db, sql: "SELECT rowid, type, name, tbl_name, sql, rootpage FROM main.sqlite_master ORDER BY rowid")
            .compactMap { row -> Entry? in
                guard let type = EntryType(rawValue: row.text(at: 1) ?? "") else { return nil }
                let entry = Entry(rowid: row.integer(at: 0) ?? 0, type: type, name: row.text(at: 2) ?? "",
                                  tableName: row.text(at: 3) ?? "", sql: row.text(at: 4))
                if type == .table && (row.integer(at: 5) ?? 0) == 0 { rootless.insert(entry.rowid) }
                return entry
            }
        var virtual = Set<SQLName>()
        var shadow = Set<SQLName>()
        // SQLite 3.37+ says which tables are shadow tables (of the modules it has loaded).
        if let listed = try? Row.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'") {
            for row in listed { if let name = row["name"] as String? { shadow.insert(name.sqlName) } }
        }
        // The stored SQL says which tables are virtual, and their module names their shadow tables.
        for entry in rows where entry.type == .table && rootless.contains(entry.rowid) {
            guard let sql = entry.sql, let module = Self.virtualTableModule(sql) else { continue }
            virtual.insert(entry.name.sqlName)
            for suffix in Self.shadowSuffixes[module.lowercased()] ?? [] {
                shadow.insert((entry.name + "_" + suffix).sqlName)
            }
        }
        virtualTables = virtual
        shadowTables = shadow.subtracting(virtual)
        let virtualNames = rows.filter { $0.type == .table && virtual.contains($0.name.sqlName) }.map(\.name)
        let owners = Self.owners(of: shadowTables, virtualTables: virtualNames)
        (entries, ignoredEntries) = Self.split(rows, ignoring: ignored, shadowOwners: owners)
        for (position, entry) in entries.enumerated() {
            let key = EntryKey(type: entry.type, name: entry.name.sqlName)
            if entryIndex[key] == nil { entryIndex[key] = position }
        }
    }

    /// The rows the user's schema holds, and those of the objects `ignored` names: their own
    /// names or their tables' match, or they are the shadow tables of an ignored virtual table.
    private static func split(_ rows: [Entry], ignoring ignored: IgnoredNames,
                              shadowOwners: [SQLName: String]) -> (kept: [Entry], ignored: [Entry]) {
        var kept: [Entry] = []
        var set: [Entry] = []
        for entry in rows {
            let owner = shadowOwners[entry.name.sqlName]
            if ignored.ignores(entry.name, table: entry.tableName) || owner.map(ignored.contains) == true {
                set.append(entry)
            } else {
                kept.append(entry)
            }
        }
        return (kept, set)
    }

    /// The virtual table each shadow table stores: the one whose name, followed by `_`, begins
    /// the shadow table's, the longest where several do (`docs_fts_data` is `docs_fts`'s, not
    /// `docs`'s).
    private static func owners(of shadowTables: Set<SQLName>, virtualTables: [String]) -> [SQLName: String] {
        let prefixes = virtualTables.map { (name: $0, prefix: $0.sqlName.description + "_") }
            .sorted { $0.prefix.count > $1.prefix.count }
        var owners: [SQLName: String] = [:]
        for shadow in shadowTables {
            let name = shadow.description
            if let owner = prefixes.first(where: { name.hasPrefix($0.prefix) }) { owners[shadow] = owner.name }
        }
        return owners
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

    /// Whether a table is virtual.
    package func isVirtual(_ entry: Entry) -> Bool {
        virtualTables.contains(entry.name.sqlName)
    }

    /// Whether a table stores a virtual table: its shadow tables are the module's, never the user's.
    package func isShadow(_ entry: Entry) -> Bool {
        shadowTables.contains(entry.name.sqlName)
    }

    /// Whether a table is an ordinary table of the user's: not SQLite's, not the reconciler's,
    /// not virtual, not a shadow table.
    package func isManagedTable(_ entry: Entry) -> Bool {
        !ReservedName.contains(entry.name) && !isVirtual(entry) && !isShadow(entry)
    }

    /// The tables in the reconciler's namespace other than its own state.
    package var reservedTables: [String] {
        entries.filter { $0.type == .table && $0.name.sqlName.hasPrefix(ReservedName.prefix)
            && !ReservedName.stateTables.containsName($0.name) }.map(\.name)
    }

    /// Whether the database holds nothing of its users: no table, view or trigger outside
    /// SQLite's, the reconciler's and other tools' own (``ignoredEntries``).
    package var isEmpty: Bool {
        !entries.contains { !ReservedName.contains($0.name) && !ReservedName.contains($0.tableName) }
    }

    /// Whether the database holds a view or a trigger, another tool's included: a change to a
    /// table could break it.
    package var hasViewsOrTriggers: Bool {
        (entries + ignoredEntries).contains { $0.type == .view || $0.type == .trigger }
    }

    /// Whether an ignored table of this name is there (compared as SQLite compares names).
    package func holdsIgnoredTable(named name: String) -> Bool {
        ignoredEntries.contains { $0.type == .table && $0.name.isSameName(as: name) }
    }

    /// The user schema as text, in a canonical order: two catalogs with the same text hold the
    /// same objects with the same definitions, whatever their rowids.
    package var schemaText: [String] {
        entries.filter { !ReservedName.contains($0.name) && !ReservedName.contains($0.tableName) }
            .map { "\($0.type.rawValue) \($0.name.sqlName) \($0.tableName.sqlName)\n\($0.sql ?? "")" }
            .sorted()
    }
}
