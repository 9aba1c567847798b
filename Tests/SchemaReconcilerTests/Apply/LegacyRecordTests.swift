import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Taking over from the migration tool an app used before

@Suite struct LegacyRecordTests {
    /// The notes app at 2.0.0: each upgrade writes its version into `log`.
    static func schema(legacy: String, drop: String = "") -> String {
        """
        version: 2.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
          log:
            columns:
              id: { type: INTEGER, primary_key: true }
              what: { type: TEXT, not_null: true }
        legacy:
        \(legacy)
        \(drop)
        upgrades:
          1.1.0: upgrades/1.1.0.sql
          1.2.0: upgrades/1.2.0.sql
          2.0.0: upgrades/2.0.0.sql
        """
    }

    /// The notes app's schema.yaml and scripts, and a database that the old tool built: the
    /// app's tables, then what `oldTool` adds (no database when it is nil).
    func workspace(legacy: String, drop: String = "", oldTool: String?) throws -> Workspace {
        let space = try Workspace()
        for version in ["1.1.0", "1.2.0", "2.0.0"] {
            try space.write("INSERT INTO log (what) VALUES ('\(version)');\n", to: "upgrades/\(version).sql")
        }
        try space.writeSchema(Self.schema(legacy: legacy, drop: drop))
        guard let oldTool else { return space }
        try space.execute("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL);
            INSERT INTO notes (body) VALUES ('kept');
            \(oldTool)
            """)
        return space
    }

    /// Syncs `space` and checks that exactly the upgrades `expected` ran, once, from `version`,
    /// and that a second sync runs nothing.
    func expectUpgrades(_ space: Workspace, from version: SemanticVersion, _ expected: [SemanticVersion],
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let report = try space.sync()
        #expect(report.plan.fromVersion == version, sourceLocation: sourceLocation)
        #expect(report.legacyRecord?.version == version, sourceLocation: sourceLocation)
        #expect(report.upgrades.map(\.version) == expected, sourceLocation: sourceLocation)
        // The old tool's table is the old tool's: never reported.
        #expect(report.warnings.undeclared.isEmpty, sourceLocation: sourceLocation)
        #expect(try ran(space) == expected.map(\.description), sourceLocation: sourceLocation)
        #expect(try log(space) == expected.map(\.description), sourceLocation: sourceLocation)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT body FROM notes") } == ["kept"],
                sourceLocation: sourceLocation)
        let second = try space.sync()
        #expect(!second.didChange && second.upgrades.isEmpty, sourceLocation: sourceLocation)
        #expect(try log(space) == expected.map(\.description), sourceLocation: sourceLocation)
    }

    func ran(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT version FROM _reconciler_upgrades ORDER BY rowid") }
    }

    func log(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT what FROM log ORDER BY id") }
    }

    func tables(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
    }

    // MARK: Each source

    static let fmdbMap = "  source: schema_migrations\n  versions:\n    1: 1.0.0\n    3: 1.1.0\n    5: 1.2.0"

    /// FMDBMigrationManager: one row per migration that ran; the highest key at or below MAX(version).
    @Test(arguments: [(3, "1.1.0", ["1.2.0", "2.0.0"]), (4, "1.1.0", ["1.2.0", "2.0.0"]), (5, "1.2.0", ["2.0.0"]),
                      (1, "1.0.0", ["1.1.0", "1.2.0", "2.0.0"])])
    func schemaMigrations(migration: Int, version: String, expected: [String]) throws {
        let rows = (1...migration).map { "(\($0))" }.joined(separator: ", ")
        let space = try workspace(legacy: Self.fmdbMap, oldTool: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES \(rows);
            """)
        try expectUpgrades(space, from: SemanticVersion(version)!, expected.map { SemanticVersion($0)! })
        // The old tool's table is kept as it is, and never reported as undeclared: not by the
        // sync that took the database over, nor by a sync with nothing to do, nor by a status.
        #expect(try tables(space).contains("schema_migrations"))
        let again = try space.sync()
        #expect(!again.didChange && again.warnings.undeclared.isEmpty)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings.undeclared.isEmpty)
    }

    @Test func schemaInfo() throws {
        let map = "  source: schema_info\n  versions:\n    2: 1.1.0\n    4: 1.2.0"
        let space = try workspace(legacy: map, oldTool: """
            CREATE TABLE schema_info (version INTEGER UNIQUE DEFAULT 0);
            INSERT INTO schema_info (version) VALUES (3);
            """)
        try expectUpgrades(space, from: "1.1.0", ["1.2.0", "2.0.0"])
    }

    @Test func aTableAndColumnKeptByHand() throws {
        let map = "  source: app_version.version_num\n  versions:\n    10: 1.1.0\n    12: 1.2.0"
        let space = try workspace(legacy: map, oldTool: """
            CREATE TABLE app_version (version_num TEXT);
            INSERT INTO app_version VALUES ('9'), ('12');
            """)
        // Text that reads as a number is a number: '12' is above '9'.
        try expectUpgrades(space, from: "1.2.0", ["2.0.0"])
    }

    @Test(arguments: [(2, "1.1.0", ["1.2.0", "2.0.0"]), (7, "1.2.0", ["2.0.0"])])
    func userVersion(userVersion: Int, version: String, expected: [String]) throws {
        let map = "  source: user_version\n  versions:\n    2: 1.1.0\n    7: 1.2.0"
        let space = try workspace(legacy: map, oldTool: "PRAGMA user_version = \(userVersion);")
        try expectUpgrades(space, from: SemanticVersion(version)!, expected.map { SemanticVersion($0)! })
        #expect(try space.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == userVersion)
    }

    static let grdbMap = "  source: grdb_migrations\n  versions:\n    v1-notes: 1.0.0\n    v2-log: 1.1.0\n    v3-tags: 1.2.0"

    /// GRDB's migrator: the highest version whose identifier is in the table.
    @Test(arguments: [(["v1-notes", "v2-log"], "1.1.0", ["1.2.0", "2.0.0"]), (["v1-notes", "v2-log", "v3-tags"], "1.2.0", ["2.0.0"])])
    func grdbMigrations(identifiers: [String], version: String, expected: [String]) throws {
        let rows = identifiers.map { "('\($0)')" }.joined(separator: ", ")
        let space = try workspace(legacy: Self.grdbMap, oldTool: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES \(rows);
            """)
        try expectUpgrades(space, from: SemanticVersion(version)!, expected.map { SemanticVersion($0)! })
    }

    // MARK: Edges

    @Test func aRecordBelowEveryKeyIsZeroAndRunsEveryUpgrade() throws {
        let space = try workspace(legacy: "  source: user_version\n  versions:\n    5: 1.2.0", oldTool: "PRAGMA user_version = 2;")
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.legacyRecord == LegacyRecord(source: .userVersion, record: .number(2), key: nil, version: .zero))
        try expectUpgrades(space, from: .zero, ["1.1.0", "1.2.0", "2.0.0"])
    }

    @Test func dropTablesRemovesTheOldToolsTable() throws {
        let space = try workspace(legacy: Self.fmdbMap, drop: "drop: { tables: [schema_migrations] }", oldTool: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES (1), (2), (3);
            """)
        try expectUpgrades(space, from: "1.1.0", ["1.2.0", "2.0.0"])
        #expect(try !tables(space).contains("schema_migrations"))
    }

    @Test(arguments: ["", "CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);"])
    func withoutARecordTheLegacyVersionOfTheOptionsApplies(oldTool: String) throws {
        let space = try workspace(legacy: Self.fmdbMap, oldTool: oldTool)
        let report = try space.sync(Reconciler.Options(legacyVersion: "1.2.0"))
        #expect(report.legacyRecord == nil)
        #expect(report.plan.fromVersion == "1.2.0")
        #expect(try log(space) == ["2.0.0"])

        let zero = try workspace(legacy: "  source: user_version\n  versions: { 3: 1.1.0 }", oldTool: "PRAGMA user_version = 0;")
        #expect(try zero.sync().plan.fromVersion == .zero)
        #expect(try log(zero) == ["1.1.0", "1.2.0", "2.0.0"])
    }

    @Test func aRecordReplacesTheLegacyVersionOfTheOptions() throws {
        let space = try workspace(legacy: Self.fmdbMap, oldTool: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES (5);
            """)
        // A legacy version above the file's would be refused; the record comes first.
        let report = try space.sync(Reconciler.Options(legacyVersion: "9.0.0"))
        #expect(report.plan.fromVersion == "1.2.0")
        #expect(try log(space) == ["2.0.0"])
    }

    @Test func theRecordIsReadOnlyForADatabaseNeverSynced() throws {
        let space = try workspace(legacy: Self.fmdbMap, oldTool: "")
        try space.sync(Reconciler.Options(legacyVersion: "2.0.0"))
        try space.execute("""
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES (99);
            """)
        let report = try space.sync()
        #expect(report.legacyRecord == nil)
        #expect(report.upgrades.isEmpty)

        // A new database is created from the file: no record, no upgrade.
        let fresh = try workspace(legacy: Self.fmdbMap, oldTool: nil)
        let created = try fresh.sync()
        #expect(created.plan.fromVersion == nil && created.legacyRecord == nil)
        #expect(try log(fresh).isEmpty)
    }

    // MARK: Refusals

    func refusal(legacy: String, oldTool: String) throws -> (Workspace, ReconcileError?) {
        let space = try workspace(legacy: legacy, oldTool: oldTool)
        let before = try space.fileBytes()
        var refused: ReconcileError?
        do {
            try space.sync()
        } catch let error as ReconcileError {
            refused = error
        }
        #expect(try space.fileBytes() == before)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).problem != nil)
        #expect(try space.fileBytes() == before)
        return (space, refused)
    }

    @Test func aRecordAboveEveryKeyIsRefusedAndTheFileIsUntouched() throws {
        let (_, error) = try refusal(legacy: Self.fmdbMap, oldTool: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES (1), (5), (7);
            """)
        guard let payload = error?.payload(as: ReconcileError.LegacyRecordNotMapped.self), payload.source == .schemaMigrations, payload.records == [.number(7)] else {
            Issue.record("expected the record 7 to be refused: \(String(describing: error))")
            return
        }
        #expect(error!.description.contains("add `7: <the app version it stands for>` under legacy.versions in schema.yaml"))
    }

    @Test func aGRDBMigrationTheMapDoesNotListIsRefused() throws {
        let (_, error) = try refusal(legacy: Self.grdbMap, oldTool: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1-notes'), ('v4-archive');
            """)
        guard let payload = error?.payload(as: ReconcileError.LegacyRecordNotMapped.self), payload.source == .grdbMigrations, payload.records == [.identifier("v4-archive")] else {
            Issue.record("expected v4-archive to be refused: \(String(describing: error))")
            return
        }
        #expect(error!.description.contains("add `v4-archive: <the app version it stands for>`"))
    }

    @Test func aValueThatIsNotAWholeNumberIsRefused() throws {
        let (_, error) = try refusal(legacy: "  source: app_version.version_num\n  versions: { 1: 1.0.0 }", oldTool: """
            CREATE TABLE app_version (version_num TEXT);
            INSERT INTO app_version VALUES ('1'), ('1.3-beta');
            """)
        guard error?.payload(as: ReconcileError.LegacyRecordNotMapped.self)?.records == [.identifier("1.3-beta")] else {
            Issue.record("expected the text to be refused: \(String(describing: error))")
            return
        }
        #expect(error!.description.contains("not a whole number"))
    }

    @Test func aTableWithoutTheColumnIsRefused() throws {
        let (_, error) = try refusal(legacy: Self.fmdbMap, oldTool: "CREATE TABLE schema_migrations (name TEXT);")
        guard error?.payload(as: ReconcileError.LegacyColumnMissing.self)?.source == .schemaMigrations else {
            Issue.record("expected the missing column to be refused: \(String(describing: error))")
            return
        }
    }

    // MARK: Where the version came from

    @Test func thePlanAndTheStatusSayWhereTheVersionCameFrom() throws {
        let space = try workspace(legacy: Self.fmdbMap, oldTool: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations (version) VALUES (1), (2), (3), (4);
            """)
        let record = LegacyRecord(source: .schemaMigrations, record: .number(4), key: .number(3), version: "1.1.0")
        #expect(record.description == "legacy record schema_migrations = 4 → 1.1.0")
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.legacyRecord == record)
        #expect(plan.upgrades.map(\.version) == ["1.2.0", "2.0.0"])
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.legacyRecord == record)
        #expect(status.pendingUpgrades.map(\.version) == ["1.2.0", "2.0.0"])
        // The record travels with the plan as JSON.
        let decoded = try JSONDecoder().decode(Plan.self, from: JSONEncoder().encode(plan))
        #expect(decoded.legacyRecord == record)
    }
}
