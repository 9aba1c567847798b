import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - The app's own collations and SQL functions

/// A schema that uses a collation and functions the app registers, synced as an app syncs it:
/// `Options.prepareDatabase` registers them on every connection the reconciler opens.
@Suite struct AppSQLTests {
    /// Contacts sorted by the app's case-insensitive collation.
    static let contacts = """
        version: 1.0.0
        tables:
          contacts:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, collate: localizedCaseInsensitiveCompare }
              slug: TEXT
        """

    /// Version 1.1.0: an index on the name, a CHECK and a view that call the app's functions.
    static let contactsIndexed = contacts.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "slug: TEXT", with: "slug: { type: TEXT, check: \"is_slug(slug)\" }")
        + """

            indexes:
              contacts_by_name: [name]
        views:
          contact_initials: SELECT id, initials(name) AS initials FROM contacts
        """

    /// The app's collation: `String.localizedCaseInsensitiveCompare` under the name schema.yaml uses.
    static let collation = DatabaseCollation("localizedCaseInsensitiveCompare") { $0.localizedCaseInsensitiveCompare($1) }

    /// What the app registers on every connection.
    static let prepareDatabase: @Sendable (Database) throws -> Void = { db in
        db.add(collation: collation)
        db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0])?.split(separator: " ").compactMap(\.first).map(String.init).joined()
        })
        db.add(function: DatabaseFunction("is_slug", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } }
        })
    }

    static var options: Reconciler.Options {
        var options = Reconciler.Options()
        options.prepareDatabase = prepareDatabase
        return options
    }

    /// The app's own connection to `path`, with what it registers.
    static func appQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase(prepareDatabase)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// A database the app synced at 1.0.0 and filled with `rows` (names and slugs), and
    /// schema.yaml at 1.1.0.
    static func synced(rows: String) throws -> (folder: AppFolder, path: String, reconciler: Reconciler) {
        let folder = try AppFolder(schema: contacts)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL, options: options)
        try reconciler.sync(databaseAt: path)
        try appQueue(path).write { try $0.execute(sql: "INSERT INTO contacts (name, slug) VALUES \(rows)") }
        try folder.write(contactsIndexed, to: "schema.yaml")
        return (folder, path, reconciler)
    }

    // MARK: By path

    @Test func aSyncByPathBuildsTheIndexInTheAppsCollationOrder() throws {
        let (folder, path, reconciler) = try Self.synced(rows: "('Delta', 'd'), ('alpha', 'a'), ('charlie', 'c'), ('Bravo', 'b')")

        #expect(try !reconciler.plan(databaseAt: path).steps.isEmpty)
        let report = try reconciler.sync(databaseAt: path)

        #expect(report.version == "1.1.0")
        try Self.appQueue(path).read { db in
            let collations = try String.fetchAll(db, sql: "SELECT coll FROM pragma_index_xinfo('contacts_by_name') WHERE key")
            #expect(collations == ["localizedCaseInsensitiveCompare"])
            let sorted = try String.fetchAll(db, sql: "SELECT name FROM contacts INDEXED BY contacts_by_name ORDER BY name")
            #expect(sorted == ["alpha", "Bravo", "charlie", "Delta"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM contacts INDEXED BY contacts_by_name WHERE name = 'ALPHA'") == 1)
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            #expect(try String.fetchAll(db, sql: "SELECT initials FROM contact_initials ORDER BY id") == ["D", "a", "c", "B"])
        }
        #expect(try reconciler.status(databaseAt: path).isInSync)
        #expect(folder.files == ["app.sqlite", "schema.yaml", "upgrades"])
    }

    @Test func aCheckIsCountedWithTheAppsFunction() throws {
        let (folder, path, reconciler) = try Self.synced(rows: "('Ada', 'ada'), ('Alan', 'Not A Slug')")

        let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
        guard let violations = error?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected the row that is_slug refuses, got \(String(describing: error))")
            return
        }
        #expect(violations.map(\.rows) == [1])
        #expect(try reconciler.status(databaseAt: path).storedVersion == "1.0.0")
        #expect(folder.files == ["app.sqlite", "schema.yaml", "upgrades"])
    }

    @Test func aSchemaFileLoadedOnceTakesTheSameClosure() throws {
        let folder = try AppFolder(schema: Self.contactsIndexed)
        let path = folder.path("app.sqlite")

        let schema = try SchemaFile(contentsOf: folder.schemaURL, prepareDatabase: Self.prepareDatabase)
        let report = try Reconciler(schema: schema, options: Self.options).sync(databaseAt: path)

        #expect(report.version == "1.1.0")
    }

    // MARK: Through the app's own connection

    @Test func aSyncThroughTheAppsQueueUsesItAsItIs() throws {
        let folder = try AppFolder(schema: Self.contactsIndexed)
        let dbQueue = try Self.appQueue(folder.path("app.sqlite"))
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE localizedCaseInsensitiveCompare, slug TEXT)")
            try db.execute(sql: "INSERT INTO contacts (name, slug) VALUES ('bob', 'b'), ('Ann', 'a')")
        }

        let report = try Reconciler(schemaURL: folder.schemaURL, options: Self.options).sync(dbQueue)

        #expect(report.version == "1.1.0")
        let sorted = try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM contacts INDEXED BY contacts_by_name ORDER BY name") }
        #expect(sorted == ["Ann", "bob"])
        #expect(try dbQueue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }

    @Test func grdbsOwnCollationsNeedNothingRegistered() throws {
        let schema = Self.contacts.replacingOccurrences(of: "localizedCaseInsensitiveCompare",
                                                        with: DatabaseCollation.localizedCaseInsensitiveCompare.name)
        let folder = try AppFolder(schema: schema)
        let report = try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("app.sqlite"))
        #expect(report.didChange)
    }

    // MARK: Without registering

    @Test func aCollationNotRegisteredIsInvalidInputThatSaysWhereToRegisterIt() throws {
        let folder = try AppFolder(schema: Self.contacts)
        let path = folder.path("app.sqlite")

        let error = #expect(throws: ReconcileError.self) { try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path) }

        guard let schemaError = error?.payload(as: ReconcileError.InvalidSchema.self)?.schemaError,
              case .unregistered("localizedCaseInsensitiveCompare", "collation", "column 'name' of table 'contacts'",
                                 let location) = schemaError else {
            Issue.record("expected the unregistered collation, got \(String(describing: error))")
            return
        }
        #expect(location.line == 6 && location.column == 7)
        #expect(error?.isInvalidInput == true)
        // The schema file's own diagnostic, which says where to register the collation.
        #expect(error?.localizedDescription == schemaError.description)
        #expect(!FileManager.default.fileExists(atPath: path))
        // The app's own queue has it, but the schema is checked on the reconciler's connections.
        #expect(throws: ReconcileError.self) { try Reconciler(schemaURL: folder.schemaURL).sync(Self.appQueue(path)) }
    }

    @Test func aFunctionNotRegisteredIsNamedWhereItIsUsed() throws {
        let folder = try AppFolder(schema: Self.contactsIndexed)
        var options = Reconciler.Options()
        options.prepareDatabase = { db in db.add(collation: Self.collation) }

        let error = #expect(throws: ReconcileError.self) {
            try Reconciler(schemaURL: folder.schemaURL, options: options).plan(databaseAt: folder.path("app.sqlite"))
        }

        let schemaError = error?.payload(as: ReconcileError.InvalidSchema.self)?.schemaError
        guard case .unregistered("is_slug", "function", "column 'slug' of table 'contacts'", _)? = schemaError else {
            Issue.record("expected the unregistered function, got \(String(describing: error))")
            return
        }
    }

    @Test func aPreparationThatThrowsEndsTheSync() throws {
        struct NoKey: Error {}
        let folder = try AppFolder(schema: "version: 1.0.0\ntables: {}\n")
        var options = Reconciler.Options()
        options.prepareDatabase = { _ in throw NoKey() }

        let error = #expect(throws: ReconcileError.self) {
            try Reconciler(schemaURL: folder.schemaURL, options: options).sync(databaseAt: folder.path("app.sqlite"))
        }

        guard let unopened = error?.payload(as: ReconcileError.CannotOpenDatabase.self), unopened.path == folder.path("app.sqlite") else {
            Issue.record("expected the preparation's failure, got \(String(describing: error))")
            return
        }
        #expect(unopened.databaseError.message == "prepareDatabase threw: \(NoKey())")
        #expect(folder.files == ["schema.yaml", "upgrades"])
    }

    // MARK: Inspecting and verifying

    @Test func anInspectedDatabaseThatUsesTheAppsSQLLoads() throws {
        let folder = try AppFolder(schema: Self.contactsIndexed)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL, options: Self.options).sync(databaseAt: path)

        let inspected = try Reconciler(schemaURL: folder.schemaURL, options: Self.options).inspect(databaseAt: path, appVersion: "1.1.0")

        #expect(inspected.isComplete, "\(String(describing: inspected.loadError))")
        #expect(inspected.yaml.contains("collate: localizedCaseInsensitiveCompare"))
    }

    @Test func upgradePathsAreVerifiedWithTheAppsSQL() throws {
        // Generated slugs are not slugs: the current file checks none.
        let folder = try AppFolder(schema: Self.contactsIndexed.replacingOccurrences(of: "{ type: TEXT, check: \"is_slug(slug)\" }", with: "TEXT"))
        let release = try SchemaRelease(yaml: Self.contacts, source: "v1.0.0:schema.yaml")

        let report = try Reconciler(schemaURL: folder.schemaURL, options: Self.options)
            .verifyUpgradePaths(from: [release])

        #expect(report.isPassing, "\(report)")
    }
}
