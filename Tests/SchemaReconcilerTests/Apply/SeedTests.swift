import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// `seed`: the rows a new database starts with. A sync runs the scripts only when it creates the
/// database, after the schema, in the same transaction; never on a database that exists, synced
/// or adopted. A failing seed leaves no file behind.
@Suite struct SeedTests {
    /// Vaults and their items at `version`, `seed` naming `seed/vaults.sql` (or the given list).
    static func schema(version: String = "1.0.0", seed: String = "seed/vaults.sql") -> String {
        """
        version: \(version)
        tables:
          vaults:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              vault_id: { type: INTEGER, not_null: true, references: vaults.id }
        seed: \(seed)
        """
    }

    /// The default vault and its first item, the item written first: the checks are deferred.
    static let vaults = """
        -- The vault every new install starts with.
        INSERT INTO items (id, vault_id) VALUES (1, 1);
        INSERT INTO vaults (id, name) VALUES (1, 'Default')
        """

    static func space(seed: String = vaults) throws -> Workspace {
        let space = try Workspace()
        try space.write(seed, to: "seed/vaults.sql")
        try space.writeSchema(schema())
        return space
    }

    func vaults(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT name FROM vaults ORDER BY id") }
    }

    // MARK: A new database

    @Test func aNewDatabaseStartsWithTheSeedRows() throws {
        let space = try Self.space()
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.pendingSeeds.map(\.path) == ["seed/vaults.sql"])
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.seeds == [SeedScript(path: "seed/vaults.sql", sql: Self.vaults)])
        #expect(plan.upgrades.isEmpty && plan.fromVersion == nil)

        let report = try space.sync()
        #expect(report.plan.seeds.map(\.path) == ["seed/vaults.sql"])
        #expect(try vaults(space) == ["Default"])
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT vault_id FROM items") } == 1)
        // Not recorded: the seed never runs again, whatever becomes of it.
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM _reconciler_upgrades") } == 0)
        try space.write("INSERT INTO vaults (name) VALUES ('Again');\n", to: "seed/vaults.sql")
        #expect(try !space.sync().didChange)
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).seeds.isEmpty)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).pendingSeeds.isEmpty)
        #expect(try vaults(space) == ["Default"])
    }

    /// The dry run of a new database prints the seed scripts after the schema, and its script,
    /// run in `sqlite3`, makes the database the sync makes, rows included.
    @Test func theDryRunOfANewDatabasePrintsTheSeedAndRunsAsPrinted() throws {
        let space = try Self.space()
        let dryRun = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dryRun.output.hasPrefix("-- new database: create the schema of version 1.0.0, then its seed; no upgrades run\n"))
        #expect(dryRun.output.contains("""
            PRAGMA defer_foreign_keys = ON;

            -- seed seed/vaults.sql: the rows a new database starts with
            -- The vault every new install starts with.
            INSERT INTO items (id, vault_id) VALUES (1, 1);
            INSERT INTO vaults (id, name) VALUES (1, 'Default');

            PRAGMA defer_foreign_keys = OFF;
            """), "\(dryRun.output)")
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
        let json = try ReconcileCommand.run(["--dry-run", "--format", "json"], in: space.url)
        let plan = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(plan["seeds"] as? [[String: String]] == [["path": "seed/vaults.sql", "sql": Self.vaults]])
        let status = try ReconcileCommand.run(["status"], in: space.url)
        #expect(status.output.contains("seed (the rows a new database starts with):\n  seed/vaults.sql\n"), "\(status.output)")

        try space.syncComparingWithItsDryRun()
        #expect(try vaults(space) == ["Default"])
        let again = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(!again.output.contains("seed"))
    }

    @Test func theCommandSaysWhatRan() throws {
        let space = try Self.space()
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 0)
        #expect(sync.output.hasSuffix("  seed seed/vaults.sql\napp.sqlite synced to version 1.0.0: 2 statements, 0 upgrades, 1 seed\n"),
                "\(sync.output)")
    }

    // MARK: A database that exists

    /// A database synced before the seed was written, at a later release, and one the app built
    /// itself (adopted): neither runs it. Upgrades are what bring rows to them.
    @Test func aDatabaseThatExistsNeverRunsTheSeed() throws {
        let synced = try Workspace()
        try synced.writeSchema(Self.schema().replacingOccurrences(of: "seed: seed/vaults.sql", with: ""))
        try synced.sync()
        try synced.write(Self.vaults, to: "seed/vaults.sql")
        try synced.writeSchema(Self.schema(version: "1.1.0"))
        #expect(try synced.reconciler().plan(databaseAt: synced.databasePath).seeds.isEmpty)
        let report = try synced.sync()
        #expect(report.didChange && report.plan.seeds.isEmpty)
        #expect(try vaults(synced) == [])

        let adopted = try Self.space()
        try adopted.execute("""
            CREATE TABLE vaults (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE items (id INTEGER PRIMARY KEY, vault_id INTEGER NOT NULL REFERENCES vaults (id));
            INSERT INTO vaults VALUES (7, 'Mine');
            """)
        let adoption = try adopted.sync(Reconciler.Options(legacyVersion: "1.0.0"))
        #expect(adoption.plan.seeds.isEmpty && adoption.plan.steps.isEmpty)
        #expect(try vaults(adopted) == ["Mine"])
    }

    // MARK: Failures

    /// A statement that fails names the script, its line and the statement; the sync rolls back
    /// and leaves no file.
    @Test func aFailingSeedNamesItsLineAndLeavesNoFile() throws {
        let space = try Self.space(seed: "INSERT INTO vaults (id, name) VALUES (1, 'Default');\n\n"
            + "INSERT INTO vaults (id, name)\n  VALUES (2, NULL);\n")
        #expect {
            try space.sync()
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.SeedFailed.self), payload.path == "seed/vaults.sql", payload.line == 3 else { return false }
            let statement = payload.statement
            let sqlite = payload.databaseError
            return statement == "INSERT INTO vaults (id, name)\n  VALUES (2, NULL);"
                && sqlite.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL
                && "\(error)".hasPrefix("seed failed: seed/vaults.sql:3: NOT NULL constraint failed: vaults.name\n")
        }
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 1)
        #expect(sync.error.contains("seed failed: seed/vaults.sql:3: NOT NULL constraint failed: vaults.name"))
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    /// Rows the seed leaves without a parent are refused at its end, with their table and count.
    @Test func aSeedThatLeavesAnOrphanIsRefused() throws {
        let space = try Self.space(seed: "INSERT INTO items (id, vault_id) VALUES (1, 1), (2, 2);\n"
            + "INSERT INTO vaults (id, name) VALUES (1, 'Default');\n")
        #expect {
            try space.sync()
        } throws: { error in
            guard let violation = (error as? ReconcileError)?.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation == ReconcileError.DataViolation(table: "items", constraint: .foreignKey(columns: ["vault_id"], parent: "vaults"), rows: 1)
        }
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    // MARK: Loading

    @Test func aListOfScriptsRunsInItsOrder() throws {
        let space = try Self.space()
        try space.write("UPDATE vaults SET name = name || ' vault';\n", to: "seed/names.sql")
        try space.writeSchema(Self.schema(seed: "[seed/vaults.sql, seed/names.sql]"))
        #expect(try space.sync().plan.seeds.map(\.path) == ["seed/vaults.sql", "seed/names.sql"])
        #expect(try vaults(space) == ["Default vault"])
    }

    /// A seed script is read as an upgrade script is: it must exist, inside the folder, once.
    @Test(arguments: [
        ("seed/missing.sql", "script 'seed/missing.sql' does not exist (paths are relative to the directory of the schema file)"),
        ("../outside.sql", "script '../outside.sql' is outside the directory of the schema file; scripts must be inside that directory"),
        ("[seed/vaults.sql, ./seed/vaults.sql]", "the seed script ./seed/vaults.sql is already listed as seed/vaults.sql: a seed script runs once"),
        ("[]", "invalid value '[]' for 'seed' in the top level of the file: list at least one script, or remove the seed"),
    ])
    func aSeedIsCheckedWhenTheFileLoads(seed: String, message: String) throws {
        let space = try Self.space()
        try space.writeSchema(Self.schema(seed: seed))
        let check = try ReconcileCommand.run(["check"], in: space.url)
        #expect(check.status == 2)
        #expect(check.error.contains("schema.yaml:11:"), "\(check.error)")
        #expect(check.error.contains(message), "\(check.error)")
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func aScriptMayBeBothASeedAndAnUpgrade() throws {
        let space = try Self.space()
        try space.writeSchema(Self.schema() + "\nupgrades:\n  1.0.0: seed/vaults.sql\n")
        let file = try SchemaFile(contentsOf: space.schemaURL)
        #expect(file.seeds.map(\.path) == ["seed/vaults.sql"] && file.upgrades.first?.scripts.map(\.path) == ["seed/vaults.sql"])
    }
}
