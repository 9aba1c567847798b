import GRDB

// MARK: - StorageLayout

/// How SQLite stores a table's rows, as SQLite itself reports it: its columns in order (with
/// their place in the primary key, and whether they are generated), and the indexes its PRIMARY
/// KEY and UNIQUE constraints make (`sqlite_autoindex_<table>_<n>`), with their columns, order
/// and collations. An in-place edit is safe when the new definition keeps this layout: the rows
/// and those indexes, already on disk, read the same under it.
///
/// ```swift
/// let before = try StorageLayout(table: "users", in: db)
/// let after = try StorageLayout(table: "_reconciler_probe", in: db)
/// after.keeps(before, allowingCollationChanges: false)
/// ```
struct StorageLayout: Equatable {
    /// A column: its name, its position in the primary key (0 when not in it), and whether it
    /// is hidden or generated (`PRAGMA table_xinfo`'s `hidden`).
    struct Column: Equatable {
        var name: String
        var primaryKeyPosition: Int
        var hidden: Int
    }

    /// An automatic index: its number, whether it is unique, where it comes from (`pk`, `u`),
    /// and its key columns as `(column number, descending, collation)`.
    struct KeyIndex: Equatable {
        var number: String
        var isUnique: Bool
        var origin: String
        var columns: [(cid: Int, isDescending: Bool, collation: String?)]

        static func == (lhs: KeyIndex, rhs: KeyIndex) -> Bool {
            lhs.number == rhs.number && lhs.isUnique == rhs.isUnique && lhs.origin == rhs.origin
                && lhs.columns.map(\.cid) == rhs.columns.map(\.cid)
                && lhs.columns.map(\.isDescending) == rhs.columns.map(\.isDescending)
                && lhs.columns.map { $0.collation?.uppercased() } == rhs.columns.map { $0.collation?.uppercased() }
        }

        /// The same index but for its collations.
        func matchesIgnoringCollations(_ other: KeyIndex) -> Bool {
            var other = other
            other.columns = zip(other.columns, columns).map { ($0.cid, $0.isDescending, $1.collation) }
            return other.columns.count == columns.count && self == other
        }
    }

    var columns: [Column]
    var keyIndexes: [KeyIndex]

    /// Reads the layout of `table`.
    init(table: String, in db: Database) throws {
        columns = try Row.fetchAll(db, sql: "SELECT name, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid",
                                   arguments: [table]).map { Column(name: $0[0], primaryKeyPosition: $0[1], hidden: $0[2]) }
        let prefix = "sqlite_autoindex_\(table)_"
        keyIndexes = try Row.fetchAll(db, sql: """
            SELECT name, "unique", origin FROM pragma_index_list(?) WHERE origin IN ('pk', 'u') ORDER BY name
            """, arguments: [table]).map { row in
            let name: String = row[0]
            let columns = try Row.fetchAll(db, sql: """
                SELECT cid, "desc", coll FROM pragma_index_xinfo(?) WHERE key ORDER BY seqno
                """, arguments: [name]).map { (cid: $0[0] as Int, isDescending: $0[1] as Bool, collation: $0[2] as String?) }
            return KeyIndex(number: name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name,
                            isUnique: row[1], origin: row[2], columns: columns)
        }
    }

    /// Whether rows stored under `old` read the same under this layout: the same columns in
    /// the same order with the same key, then only new ordinary columns, and the same
    /// automatic indexes (whose collations may change when a reindex follows).
    func keeps(_ old: StorageLayout, allowingCollationChanges: Bool) -> Bool {
        guard columns.count >= old.columns.count, Array(columns.prefix(old.columns.count)) == old.columns,
              columns.dropFirst(old.columns.count).allSatisfy({ $0.primaryKeyPosition == 0 && $0.hidden == 0 }),
              keyIndexes.count == old.keyIndexes.count else { return false }
        return zip(keyIndexes, old.keyIndexes).allSatisfy { new, old in
            allowingCollationChanges ? new.matchesIgnoringCollations(old) : new == old
        }
    }
}
