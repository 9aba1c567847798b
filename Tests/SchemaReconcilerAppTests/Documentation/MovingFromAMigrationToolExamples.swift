import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Moving from a Migration Tool

/// The examples of the article MovingFromAMigrationTool.md.
@Suite struct MovingFromAMigrationToolExamples {
    @Test func placingEachDatabaseAtItsRelease() throws {
        let folder = try AppFolder(schema: """
            version: 2.0.0
            tables:
              notes:
                columns:
                  id: { type: INTEGER, primary_key: true }
            legacy:
              source: schema_migrations
              versions:
                2: 1.0.0
                3: 1.1.0
                5: 1.2.0
            """)
        let path = folder.path("MyApp.sqlite")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE notes (id INTEGER PRIMARY KEY);
                CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
                INSERT INTO schema_migrations VALUES (1), (2), (3);
                """)
        }
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let report = try reconciler.sync(databaseAt: path)
        if let legacy = report.legacyRecord {
            print(legacy)   // legacy record schema_migrations = 3 → 1.1.0
        }

        #expect(report.legacyRecord?.description == "legacy record schema_migrations = 3 → 1.1.0")
    }

    /// The file of "Take over GRDB's migrator", as the article writes it.
    static let vaults = """
        version: 2.0.0

        tables:
          accounts:
            columns:
              id:   { type: TEXT, primary_key: true, not_null: true }
              kind: { type: TEXT, not_null: true }
          vaults:
            columns:
              id:           { type: INTEGER, primary_key: true }
              account_id:   { type: TEXT, not_null: true, references: accounts.id, on_delete: CASCADE }
              name:         { type: TEXT, not_null: true }
              display_name: TEXT

        legacy:
          source: grdb_migrations
          versions:                       # each migration: the release that first ran it
            v1: 1.0.0
            v2-display-names: 1.1.0
            v3-account-ids: 1.2.0

        upgrades:
          1.1.0: upgrades/1.1.0-display-names.sql   # what v2-display-names did to the data
          1.2.0: upgrades/1.2.0-account-ids.sql     # what v3-account-ids did

        seed: seed/local-account.sql                # the row v1 inserted, as 1.2.0 left it
        """

    @Test func takingOverGRDBsMigrator() throws {
        let folder = try AppFolder(schema: Self.vaults)
        let schemaURL = folder.schemaURL
        try folder.write("UPDATE vaults SET display_name = name WHERE display_name IS NULL;\n", to: "upgrades/1.1.0-display-names.sql")
        try folder.write("""
            UPDATE accounts SET id = 'account-' || id WHERE id NOT LIKE 'account-%';
            UPDATE vaults SET account_id = 'account-' || account_id WHERE account_id NOT LIKE 'account-%';
            """, to: "upgrades/1.2.0-account-ids.sql")
        try folder.write("INSERT INTO accounts (id, kind) VALUES ('account-local', 'local');\n", to: "seed/local-account.sql")

        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE accounts (id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL);
                CREATE TABLE vaults (id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                                     name TEXT NOT NULL);
                INSERT INTO accounts (id, kind) VALUES ('local', 'local');
                INSERT INTO vaults (account_id, name) VALUES ('local', 'Documents');
                """)
        }
        let release100 = try DatabaseQueue(path: folder.path("1.0.0.sqlite"))
        try migrator.migrate(release100)

        let reconciler = Reconciler(schemaURL: schemaURL)
        let report = try reconciler.sync(release100)
        print(report.legacyRecord!)   // legacy record grdb_migrations = v1 → 1.0.0
        print(report.upgrades)        // [upgrade 1.1.0: upgrades/1.1.0-display-names.sql, upgrade 1.2.0: …]

        #expect(report.legacyRecord?.description == "legacy record grdb_migrations = v1 → 1.0.0")
        #expect(report.upgrades.map(\.name) == ["upgrades/1.1.0-display-names.sql", "upgrades/1.2.0-account-ids.sql"])
        #expect(report.warnings.isEmpty)
        let rows = try release100.read { db in
            try String.fetchAll(db, sql: "SELECT account_id || ' ' || display_name FROM vaults")
                + String.fetchAll(db, sql: "SELECT id FROM accounts")
        }
        #expect(rows == ["account-local Documents", "account-local"])
        let install = try reconciler.sync(databaseAt: folder.path("new.sqlite"))
        #expect(install.plan.seeds.map(\.path) == ["seed/local-account.sql"])
        #expect(try DatabaseQueue(path: folder.path("new.sqlite")).read { try String.fetchAll($0, sql: "SELECT id FROM accounts") }
                == ["account-local"])
    }
}
