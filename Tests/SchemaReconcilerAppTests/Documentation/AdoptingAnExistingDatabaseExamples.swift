import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Adopting an Existing Database

/// The examples of the article AdoptingAnExistingDatabase.md.
@Suite struct AdoptingAnExistingDatabaseExamples {
    @Test func adoptingAnExistingDatabase() throws {
        let folder = try AppFolder(schema: "unused")
        let schemaURL = folder.schemaURL
        let path = folder.path("MyApp.sqlite")
        // A database that hand-written change scripts built, with their own version table.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE app_version (version_num INTEGER);
                INSERT INTO app_version VALUES (12);
                CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL COLLATE NOCASE);
                CREATE TABLE book (
                  id INTEGER PRIMARY KEY,
                  author_id INTEGER REFERENCES author(id) ON DELETE CASCADE,
                  title TEXT NOT NULL,
                  price REAL CHECK (price >= 0));
                CREATE INDEX book_by_author ON book(author_id);
                INSERT INTO author (name) VALUES ('Ursula');
                INSERT INTO book (author_id, title, price) VALUES (1, 'The Dispossessed', 9.5);
                """)
        }
        let before = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name") }

        do {
            let reconciler = Reconciler(schemaURL: schemaURL)
            let inspected = try reconciler.inspect(databaseAt: path, appVersion: "4.2.0")
            try inspected.yaml.write(to: reconciler.schemaURL, atomically: true, encoding: .utf8)
            if !inspected.isComplete {
                print(inspected.yaml) // the clauses it cannot declare are comments in it
            }
            #expect(inspected.isComplete)
        }

        let options = Reconciler.Options(legacyVersion: "4.2.0")
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)
        let report = try reconciler.sync(databaseAt: path)
        print(report.plan.steps.isEmpty)   // true: the database already has the declared shape
        print(report.version)              // 4.2.0

        #expect(report.plan.steps.isEmpty && report.upgrades.isEmpty)
        #expect(report.version == "4.2.0")
        let after = try DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY name")
        }
        #expect(after == before)
    }
}
