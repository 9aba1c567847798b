import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// What the rehearsal learns of the tables an upgrade script can change: SQLite's authorizer
/// reports, as it compiles each statement, the tables it writes and those its triggers write,
/// though no table holds a row; the tables a statement recreates or drops are followed through
/// the schema; the foreign key actions, which a copy without enforcement never compiles, are
/// followed by compiling what they would run.
@Suite struct ScriptWritesTests {
    /// Runs `script` as an upgrade on an in-memory database made by `schema`, without a row and
    /// without foreign key enforcement, as on the rehearsal copy; what the recorder found.
    static func writes(of script: String, on schema: String) throws -> ScriptWrites {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.write { try $0.execute(sql: schema) }
        return try queue.inDatabase { db in
            let recorder = try ScriptWriteRecorder(in: db)
            try recorder.recording(in: db) {
                try db.inTransaction {
                    var runner = ScriptRunner(upgrade: Upgrade(version: "1.1.0", name: "up.sql", kind: .script),
                                              script: UpgradeScript(path: "up.sql", sql: script))
                    runner.statementDidRun = recorder.statementDidRun(in:)
                    try runner.run(in: db)
                    try recorder.followForeignKeyActions(in: db)
                    return .commit
                }
            }
            return try recorder.writes(in: db)
        }
    }

    static let customers = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
        CREATE TABLE audit (id INTEGER PRIMARY KEY, customer_id INTEGER);
        CREATE TRIGGER renamed AFTER UPDATE OF name ON customers BEGIN INSERT INTO audit (customer_id) VALUES (NEW.id); END;
        """

    // MARK: Writes

    @Test func theTablesATriggerWritesAreReportedThoughNoTableHoldsARow() throws {
        #expect(try Self.writes(of: "UPDATE customers SET name = upper(name);", on: Self.customers)
            == ScriptWrites(tables: ["customers", "audit"]))
        // The trigger fires on another column only.
        #expect(try Self.writes(of: "UPDATE customers SET note = 'seen';", on: Self.customers)
            == ScriptWrites(tables: ["customers"]))
        #expect(try Self.writes(of: "SELECT count(*) FROM customers;", on: Self.customers) == ScriptWrites())
    }

    /// The table copied under a new name, the old one dropped and the copy renamed: the rows
    /// are written under a name that is gone, into a table that is there again.
    @Test func aTableRebuiltByAScriptIsFollowedThroughItsRename() throws {
        let writes = try Self.writes(of: """
            CREATE TABLE customers_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT);
            INSERT INTO customers_new SELECT id, coalesce(name, ''), note FROM customers;
            DROP TABLE customers;
            ALTER TABLE customers_new RENAME TO customers;
            """, on: Self.customers)
        #expect(writes == ScriptWrites(tables: ["customers"], removedTables: ["customers_new"]))
        #expect(try Self.writes(of: "DROP TABLE audit;", on: Self.customers) == ScriptWrites(removedTables: ["audit"]))
        #expect(try Self.writes(of: "ALTER TABLE audit ADD COLUMN at TEXT;", on: Self.customers) == ScriptWrites(tables: ["audit"]))
    }

    /// Deleting a customer deletes its orders (`ON DELETE CASCADE`), which fires their trigger;
    /// the lines of an order (`NO ACTION`) are never changed.
    @Test func theForeignKeyActionsAndTheTriggersTheyFireAreFollowed() throws {
        let schema = """
            CREATE TABLE customers (id INTEGER PRIMARY KEY);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers ON DELETE CASCADE);
            CREATE TABLE order_lines (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders);
            CREATE TABLE archive (id INTEGER PRIMARY KEY, order_id INTEGER);
            CREATE TRIGGER archived AFTER DELETE ON orders BEGIN INSERT INTO archive (order_id) VALUES (OLD.id); END;
            """
        #expect(try Self.writes(of: "DELETE FROM customers;", on: schema)
            == ScriptWrites(tables: ["customers", "orders", "archive"]))
        #expect(try Self.writes(of: "DELETE FROM orders;", on: schema) == ScriptWrites(tables: ["orders", "archive"]))
        #expect(try Self.writes(of: "INSERT INTO order_lines (order_id) VALUES (1);", on: schema) == ScriptWrites(tables: ["order_lines"]))
    }

    // MARK: The tables checked

    /// A table the scripts write is checked with the tables that reference it; those of a table
    /// they drop are checked too, and a table the contract drops is not.
    @Test func theTablesThatReferenceWhatTheScriptsChangeAreChecked() throws {
        let queue = try DatabaseQueue()
        let live = try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE tags (id INTEGER PRIMARY KEY);
                CREATE TABLE tag_links (id INTEGER PRIMARY KEY, tag_id INTEGER REFERENCES tags);
                CREATE TABLE customers (id INTEGER PRIMARY KEY);
                CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers);
                """)
            return try SchemaInspector().inspect(db)
        }
        var plan = Plan(fromVersion: "1.0.0", toVersion: "1.1.0")
        #expect(plan.tablesToCheckForOrphans(declared: live, live: live, written: ["customers"]) == ["customers", "orders"])
        #expect(plan.tablesToCheckForOrphans(declared: live, live: live, removed: ["tags"]) == ["tag_links"])
        plan.steps = [Step(.dropTable(table: "tag_links"), phase: .contract, statements: [])]
        #expect(plan.tablesToCheckForOrphans(declared: Schema(), live: live, written: ["tag_links"], removed: ["tags"]) == [])
    }
}
