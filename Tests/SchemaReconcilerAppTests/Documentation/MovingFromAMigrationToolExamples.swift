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
}
