import GRDB

// MARK: - ScriptWriteRecorder

/// Records, while the upgrade scripts run on the rehearsal copy, the tables they can change
/// (``ScriptWrites``):
///
/// - the tables each statement inserts into, updates or deletes from, triggers included, as
///   SQLite's authorizer reports them when it compiles the statement: GRDB asks a transaction
///   observer about every kind of event a statement makes (`observes(eventsOfKind:)`) before it
///   runs, whether a row changes or not, and this one notes them and declines;
/// - after each statement that changed the schema, the tables whose definition it created,
///   renamed, changed or dropped, which the authorizer does not report as writes;
/// - at the end, what the foreign key actions of the tables written set off
///   (``followForeignKeyActions(in:)``), which the copy, without enforcement, never compiled.
///
/// ```swift
/// let recorder = try ScriptWriteRecorder(in: db)
/// try recorder.recording(in: db) {
///     var runner = ScriptRunner(upgrade: upgrade, script: script)
///     runner.statementDidRun = recorder.statementDidRun(in:)
///     try runner.run(in: db)
///     try recorder.followForeignKeyActions(in: db)
/// }
/// let writes = try recorder.writes(in: db)
/// ```
final class ScriptWriteRecorder: TransactionObserver, @unchecked Sendable {
    /// The tables some statement inserts into, updates or deletes from, as named then.
    private var written: [String] = []
    /// The tables some statement created, renamed or changed the definition of, as named then.
    private var redefined: [String] = []
    /// The tables some statement dropped or renamed, as named before.
    private var removed: [String] = []
    /// The tables and their `CREATE TABLE` statements, as last read.
    private var definitions: [Definition]
    /// The schema version they were read at.
    private var schemaVersion: Int32

    /// A recorder for the scripts that run next on `db`, whose tables it reads now.
    init(in db: Database) throws {
        definitions = try Self.definitions(in: db)
        schemaVersion = try db.schemaVersion()
    }

    /// Runs `body` with the recorder observing `db`.
    func recording<T>(in db: Database, _ body: () throws -> T) rethrows -> T {
        db.add(transactionObserver: self, extent: .observerLifetime)
        defer { db.remove(transactionObserver: self) }
        return try body()
    }

    // MARK: What the scripts changed

    /// What the scripts can change, by the names the tables have now on `db`.
    func writes(in db: Database) throws -> ScriptWrites {
        let tables = try Self.definitions(in: db).map(\.name)
        var writes = ScriptWrites()
        for name in written + redefined + removed {
            if let table = tables.first(where: { $0.isSameName(as: name) }) {
                writes.tables.appendName(table)
            } else {
                writes.removedTables.appendName(name)
            }
        }
        return writes
    }

    // MARK: Definitions

    /// A table of the copy and its `CREATE TABLE` statement.
    private struct Definition: Equatable {
        var name: String
        var sql: String?
    }

    /// Notes the tables whose definition the statement that just ran on `db` created, renamed,
    /// changed (another table's rename may change it) or dropped.
    func statementDidRun(in db: Database) throws {
        let version = try db.schemaVersion()
        guard version != schemaVersion else { return }
        schemaVersion = version
        let now = try Self.definitions(in: db)
        for table in now where !definitions.contains(table) {
            redefined.appendName(table.name)
        }
        for table in definitions where !now.contains(where: { $0.name.isSameName(as: table.name) }) {
            removed.appendName(table.name)
        }
        definitions = now
    }

    /// The tables of `db`'s main schema but SQLite's and the reconciler's, in creation order.
    private static func definitions(in db: Database) throws -> [Definition] {
        try Row.fetchAll(db, sql: "SELECT name, sql FROM main.sqlite_master WHERE type = 'table' ORDER BY rowid")
            .map { Definition(name: $0[0], sql: $0[1]) }
            .filter { !ReservedName.contains($0.name) }
    }

    // MARK: TransactionObserver

    /// Notes the table of each kind of event the statement about to run makes, and declines:
    /// GRDB then asks about every kind, and has no row to report.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if !ReservedName.contains(eventKind.tableName) { written.appendName(eventKind.tableName) }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}
}

// MARK: - Foreign key actions

extension ScriptWriteRecorder {
    /// Adds what the foreign key actions of the tables written (or dropped) can change. With
    /// enforcement on, as the sync may run the scripts, deleting or updating a parent row
    /// deletes or updates the child rows that reference it (`CASCADE`, `SET NULL`,
    /// `SET DEFAULT`), and fires their triggers; the copy enforces no foreign key, so its
    /// statements were compiled without them. Each such child has SQLite compile a `DELETE` and an
    /// `UPDATE` of its foreign key columns, which change no row (`WHERE 0`), in a savepoint
    /// rolled back, while the recorder observes: the child, and what its triggers write, are
    /// then written tables in turn, until no new one turns up.
    ///
    /// - Throws: the `DatabaseError` of a statement SQLite cannot compile on the copy.
    func followForeignKeyActions(in db: Database) throws {
        guard !written.isEmpty || !removed.isEmpty else { return }
        // The probes change no schema: the tables with actions are read once.
        let candidates = try Self.childrenWithActions(in: db)
        var followed: [String] = []
        var children: [ChildWithActions]
        repeat {
            let parents = written + removed
            children = candidates.filter { child in
                !followed.containsName(child.table) && child.parents.contains(where: parents.containsName)
            }
            for child in children {
                followed.append(child.table)
                let table = SQLText.quote(child.table)
                let columns = child.columns.map { "\(SQLText.quote($0)) = \(SQLText.quote($0))" }.joined(separator: ", ")
                try db.inSavepoint {
                    try ScratchDatabase.execute("DELETE FROM \(table) WHERE 0", in: db)
                    try ScratchDatabase.execute("UPDATE \(table) SET \(columns) WHERE 0", in: db)
                    return .rollback
                }
            }
        } while !children.isEmpty
    }

    /// A table with foreign keys whose actions change its rows: its parents, and the columns
    /// the actions set.
    private struct ChildWithActions {
        var table: String
        var parents: [String] = []
        var columns: [String] = []
    }

    /// The tables of `db` with a foreign key that says `CASCADE`, `SET NULL` or `SET DEFAULT`.
    private static func childrenWithActions(in db: Database) throws -> [ChildWithActions] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT m.name, f."table", f."from"
            FROM main.sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table'
              AND (f.on_delete IN ('CASCADE', 'SET NULL', 'SET DEFAULT') OR f.on_update IN ('CASCADE', 'SET NULL', 'SET DEFAULT'))
            ORDER BY m.rowid, f.id, f.seq
            """)
        var children: [ChildWithActions] = []
        for row in rows {
            let table: String = row[0], parent: String = row[1], column: String = row[2]
            guard !ReservedName.contains(table) else { continue }
            if children.last?.table != table { children.append(ChildWithActions(table: table)) }
            children[children.count - 1].parents.appendName(parent)
            children[children.count - 1].columns.appendName(column)
        }
        return children
    }
}
