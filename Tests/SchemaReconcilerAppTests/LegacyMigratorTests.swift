import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - An app that used GRDB's DatabaseMigrator

/// An app whose releases 1.0.0 and 1.1.0 versioned their database with GRDB's own
/// `DatabaseMigrator`, and whose 2.0.0 moves to the reconciler: the public API alone.
@Suite struct LegacyMigratorTests {
    /// The database a release made with GRDB's migrator: 1.0.0 registered `v1-notes`, 1.1.0 added
    /// `v2-pinned`.
    static func oldDatabase(at path: String, release: String) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-notes") { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO notes (body) VALUES ('hello')")
        }
        if release == "1.1.0" {
            migrator.registerMigration("v2-pinned") { db in
                try db.execute(sql: "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
            }
        }
        try migrator.migrate(DatabaseQueue(path: path))
    }

    static let schema = """
        version: 2.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: { type: TEXT, not_null: true }
              pinned: { type: INTEGER, not_null: true, default: 0 }
              title: TEXT
        legacy:
          source: grdb_migrations
          versions:
            v1-notes: 1.0.0
            v2-pinned: 1.1.0
        upgrades:
          1.1.0: upgrades/1.1.0-pin-first.sql
          2.0.0: upgrades/2.0.0-titles.sql
        """

    @Test func eachDatabaseRunsTheUpgradesAboveItsReleaseOnce() throws {
        let folder = try AppFolder(schema: Self.schema)
        try folder.write("UPDATE notes SET pinned = 1 WHERE id = 1;\n", to: "upgrades/1.1.0-pin-first.sql")
        try folder.write("UPDATE notes SET title = substr(body, 1, 3);\n", to: "upgrades/2.0.0-titles.sql")
        try Self.oldDatabase(at: folder.path("a.sqlite"), release: "1.0.0")
        try Self.oldDatabase(at: folder.path("b.sqlite"), release: "1.1.0")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let status = try reconciler.status(databaseAt: folder.path("a.sqlite"))
        #expect(status.legacyRecord == LegacyRecord(source: .grdbMigrations, record: .identifier("v1-notes"),
                                                    key: .identifier("v1-notes"), version: "1.0.0"))
        let a = try reconciler.sync(databaseAt: folder.path("a.sqlite"))
        #expect(a.legacyRecord?.version == "1.0.0")
        #expect(a.upgrades.map(\.version) == ["1.1.0", "2.0.0"])
        let b = try reconciler.sync(databaseAt: folder.path("b.sqlite"))
        #expect(b.legacyRecord?.description == "legacy record grdb_migrations = v2-pinned → 1.1.0")
        #expect(b.upgrades.map(\.version) == ["2.0.0"])
        // The table the legacy section names is GRDB's: kept, and never reported as undeclared.
        #expect(!b.warnings.contains { $0.code == .undeclared })

        let a2 = try DatabaseQueue(path: folder.path("a.sqlite")).read { db in
            try Row.fetchOne(db, sql: "SELECT pinned, title FROM notes")
        }
        #expect(a2 == ["pinned": 1, "title": "hel"])
        let b2 = try DatabaseQueue(path: folder.path("b.sqlite")).read { db in
            try Row.fetchOne(db, sql: "SELECT pinned, title FROM notes")
        }
        #expect(b2 == ["pinned": 0, "title": "hel"])
        for path in ["a.sqlite", "b.sqlite"] {
            #expect(try !reconciler.sync(databaseAt: folder.path(path)).didChange)
        }
    }

    @Test func thePlanSaysWhereTheVersionCameFromAndEncodesIt() throws {
        let folder = try AppFolder(schema: Self.schema)
        try folder.write("SELECT 1;\n", to: "upgrades/1.1.0-pin-first.sql")
        try folder.write("SELECT 1;\n", to: "upgrades/2.0.0-titles.sql")
        try Self.oldDatabase(at: folder.path("b.sqlite"), release: "1.1.0")
        let plan = try Reconciler(schemaURL: folder.schemaURL).plan(databaseAt: folder.path("b.sqlite"))
        let record = try #require(plan.legacyRecord)
        #expect(plan.fromVersion == record.version && record.version == "1.1.0")
        #expect(plan.upgrades.map(\.version) == ["2.0.0"])
        let json = try JSONEncoder().encode(record)
        #expect(String(decoding: json, as: UTF8.self).contains(#""source":"grdb_migrations""#))
        #expect(try JSONDecoder().decode(LegacyRecord.self, from: json) == record)
        let numbered = LegacyRecord(source: .userVersion, record: .number(7), key: nil, version: .zero)
        #expect(try JSONDecoder().decode(LegacyRecord.self, from: JSONEncoder().encode(numbered)) == numbered)
    }

    @Test func sourcesAreWrittenAsSchemaYAMLWritesThem() {
        #expect(LegacyRecord.Source("schema_migrations") == .schemaMigrations)
        #expect(LegacyRecord.Source("app_version.version_num") == .column(table: "app_version", column: "version_num"))
        #expect(LegacyRecord.Source("migrations") == nil)
        #expect(LegacyRecord.Source.schemaInfo.table == "schema_info" && LegacyRecord.Source.schemaInfo.column == "version")
        #expect(LegacyRecord.Source.userVersion.table == nil && LegacyRecord.Source.userVersion.isNumeric)
        #expect(!LegacyRecord.Source.grdbMigrations.isNumeric && LegacyRecord.Source.grdbMigrations.column == "identifier")
        #expect(LegacyRecord.Source.column(table: "a", column: "b").description == "a.b")
    }

    @Test func aTableWithoutTheRecordsColumnIsRefused() throws {
        let folder = try AppFolder(schema: Self.schema)
        try folder.write("SELECT 1;\n", to: "upgrades/1.1.0-pin-first.sql")
        try folder.write("SELECT 1;\n", to: "upgrades/2.0.0-titles.sql")
        try DatabaseQueue(path: folder.path("d.sqlite")).write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (name TEXT); CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        }
        let status = try Reconciler(schemaURL: folder.schemaURL).status(databaseAt: folder.path("d.sqlite"))
        guard status.problem?.payload(as: ReconcileError.LegacyColumnMissing.self)?.source == .grdbMigrations else {
            Issue.record("expected the missing column: \(String(describing: status.problem))")
            return
        }
    }

    @Test func aMigrationTheFileDoesNotListIsRefused() throws {
        let folder = try AppFolder(schema: Self.schema)
        try folder.write("SELECT 1;\n", to: "upgrades/1.1.0-pin-first.sql")
        try folder.write("SELECT 1;\n", to: "upgrades/2.0.0-titles.sql")
        try Self.oldDatabase(at: folder.path("c.sqlite"), release: "1.1.0")
        try DatabaseQueue(path: folder.path("c.sqlite")).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v3-beta')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("c.sqlite")))
        #expect {
            try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("c.sqlite"))
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.LegacyRecordNotMapped.self), payload.source == .grdbMigrations, payload.records == [.identifier("v3-beta")] else {
                return false
            }
            return "\(error)".contains("add `v3-beta: <the app version it stands for>` under legacy.versions")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("c.sqlite"))) == before)
    }

    @Test func inspectWritesTheMigrationsWithoutVersionsAndTheFileLoadsOnceEachHasOne() throws {
        let folder = try AppFolder(schema: Self.schema)
        try Self.oldDatabase(at: folder.path("b.sqlite"), release: "1.1.0")
        let inspected = try Reconciler(schemaURL: folder.schemaURL).inspect(databaseAt: folder.path("b.sqlite"), appVersion: "2.0.0")
        #expect(inspected.yaml.hasSuffix("""
            legacy:
              source: grdb_migrations
              versions:
                v1-notes:
                v2-pinned:

            """))
        #expect(!inspected.yaml.contains("grdb_migrations:"))
        #expect(!inspected.isComplete && inspected.file == nil)
        guard case .legacyVersionsMissing(let records, "grdb_migrations", let lines, let location)? = inspected.loadError else {
            Issue.record("expected the migrations without a version: \(String(describing: inspected.loadError))")
            return
        }
        #expect(records == ["v1-notes", "v2-pinned"] && lines.count == 2 && location.line == lines[0])
        #expect(inspected.legacyRecord == LegacyRecord(source: .grdbMigrations, record: .identifier("v2-pinned"),
                                                        key: .identifier("v2-pinned"), version: "2.0.0"))

        // Each migration given the release that first ran it, the file loads, and the database,
        // which ran both, is at 1.1.0.
        let filled = inspected.yaml.replacingOccurrences(of: "    v1-notes:\n", with: "    v1-notes: 1.0.0\n")
            .replacingOccurrences(of: "    v2-pinned:\n", with: "    v2-pinned: 1.1.0\n")
        let file = try SchemaFile(yaml: filled, url: folder.schemaURL)
        let plan = try Reconciler(schema: file).plan(databaseAt: folder.path("b.sqlite"))
        #expect(plan.fromVersion == "1.1.0" && plan.steps.isEmpty && plan.upgrades.isEmpty && plan.warnings.isEmpty)
    }
}
