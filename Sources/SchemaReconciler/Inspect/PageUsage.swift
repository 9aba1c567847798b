import GRDB

// MARK: - PageUsage

/// How a database file's pages are used and written, as SQLite keeps it without reading a
/// table: the page size, how many pages the file has and how many of them are free, the journal
/// mode, and whether freed pages are overwritten.
///
/// ```swift
/// let usage = try PageUsage(db)
/// usage.usedBytes   // what the file's tables and indexes take up together, at most
/// usage.freeBytes   // what SQLite reuses before the file grows
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

    /// Reads the pragmas of `db`'s main database: five values SQLite keeps in the file's header
    /// and on the connection, whatever the size of the tables.
    package init(_ db: Database) throws {
        pageSize = try Int64.fetchOne(db, sql: "PRAGMA main.page_size") ?? 0
        pageCount = try Int64.fetchOne(db, sql: "PRAGMA main.page_count") ?? 0
        freePages = try Int64.fetchOne(db, sql: "PRAGMA main.freelist_count") ?? 0
        journalMode = (try String.fetchOne(db, sql: "PRAGMA main.journal_mode") ?? "").lowercased()
        overwritesFreedPages = try Int.fetchOne(db, sql: "PRAGMA main.secure_delete") == 1
    }

    // MARK: The file

    /// The bytes of the pages in use: the file less its free pages. Every table and index of
    /// the file together takes up no more.
    package var usedBytes: Int64 { max(pageCount - freePages, 0) * pageSize }

    /// The bytes of the free pages, which SQLite fills before it makes the file longer.
    package var freeBytes: Int64 { freePages * pageSize }

    /// Whether writes go to a write-ahead log (`-wal`) before the database file.
    package var isWAL: Bool { journalMode == "wal" }

    /// Whether a transaction keeps a rollback journal on disk (`-journal`), where SQLite saves
    /// the pages it overwrites.
    package var keepsRollbackJournal: Bool { ["delete", "truncate", "persist"].contains(journalMode) }
}
