import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The schema-only copy's connection

@Suite struct ScratchDatabaseTests {
    /// A catalog with a view over the app's function and a table in the app's collation.
    static func catalog() throws -> Catalog {
        let queue = try DatabaseQueue.inMemory(preparedBy: { db in
            db.add(collation: DatabaseCollation("french") { $0.compare($1) })
            db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { _ in "x" })
        })
        return try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT COLLATE french);
                CREATE VIEW contact_initials AS SELECT initials(name) AS initials FROM contacts;
                """)
            return try Catalog(db)
        }
    }

    @Test func theCopyIsPreparedAsTheAppPreparesItsConnections() throws {
        let scratch = try ScratchDatabase(replaying: Self.catalog(), prepareDatabase: { db in
            db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { _ in "app" })
        })
        try scratch.execute("INSERT INTO contacts (name) VALUES ('Ann')")
        #expect(try scratch.read { try String.fetchOne($0, sql: "SELECT initials FROM contact_initials") } == "app")
    }

    @Test func whatThePreparationLacksIsStoodIn() throws {
        let scratch = try ScratchDatabase(replaying: Self.catalog())
        try scratch.execute("INSERT INTO contacts (name) VALUES ('Ann')")
        try scratch.execute("CREATE TABLE copy AS SELECT initials FROM contact_initials")
        #expect(try scratch.read { try String.fetchOne($0, sql: "SELECT initials FROM copy") } == nil)
        #expect(try scratch.brokenObjects().isEmpty)
    }
}
