import Foundation
import GRDB

// MARK: - ScratchDatabase

/// A schema-only copy of a database, in memory: every table, index, view and trigger of the
/// database's catalog, created again from its stored SQL, without a single row.
///
/// The planner asks it what only SQLite knows exactly: how renames rewrite what refers to the
/// renamed objects, which views and triggers a change leaves broken, what upgrade scripts do to
/// the schema. Its connection is prepared as the app prepares the connections the reconciler
/// opens (``Reconciler/Options/prepareDatabase``); a function or collation that it still lacks
/// is stood in for by one that does nothing, so that the schema still reads as it does there.
///
/// ```swift
/// let scratch = try ScratchDatabase(replaying: catalog, prepareDatabase: options.prepareDatabase)
/// try scratch.execute(#"ALTER TABLE "people" RENAME TO "users""#)
/// let renamed = try scratch.inspect()
/// ```
package final class ScratchDatabase: Sendable {
    private let queue: DatabaseQueue
    /// The objects of other tools, which the copy holds as the database does, and which its
    /// catalog, its schema and its broken objects leave out, as the database's do.
    private let ignored: IgnoredNames

    /// Creates an empty copy, whose connection `prepareDatabase` prepares.
    ///
    /// ```swift
    /// let scratch = try ScratchDatabase(prepareDatabase: { db in try db.setDefensive(true) })
    /// ```
    package init(prepareDatabase: DatabasePreparation? = nil, ignoring ignored: IgnoredNames = IgnoredNames()) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        queue = try DatabaseQueue.inMemory(preparedBy: prepareDatabase, configuration: configuration)
        self.ignored = ignored
    }

    /// Creates the objects of `catalog`, other tools' included (those SQLite can make): tables
    /// (virtual ones with their own storage) first, then indexes, views and triggers, each kind
    /// in creation order.
    /// SQLite's own objects and the reconciler's are left out. `prepareDatabase` prepares the
    /// copy's connection.
    ///
    /// ```swift
    /// let scratch = try ScratchDatabase(replaying: try Catalog(db), prepareDatabase: options.prepareDatabase)
    /// ```
    package convenience init(replaying catalog: Catalog, prepareDatabase: DatabasePreparation? = nil) throws {
        try self.init(prepareDatabase: prepareDatabase, ignoring: catalog.ignored)
        let entries = (catalog.entries + catalog.ignoredEntries).sorted { $0.rowid < $1.rowid }.filter {
            $0.sql != nil && !ReservedName.contains($0.name) && !ReservedName.contains($0.tableName)
        }
        let others = Set(catalog.ignoredEntries.map(\.rowid))
        for type in [Catalog.EntryType.table, .index, .view, .trigger] {
            for entry in entries where entry.type == type {
                // A virtual table creates its shadow tables itself.
                if type == .table, catalog.isShadow(entry) { continue }
                // Another tool's object is there where SQLite can make it: its module, say, may
                // be the tool's own, which nothing the sync does needs.
                if others.contains(entry.rowid) {
                    try? execute(entry.sql!)
                } else {
                    try execute(entry.sql!)
                }
            }
        }
    }

    // MARK: Running SQL

    /// Runs one statement. A function or collation SQLite does not know is registered as a
    /// stand-in and the statement tried again.
    package func execute(_ sql: String) throws {
        try queue.inDatabase { db in
            try Self.execute(sql, in: db)
        }
    }

    /// Runs `body` on the copy's connection.
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.inDatabase(body)
    }

    static func execute(_ sql: String, in db: Database) throws {
        var failure: DatabaseError?
        _ = try UnregisteredSQL.standingIn(in: db) {
            do {
                try db.makeStatement(sql: sql).execute()
                failure = nil
                return []
            } catch let error as DatabaseError {
                failure = error
                return [error.message ?? ""]
            }
        }
        if let failure { throw failure }
    }

    // MARK: In-place edits

    /// Runs steps that edit table definitions in place, in one schema edit session, as the sync
    /// runs them (turning defensive mode off for the session where the sync may); returns the
    /// schema version the session set.
    @discardableResult
    package func runEdits(_ steps: ArraySlice<Step>, allowingDefensiveModeOff: Bool) throws -> Int {
        try queue.inDatabase { db in
            try SchemaEditSession.run(in: db, allowingDefensiveModeOff: allowingDefensiveModeOff) {
                for step in steps {
                    for sql in step.statements { try Self.execute(sql, in: db) }
                }
            }
        }
    }

    /// Whether `table` would keep how its rows are stored under `definition` (a `CREATE TABLE`
    /// statement for it), as SQLite reads both: the definition is created under another name
    /// and the two layouts compared. False when SQLite cannot tell (too old for the pragmas).
    package func keepsStorage(of table: String, under definition: String, allowingCollationChanges: Bool) throws -> Bool {
        let tokens = SQLTokenizer.tokens(in: definition)
        guard let head = CreateStatementHead(tokens), head.end < tokens.count else { return false }
        let probe = "_reconciler_layout_probe"
        let body = SQLText.text(in: definition, bytes: tokens[head.end].range.lowerBound..<definition.utf8.count)
        return try queue.inDatabase { db in
            var keeps = false
            // Rolled back, so that the copy's schema version counts the plan's changes only.
            try db.inSavepoint {
                do {
                    try Self.execute("CREATE TABLE \(SQLText.quote(probe)) \(body)", in: db)
                    let old = try StorageLayout(table: table, in: db)
                    keeps = try StorageLayout(table: probe, in: db).keeps(old, allowingCollationChanges: allowingCollationChanges)
                } catch is DatabaseError {
                    keeps = false
                }
                return .rollback
            }
            return keeps
        }
    }

    // MARK: Reading back

    /// The copy's catalog.
    package func catalog() throws -> Catalog {
        try queue.inDatabase { try Catalog($0, ignoring: ignored) }
    }

    /// The copy's schema, as the inspector reads a database.
    package func inspect() throws -> Schema {
        try queue.inDatabase { try SchemaInspector().inspect($0, ignoring: ignored) }
    }

    /// The views and triggers that SQLite cannot compile in the copy, with a stand-in for each
    /// collation and function of the app's own that they need and the copy lacks (a function
    /// that a table's default calls, needed by every `INSERT` that fires a trigger on it): the
    /// copy never holds a row.
    package func brokenObjects() throws -> [BrokenObject] {
        try queue.inDatabase { try BrokenObject.standingIn(in: $0, ignoring: ignored).broken }
    }

    /// `PRAGMA schema_version`, which every schema change increments.
    package func schemaVersion() throws -> Int {
        try queue.inDatabase { Int(try $0.schemaVersion()) }
    }
}
