import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Other tools' objects: never read, compared, counted, warned about, changed or dropped

@Suite struct IgnoredObjectsTests {
    /// What Litestream runs on a database it replicates (db.go, `init`), and the rows it writes.
    static let litestream = """
        CREATE TABLE IF NOT EXISTS _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER);
        CREATE TABLE IF NOT EXISTS _litestream_lock (id INTEGER);
        INSERT INTO _litestream_seq (id, seq) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET seq = seq + 1;
        INSERT INTO _litestream_seq (id, seq) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET seq = seq + 1;
        """

    /// An app's table, and an audit tool's objects: its table, an index on it, and a trigger and
    /// an index of its own on the app's table, a view over both.
    static let app = """
        CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, age INTEGER);
        INSERT INTO users VALUES (1, 'a@example.com', 30), (2, 'b@example.com', 40);
        CREATE TABLE audit_log (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id), note TEXT);
        CREATE INDEX audit_log_by_user ON audit_log (user_id);
        CREATE INDEX audit_users_email ON users (email);
        CREATE TRIGGER audit_users_update AFTER UPDATE ON users BEGIN
          INSERT INTO audit_log (user_id, note) VALUES (NEW.id, 'updated');
        END;
        CREATE VIEW audit_recent AS SELECT users.email, audit_log.note FROM audit_log JOIN users ON users.id = audit_log.user_id;
        PRAGMA foreign_keys = OFF;
        INSERT INTO audit_log (user_id, note) VALUES (1, 'created'), (9, 'orphan');
        PRAGMA foreign_keys = ON;
        """

    static func schema(version: String = "1.0.0", ageType: String = "INTEGER", ignore: String = "ignore: [audit_*]") -> String {
        """
        version: \(version)
        \(ignore)
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: TEXT
              age: \(ageType)
        """
    }

    /// Everything the database holds of other tools: their catalog rows and their rows.
    static func othersObjects(_ space: Workspace) throws -> [String] {
        try space.read { db in
            let catalog = try String.fetchAll(db, sql: """
                SELECT type || ' ' || name || ' ' || tbl_name || ': ' || sql FROM sqlite_master
                WHERE name LIKE '\\_litestream%' ESCAPE '\\' OR name LIKE 'audit%' ORDER BY name
                """)
            let rows = try String.fetchAll(db, sql: "SELECT id || ',' || seq FROM _litestream_seq")
                + String.fetchAll(db, sql: "SELECT id || ',' || user_id || ',' || note FROM audit_log ORDER BY id")
            return catalog + rows
        }
    }

    // MARK: A sync

    @Test func aSyncNeitherWarnsAboutNorChangesThem() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.litestream)
        try space.writeSchema(Self.schema())
        let before = try Self.othersObjects(space)
        let report = try space.sync()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try Self.othersObjects(space) == before)
        // Without the key, the audit tool's objects are the database's undeclared ones; the
        // built-in names stay ignored.
        try space.writeSchema(Self.schema(version: "1.0.1", ignore: ""))
        let unignored = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(Set(unignored.warnings.undeclared.map(\.name))
            == ["audit_log", "audit_users_email", "audit_users_update", "audit_recent"])
        #expect(!unignored.warnings.map(\.description).contains { $0.contains("_litestream") })
    }

    @Test func aRebuildOfTheAppsTableKeepsTheirIndexAndTriggerOnIt() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.litestream)
        try space.writeSchema(Self.schema())
        try space.sync()
        let before = try Self.othersObjects(space)
        let pages = try Self.litestreamPages(space)
        try space.writeSchema(Self.schema(version: "1.1.0", ageType: "TEXT"))
        var options = Reconciler.Options()
        options.editsInPlace = false
        let report = try space.sync(options)
        #expect(report.rebuilt("users"))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try Self.othersObjects(space) == before)
        #expect(pages.count == 2)
        #expect(try Self.litestreamPages(space) == pages)
        // The trigger still fires, and the view still reads.
        try space.execute("UPDATE users SET email = 'c@example.com' WHERE id = 2")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT note FROM audit_recent ORDER BY note") }
            == ["created", "updated"])
        // And the next sync has nothing to do.
        #expect(try !space.sync(options).didChange)
    }

    @Test func aViewTheSyncCreatesAgainKeepsTheirTriggerOnIt() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.litestream)
        let view = "\nviews:\n  adults: SELECT id, email FROM users WHERE age >= "
        try space.writeSchema(Self.schema() + view + "18\n")
        try space.sync()
        try space.execute("""
            CREATE TRIGGER audit_adults_insert INSTEAD OF INSERT ON adults BEGIN
              INSERT INTO audit_log (note) VALUES (NEW.email);
            END
            """)
        let before = try Self.othersObjects(space)
        try space.writeSchema(Self.schema(version: "1.1.0") + view + "21\n")
        let report = try space.sync()
        #expect(report.plan.changes.contains(.recreateView(view: "adults")))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try Self.othersObjects(space) == before)
        try space.execute("INSERT INTO adults (id, email) VALUES (3, 'new@example.com')")
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT note FROM audit_log ORDER BY id DESC") } == "new@example.com")
    }

    @Test func theirRowsWithoutAParentAreNotCounted() throws {
        let space = try Workspace()
        try space.execute(Self.app)
        try space.writeSchema(Self.schema())
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(!plan.warnings.contains { $0.code == .orphanRows }, "\(plan.warnings)")
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.warnings.isEmpty, "\(status.warnings)")
    }

    /// A dry run with nothing to do counts the rows without a parent again, ignoring what the
    /// record of the last sync says the file ignores: it neither reads their tables (each check
    /// names a table of the app's) nor loads the file (no connection is prepared but the app's).
    @Test func aDryRunWithNothingToDoReadsNeitherTheirTablesNorTheFile() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.litestream)
        try space.writeSchema(Self.schema())
        try space.sync()
        let queue = try space.queue()
        var statements: [String] = []
        queue.inDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.append(statement.sql) }
            }
        }
        let prepared = PreparedConnections()
        var options = Reconciler.Options()
        options.prepareDatabase = { _ in prepared.add() }
        let plan = try space.reconciler(options).plan(queue)
        #expect(plan.isEmpty)
        #expect(!plan.warnings.contains { $0.code == .orphanRows }, "\(plan.warnings)")
        let checks = statements.filter { $0.contains("foreign_key_check") && !$0.contains("_reconciler_") }
        #expect(checks == [#"PRAGMA foreign_key_check("users")"#], "\(checks)")
        #expect(prepared.count == 0)
    }

    // MARK: A new database

    @Test func aDatabaseWithOnlyLitestreamsTablesIsNewAndRunsNoUpgrade() throws {
        let space = try Workspace()
        try space.execute(Self.litestream)
        try space.write("UPDATE users SET age = 0;", to: "upgrades/1.0.0.sql")
        try space.writeSchema(Self.schema() + "\nupgrades:\n  1.0.0: upgrades/1.0.0.sql\n")
        let report = try space.sync()
        #expect(report.plan.fromVersion == nil)
        #expect(report.upgrades.isEmpty)
        #expect(try space.inspect().tables.map(\.name) == ["users"])
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT seq FROM _litestream_seq") } == 2)
    }

    // MARK: Inspect

    @Test func inspectWritesNoneOfThem() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations VALUES (3);
            """ + Self.litestream)
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(!inspected.yaml.contains("_litestream"))
        #expect(inspected.schema.tables.map(\.name) == ["notes"])
        let file = try #require(inspected.file, Comment(rawValue: inspected.yaml))
        // Synced with the file it wrote, the database changes in nothing but its stored state.
        let before = try Self.litestreamRows(space)
        let report = try Reconciler(schema: file).sync(databaseAt: space.databasePath)
        #expect(report.warnings.isEmpty && report.statements.isEmpty, "\(report.warnings) \(report.statements)")
        #expect(try Self.litestreamRows(space) == before)
    }

    /// The bytes of the file's pages that hold Litestream's tables, as `dbstat` lists them.
    static func litestreamPages(_ space: Workspace) throws -> [Data] {
        try space.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let (pages, size) = try space.read { db in
            (try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name LIKE '\\_litestream%' ESCAPE '\\' ORDER BY name, pageno"),
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        let file = try Data(contentsOf: URL(fileURLWithPath: space.databasePath))
        return pages.map { file.subdata(in: ($0 - 1) * size..<$0 * size) }
    }

    static func litestreamRows(_ space: Workspace) throws -> [Row] {
        try space.read { try Row.fetchAll($0, sql: "SELECT * FROM _litestream_seq") + Row.fetchAll($0, sql: "SELECT * FROM _litestream_lock") }
    }
}

/// How many connections `Options.prepareDatabase` prepared.
final class PreparedConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    func add() { lock.withLock { calls += 1 } }
    var count: Int { lock.withLock { calls } }
}
