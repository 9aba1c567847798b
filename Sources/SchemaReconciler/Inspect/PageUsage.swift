import GRDB

// MARK: - PageUsage

/// How a database file's pages are used and written: the page size, how many pages the file
/// has and how many of them are free, the journal mode, whether freed pages are overwritten, and,
/// where SQLite has the `dbstat` virtual table (builds with `SQLITE_ENABLE_DBSTAT_VTAB`), the
/// bytes that a table or an index takes up.
///
/// ```swift
/// let usage = try PageUsage(db)
/// usage.freeBytes                                // what SQLite reuses before the file grows
/// try usage.bytes(of: ["users", "users_email"])   // the pages of both b-trees; nil without dbstat
/// ```
package struct PageUsage {
    /// The size of a page, in bytes (`PRAGMA page_size`).
    package var pageSize: Int64
    /// The pages of the file (`PRAGMA page_count`).
    package var pageCount: Int64
    /// The pages on the free list, which SQLite reuses before it makes the file longer
    /// (`PRAGMA freelist_count`).
    package var freePages: Int64
    /// The journal mode in lower case: `delete`, `truncate`, `persist`, `wal`, `memory`, `off`.
    package var journalMode: String
    /// Whether SQLite overwrites the pages it frees with zeros (`PRAGMA secure_delete`, on in
    /// some builds by default); not in its `fast` setting, which does it only where it costs no
    /// writes.
    package var overwritesFreedPages: Bool
    /// The query of `dbstat` for one b-tree's bytes; nil when SQLite does not have it.
    private var dbstat: Statement?

    /// Reads the pragmas of `db`'s main database, and whether it has `dbstat`; with
    /// `measuringObjects` false, it is taken not to (what SQLite without it gives).
    package init(_ db: Database, measuringObjects: Bool = true) throws {
        pageSize = try Int64.fetchOne(db, sql: "PRAGMA main.page_size") ?? 0
        pageCount = try Int64.fetchOne(db, sql: "PRAGMA main.page_count") ?? 0
        freePages = try Int64.fetchOne(db, sql: "PRAGMA main.freelist_count") ?? 0
        journalMode = (try String.fetchOne(db, sql: "PRAGMA main.journal_mode") ?? "").lowercased()
        overwritesFreedPages = try Int.fetchOne(db, sql: "PRAGMA main.secure_delete") == 1
        // SQLite without dbstat refuses to prepare the query.
        dbstat = measuringObjects ? try? db.makeStatement(sql: "SELECT sum(pgsize) FROM dbstat WHERE name = ?") : nil
    }

    // MARK: The file

    /// The bytes of the pages in use: the file less its free pages.
    package var usedBytes: Int64 { max(pageCount - freePages, 0) * pageSize }

    /// The bytes of the free pages, which SQLite fills before it makes the file longer.
    package var freeBytes: Int64 { freePages * pageSize }

    /// Whether writes go to a write-ahead log (`-wal`) before the database file.
    package var isWAL: Bool { journalMode == "wal" }

    /// Whether a transaction keeps a rollback journal on disk (`-journal`), where SQLite saves
    /// the pages it overwrites.
    package var keepsRollbackJournal: Bool { ["delete", "truncate", "persist"].contains(journalMode) }

    // MARK: Tables and indexes

    /// Whether ``bytes(of:)`` can tell: SQLite has `dbstat`.
    package var measuresObjects: Bool { dbstat != nil }

    /// The bytes the b-trees of these tables and indexes take up (their interior, leaf and
    /// overflow pages), as `dbstat` counts them; 0 for a name that has none (a virtual table, an
    /// object that does not exist); nil when SQLite has no `dbstat`.
    package func bytes(of names: [String]) throws -> Int64? {
        guard let dbstat else { return nil }
        var total: Int64 = 0
        for name in names {
            total += try Int64.fetchOne(dbstat, arguments: [name]) ?? 0
        }
        return total
    }
}
