import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Verifying the take-over from an old migration tool

/// `reconcile verify` with the SQL of releases before the package in its history folder: the
/// notes app of the article MovingFromAMigrationTool.md, which kept its schema with FMDBMigrationManager until 2.0.0.
@Suite struct LegacyReleaseTests {
    static let schema = """
        version: 2.0.0
        tables:
          folders:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, unique: true }
          notes:
            columns:
              id:         { type: INTEGER, primary_key: true }
              title:      TEXT
              body:       TEXT
              created_at: TEXT
              folder:     TEXT
              pinned:     { type: INTEGER, not_null: true, default: 0 }
              folder_id:  { type: INTEGER, references: folders.id }
        legacy:
          source: schema_migrations
          versions:
            2: 1.0.0
            3: 1.1.0
            5: 1.2.0
        upgrades:
          1.2.0: upgrades/1.2.0-inbox.sql
          2.0.0: upgrades/2.0.0-folders.sql
        """

    /// Release 1.1.0's database: migrations 1 to 3.
    static let release110 = """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, created_at TEXT, folder TEXT);
        CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
        INSERT INTO schema_migrations VALUES (1), (2), (3);
        """

    /// Release 1.2.0's database: migrations 1 to 5.
    static let release120 = """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, created_at TEXT, folder TEXT,
                            pinned INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
        INSERT INTO schema_migrations VALUES (1), (2), (3), (4), (5);
        """

    static func workspace(inbox: String = "UPDATE notes SET folder = 'Inbox' WHERE folder IS NULL;") throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(schema)
        try space.write(inbox, to: "upgrades/1.2.0-inbox.sql")
        try space.write("""
            INSERT INTO folders (name) SELECT DISTINCT folder FROM notes WHERE folder IS NOT NULL;
            UPDATE notes SET folder_id = (SELECT id FROM folders WHERE folders.name = notes.folder);
            """, to: "upgrades/2.0.0-folders.sql")
        try space.write(release110, to: "history/fmdb-1.1.0.sql")
        try space.write(release120, to: "history/fmdb-1.2.0.sql")
        return space
    }

    @Test func eachOldDatabaseRunsTheUpgradesAboveTheReleaseItsRecordStandsFor() throws {
        let space = try Self.workspace()
        let history = try SchemaRelease.history(in: space.url.appendingPathComponent("history"))
        #expect(history.map(\.predatesThePackage) == [true, true])

        let report = try space.reconciler().verifyUpgradePaths(from: history)

        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.version) == ["1.1.0", "1.2.0"])
        #expect(report.results.map { $0.upgrades.map(\.name) } == [["upgrades/1.2.0-inbox.sql", "upgrades/2.0.0-folders.sql"],
                                                                   ["upgrades/2.0.0-folders.sql"]])
        #expect(report.results.map(\.tables) == [1, 1])
        #expect(report.results[0].notes.contains("before the package: legacy record schema_migrations = 3 → 1.1.0"))
    }

    @Test func aTakeOverThatLosesDataFailsNamingTheRelease() throws {
        // The 1.2.0 upgrade empties the folders of the notes it should have moved.
        let space = try Self.workspace(inbox: "UPDATE notes SET folder = 'Inbox' WHERE folder IS NULL; DELETE FROM notes;")
        let verify = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(verify.status == 0 || verify.status == 1)
        let history = try SchemaRelease.history(in: space.url.appendingPathComponent("history"))
        let report = try space.reconciler().verifyUpgradePaths(from: history)
        // An upgrade that deletes rows is the app's own choice: the path still passes...
        #expect(report.isPassing, "\(report)")
        // ...and a record the file cannot place fails it, with the key to add.
        try space.write(Self.release120.replacingOccurrences(of: "(5);", with: "(5), (6);"), to: "history/fmdb-1.2.0.sql")
        let refused = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(refused.status == 1)
        #expect(refused.output.contains("history/fmdb-1.2.0.sql"))
        #expect(refused.output.contains("add `6: <the app version it stands for>` under legacy.versions"))
    }
}
