import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - reconcile and the app's own collations and functions

/// `reconcile` cannot run the app's code: what writes nothing stands in for the app's
/// collations and functions, after a warning; a sync refuses the file (exit 2).
@Suite struct AppSQLCommandTests {
    static let contacts = """
        version: 1.0.0
        tables:
          contacts:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, collate: french }
        views:
          contact_initials: SELECT id, initials(name) AS initials FROM contacts
        """

    /// Version 1.1.0: an index on the name.
    static let indexed = contacts.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "\nviews:", with: "\n    indexes:\n      contacts_by_name: [name]\nviews:")

    /// The app's collation and function.
    static var options: Reconciler.Options {
        var options = Reconciler.Options()
        options.prepareDatabase = { db in
            db.add(collation: DatabaseCollation("french") { $0.compare($1) })
            db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { _ in "x" })
        }
        return options
    }

    /// A database the app synced at 1.0.0, and schema.yaml at 1.1.0.
    private func space() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.contacts)
        try space.sync(Self.options)
        try space.writeSchema(Self.indexed)
        return space
    }

    // MARK: What writes nothing

    @Test func aDryRunStandsInAfterAWarningForEachName() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#"CREATE INDEX "contacts_by_name" ON "contacts" ("name");"#))
        let warnings = result.error.split(separator: "\n").map(String.init)
        #expect(warnings.count == 2, "\(result.error)")
        #expect(warnings.first?.hasPrefix("schema.yaml:6:7: warning: column 'name' of table 'contacts' uses the collation 'french', "
                                          + "which the reconcile command does not have") == true)
        #expect(warnings.last?.hasPrefix("schema.yaml:10:3: warning: view 'contact_initials' uses the function 'initials'") == true)
        #expect(warnings.allSatisfy { $0.contains("Reconciler.Options.prepareDatabase") })
    }

    @Test func aCheckAndAStatusStandInToo() throws {
        let space = try space()
        let check = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(check.status == 4, "\(check.error)")
        #expect(check.output.contains("create index contacts_by_name"))
        let status = try ReconcileCommand.run(["status", "--format", "json"], in: space.url)
        #expect(status.status == 0, "\(status.error)")
        let object = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any]
        #expect(object?["storedVersion"] as? String == "1.0.0")
        #expect((object?["pendingSteps"] as? [Any])?.count == 1)
        #expect(status.error.contains("warning: column 'name' of table 'contacts' uses the collation 'french'"))
    }

    @Test func aFileWithoutTheAppsSQLIsReadOnce() throws {
        let space = try Workspace()
        try space.writeSchema(Self.contacts.replacingOccurrences(of: "collate: french", with: "collate: NOCASE")
            .replacingOccurrences(of: "initials(name)", with: "upper(name)"))
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
    }

    @Test func verifyStandsInForTheCurrentFileAndTheReleases() throws {
        let space = try space()
        try space.write(Self.contacts, to: "history/1.0.0.yaml")
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("1.0.0 (history/1.0.0.yaml): 1 table, 4 rows, 0 upgrades: ok"))
        #expect(result.error.contains("history/1.0.0.yaml:6:7: warning:"))
    }

    @Test func manyDatabasesAreDryRunButNotSynced() throws {
        let space = try space()
        try FileManager.default.createDirectory(at: space.url.appendingPathComponent("tenants"), withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try FileManager.default.copyItem(atPath: space.databasePath, toPath: space.url.appendingPathComponent("tenants/\(name).sqlite").path)
        }
        let dryRun = try ReconcileCommand.run(["--database", "tenants/*.sqlite", "--dry-run"], in: space.url)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        #expect(dryRun.output.components(separatedBy: "CREATE INDEX").count == 3)
        let sync = try ReconcileCommand.run(["--database", "tenants/*.sqlite"], in: space.url)
        #expect(sync.status == 2)
        #expect(sync.error.contains("the reconcile command does not have"))
    }

    // MARK: A sync

    @Test func aSyncRefusesTheFileWithExitTwoAndTouchesNothing() throws {
        let space = try space()
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("schema.yaml:6:7: error: column 'name' of table 'contacts' uses the collation 'french', "
                                       + "which the reconcile command does not have: it knows only SQLite's built-in collations "
                                       + "(BINARY, NOCASE, RTRIM)"), "\(result.error)")
        #expect(result.error.contains("sync this database from the app, which registers it in Reconciler.Options.prepareDatabase"))
        #expect(try space.fileBytes() == before)
    }

    @Test func aSyncOfANewDatabaseCreatesNothingAndSaysSoInJSON() throws {
        let space = try Workspace()
        try space.writeSchema(Self.contacts)
        let result = try ReconcileCommand.run(["--format", "json"], in: space.url)
        #expect(result.status == 2)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "invalidSchema")
        #expect((error["message"] as? String)?.contains("the reconcile command does not have") == true)
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func aTokenizerIsRefusedEvenByADryRun() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs: fts5(body, tokenize = 'stemmer')\n")
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("schema.yaml:4:3: error: virtual table 'docs' uses the tokenizer 'stemmer'"), "\(result.error)")
        #expect(result.error.contains("check and sync this schema from the app"))
    }
}
