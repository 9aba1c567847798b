import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - The App's Own Collations and Functions

/// The examples of the article TheAppsOwnCollationsAndFunctions.md.
@Suite struct TheAppsOwnCollationsAndFunctionsExamples {
    @Test func appLaunchWithTheAppsCollationsAndFunctions() throws {
        let folder = try AppFolder(schema: """
            version: 1.0.0
            tables:
              contacts:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  name: { type: TEXT, not_null: true, collate: localizedCaseInsensitiveCompare }
                  slug: { type: TEXT, check: "is_slug(slug)" }
                indexes:
                  contacts_by_name: [name]
            views:
              contact_initials: SELECT id, initials(name) AS initials FROM contacts
            """)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")

        let prepareDatabase: @Sendable (Database) throws -> Void = { db in
            db.add(collation: DatabaseCollation("localizedCaseInsensitiveCompare") { $0.localizedCaseInsensitiveCompare($1) })
            db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0])?.split(separator: " ").compactMap(\.first).map(String.init).joined()
            })
            db.add(function: DatabaseFunction("is_slug", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0]).map { $0.allSatisfy { $0.isLowercase || $0 == "-" } }
            })
        }
        var options = Reconciler.Options()
        options.prepareDatabase = prepareDatabase
        try Reconciler(schemaURL: schemaURL, options: options).sync(databaseAt: path)

        var configuration = Configuration()                 // the app's own connections
        configuration.prepareDatabase(prepareDatabase)
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)

        try dbQueue.write { try $0.execute(sql: "INSERT INTO contacts (name) VALUES ('bob'), ('Ann Lee')") }
        let names = try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM contacts ORDER BY name") }
        let initials = try dbQueue.read { try String.fetchAll($0, sql: "SELECT initials FROM contact_initials ORDER BY id") }
        #expect(names == ["Ann Lee", "bob"] && initials == ["b", "AL"])
        #expect(throws: DatabaseError.self) {
            try dbQueue.write { try $0.execute(sql: "INSERT INTO contacts (name, slug) VALUES ('Eve', 'Not A Slug')") }
        }
        #expect(try !Reconciler(schemaURL: schemaURL, options: options).sync(dbQueue).didChange)
    }
}
