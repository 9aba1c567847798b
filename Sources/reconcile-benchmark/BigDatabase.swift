import Foundation
import GRDB

// MARK: - BigDatabase

/// The two databases of the 1 GB figures, synced by `reconcile` with ``BigSchema/synced``: one
/// of about 1 GB (200,000 authors, 4,000,000 books of 200-byte bodies, each with an ISBN and its
/// pages) and
/// one with the same schema and no rows. They are built once and kept beside the build's
/// products, in `bench-big/v<formatVersion>/`, with the schema.yaml they were synced with; the
/// figures run on copies of them.
///
/// ```swift
/// let database = try BigDatabase.cached(reconcile: reconcile)
/// _ = try fixture.copy(database.big, to: "work.sqlite")
/// ```
struct BigDatabase {
    /// Changes when the files built here change, so that an older cache is built again.
    static let formatVersion = 3
    /// The rows of `authors`, and of `books` (as many for each author).
    static let rows = (authors: 200_000, books: 4_000_000)
    /// The length of each book's `body`, in bytes.
    static let bodyBytes = 200

    /// The folder of the files.
    let folder: URL

    /// The 1 GB database.
    var big: String { folder.appendingPathComponent("big.sqlite").path }
    /// The database without rows.
    var empty: String { folder.appendingPathComponent("empty.sqlite").path }
    /// The schema.yaml both were synced with.
    var schemaPath: String { folder.appendingPathComponent(BigSchema.synced.fileName).path }

    /// The big database's size on disk, in bytes.
    var bigSize: UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: big))?[.size] as? UInt64) ?? 0
    }

    // MARK: The cache

    /// The cached databases, built first when missing (some ten seconds; older format versions
    /// are removed then), and synced again with their schema.yaml by this `reconcile`, which
    /// changes nothing unless the stored state is an older library's; and whether they were built.
    static func cached(reconcile: ReconcileBinary) throws -> (database: BigDatabase, isNew: Bool) {
        let root = ReconcileBinary.benchmarkFolder.deletingLastPathComponent().appendingPathComponent("bench-big")
        let database = BigDatabase(folder: root.appendingPathComponent("v\(formatVersion)"))
        let isNew = !FileManager.default.fileExists(atPath: database.folder.path)
        if isNew {
            try removeOlderVersions(in: root)
            try build(database.folder, reconcile: reconcile)
        }
        let errors = database.folder.appendingPathComponent("stderr.txt").path
        for path in [database.big, database.empty] {
            try reconcile.succeed(["--schema", database.schemaPath, "--database", path], errorsTo: errors)
            try reconcile.succeed(["--schema", database.schemaPath, "--database", path, "--check"], errorsTo: errors)
        }
        return (database, isNew)
    }

    /// Builds the databases in a folder of its own, and moves it to `folder` once complete, so
    /// that an interrupted build leaves no cache behind.
    private static func build(_ folder: URL, reconcile: ReconcileBinary) throws {
        let parts = folder.deletingLastPathComponent().appendingPathComponent("building-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parts) }
        let database = BigDatabase(folder: parts)
        try BigSchema.synced.yaml.write(toFile: database.schemaPath, atomically: true, encoding: .utf8)
        let errors = parts.appendingPathComponent("stderr.txt").path
        for path in [database.big, database.empty] {
            try reconcile.succeed(["--schema", database.schemaPath, "--database", path], errorsTo: errors)
        }
        try fill(database.big)
        try FileManager.default.moveItem(at: parts, to: folder)
    }

    /// Removes the folders of other format versions (a gigabyte each).
    private static func removeOlderVersions(in root: URL) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    // MARK: Rows

    /// Fills the synced database at `path` in one transaction through one prepared statement a
    /// table, with the journal and syncing off meanwhile, and both back to SQLite's defaults after.
    /// The books come in order of author, as the index on `author_id` is cheapest to fill.
    private static func fill(_ path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144")
            try db.inTransaction {
                try insertAuthors(db)
                try insertBooks(db)
                try db.execute(sql: "INSERT INTO settings (key, value) VALUES ('theme', 'dark'), ('language', 'en')")
                return .commit
            }
            try db.execute(sql: "PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA cache_size = -2000")
        }
        try queue.close()
    }

    private static func insertAuthors(_ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO authors (id, name) VALUES (?, ?)")
        for id in 1...rows.authors {
            insert.setUncheckedArguments([id, "Author \(id)"])
            try insert.execute()
        }
    }

    private static func insertBooks(_ db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO books (id, author_id, title, body, isbn, pages) VALUES (?, ?, ?, ?, ?, ?)")
        let perAuthor = rows.books / rows.authors
        let filler = String(repeating: "All work and no play makes Jack a dull boy. ", count: bodyBytes / 40 + 1)
        // The body of book n: the filler's first characters, then n, 200 bytes in all.
        let heads = (0...20).map { String(filler.prefix(bodyBytes - $0)) }
        for id in 1...rows.books {
            let number = String(id)
            insert.setUncheckedArguments([id, (id - 1) / perAuthor + 1, "Book \(number)", heads[number.utf8.count] + number,
                                          "978-\(number)", 100 + id % 900])
            try insert.execute()
        }
    }
}
