import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - inspect recognises the old migration tools

@Suite struct InspectLegacyTests {
    /// A database made by one old tool: its SQL, the section inspect writes for it, the table it
    /// leaves undeclared.
    struct Tool: Sendable, CustomTestStringConvertible {
        var name: String
        var sql: String
        var section: String
        var table: String?

        var testDescription: String { name }
    }

    static let app = """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at TEXT DEFAULT CURRENT_TIMESTAMP);
        CREATE INDEX notes_by_date ON notes (created_at);
        INSERT INTO notes (body) VALUES ('first'), ('second');
        """

    static let tools = [
        Tool(name: "FMDBMigrationManager", sql: """
            CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
            INSERT INTO schema_migrations VALUES (1), (2), (5);
            """, section: "legacy:\n  source: schema_migrations\n  versions:\n    5: 4.2.0\n", table: "schema_migrations"),
        Tool(name: "fmdb-migration-manager", sql: """
            CREATE TABLE schema_info (version INTEGER UNIQUE DEFAULT 0);
            INSERT INTO schema_info VALUES (12);
            """, section: "legacy:\n  source: schema_info\n  versions:\n    12: 4.2.0\n", table: "schema_info"),
        Tool(name: "GRDB's DatabaseMigrator", sql: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1'), ('v2-add tags'), ('null');
            """, section: "legacy:\n  source: grdb_migrations\n  versions:\n    v1: 4.2.0\n    v2-add tags: 4.2.0\n    'null': 4.2.0\n",
             table: "grdb_migrations"),
        Tool(name: "app_version(version_num)", sql: """
            CREATE TABLE app_version (version_num INTEGER);
            INSERT INTO app_version VALUES (3);
            """, section: "legacy:\n  source: app_version.version_num\n  versions:\n    3: 4.2.0\n", table: "app_version"),
        Tool(name: "Room", sql: "PRAGMA user_version = 7;",
             section: "legacy:\n  source: user_version\n  versions:\n    7: 4.2.0\n", table: nil),
    ]

    @Test(arguments: tools)
    func theFileMapsTheRecordAndASyncChangesNoObjectAndNoRow(_ tool: Tool) throws {
        let space = try Workspace()
        try space.execute(Self.app + tool.sql)
        let round = InspectRoundTripTests()
        let objects = try round.objects(space.databasePath)
        let rows = try round.allRows(space.databasePath)
        let userVersion = try space.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }

        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath, appVersion: "4.2.0")
        #expect(inspected.isComplete, "\(inspected.undeclarable) \(String(describing: inspected.loadError))")
        #expect(inspected.yaml.hasSuffix(tool.section), "\(inspected.yaml)")
        #expect(inspected.legacyRecord?.version == "4.2.0")
        let file = try #require(inspected.file, Comment(rawValue: inspected.yaml))
        #expect(file.schema.tables.map(\.name) == ["notes"])
        if let table = tool.table {
            #expect(inspected.yaml.contains("# Not declared: the table \(table), the old tool's own."))
            #expect(inspected.yaml.contains("drop: { tables: [\(table)] }"))
        }

        let report = try Reconciler(schema: file).sync(databaseAt: space.databasePath)
        #expect(report.legacyRecord == inspected.legacyRecord)
        #expect(report.plan.steps.isEmpty && report.upgrades.isEmpty && report.statements.isEmpty)
        // The old tool's table is the legacy section's: kept, never reported as undeclared.
        #expect(report.warnings.undeclared.isEmpty)
        #expect(try round.objects(space.databasePath) == objects)
        #expect(try round.allRows(space.databasePath) == rows)
        #expect(try space.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == userVersion)
        #expect(try space.read { try StoredState.read($0)?.version } == "4.2.0")
    }

    @Test func theRecordIsWhatTheDatabaseHolds() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.tools[0].sql)
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath, appVersion: "4.2.0")
        #expect(inspected.legacyRecord == LegacyRecord(source: .schemaMigrations, record: .number(5), key: .number(5),
                                                        version: "4.2.0"))
        #expect(inspected.yaml.contains("""
            # The database was versioned by FMDBMigrationManager: schema_migrations holds migration 5, which
            # this file maps to 4.2.0, its own version.
            """))
    }

    @Test func onlyTheExpectedShapeIsRecognised() throws {
        let cases = [
            // More columns than the tool's own: a table of the app's.
            "CREATE TABLE schema_migrations (version INTEGER, applied_at TEXT); INSERT INTO schema_migrations VALUES (3, 'x');",
            // Empty: no record.
            "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);",
            // Not whole numbers.
            "CREATE TABLE schema_info (version TEXT); INSERT INTO schema_info VALUES ('two');",
            "PRAGMA user_version = 0;",
        ]
        for sql in cases {
            let space = try Workspace()
            try space.execute(Self.app + sql)
            let inspected = try space.reconciler().inspect(databaseAt: space.databasePath, appVersion: "4.2.0")
            #expect(inspected.legacyRecord == nil, "\(sql)")
            #expect(!inspected.yaml.contains("legacy:"), "\(sql)")
            #expect(inspected.file?.schema.tables.count == (sql.hasPrefix("PRAGMA") ? 1 : 2), "\(sql)")
        }
    }

    @Test func aTableComesBeforeUserVersion() throws {
        let space = try Workspace()
        try space.execute(Self.app + Self.tools[2].sql + "PRAGMA user_version = 3;")
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath, appVersion: "4.2.0")
        #expect(inspected.legacyRecord?.source == .grdbMigrations)
        #expect(inspected.legacyRecord?.record == .identifier("null"))
    }
}
