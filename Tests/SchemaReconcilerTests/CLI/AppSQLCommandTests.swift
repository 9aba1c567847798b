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
        let standIn = "A stand-in that does nothing takes its place here; the app's sync, which registers it in "
            + "Reconciler.Options.prepareDatabase, checks it and finds a misspelt name"
        #expect(result.error.split(separator: "\n").map(String.init) == [
            "schema.yaml:6:7: warning: column 'name' of table 'contacts' uses the collation 'french', which the reconcile "
                + "command does not have: it knows only SQLite's built-in collations (BINARY, NOCASE, RTRIM) and GRDB's "
                + "(swiftLocalizedCaseInsensitiveCompare…). \(standIn)",
            "schema.yaml:10:3: warning: view 'contact_initials' uses the function 'initials', which the reconcile command "
                + "does not have: it knows only SQLite's built-in functions and GRDB's (swiftLowercaseString…). \(standIn)",
        ])
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
        // The warnings a dry run gives.
        #expect(status.error == (try ReconcileCommand.run(["--dry-run"], in: space.url)).error)
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
        // The refusal of a sync of one database, once.
        #expect(sync.error == (try ReconcileCommand.run([], in: space.url)).error)
    }

    // MARK: A sync

    @Test func aSyncRefusesTheFileWithExitTwoAndTouchesNothing() throws {
        let space = try space()
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 2)
        #expect(result.error == "schema.yaml:6:7: error: column 'name' of table 'contacts' uses the collation 'french', "
            + "which the reconcile command does not have: it knows only SQLite's built-in collations (BINARY, NOCASE, RTRIM) "
            + "and GRDB's (swiftLocalizedCaseInsensitiveCompare…), not the app's own, and writes no database with a stand-in "
            + "for one; sync this database from the app, which registers it in Reconciler.Options.prepareDatabase "
            + "(reconcile --dry-run, --check, status and verify stand in for it)\n")
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
        // The refusal that a sync prints as text.
        let text = try ReconcileCommand.run([], in: space.url)
        #expect((error["message"] as? String).map { $0 + "\n" } == text.error)
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func aTokenizerIsRefusedEvenByADryRun() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs: fts5(body, tokenize = 'stemmer')\n")
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error == "schema.yaml:4:3: error: virtual table 'docs' uses the tokenizer 'stemmer', which the "
            + "reconcile command does not have: it knows only SQLite's built-in tokenizers (unicode61, ascii, porter, trigram), "
            + "not the app's own, and writes no database with a stand-in for one; check and sync this schema from the app, "
            + "which registers it in Reconciler.Options.prepareDatabase\n")
    }
}
