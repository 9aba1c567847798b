import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - reconcile verify

@Suite struct VerifyCommandTests {
    static let release = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              title: TEXT
        """

    static let current = """
        version: 1.1.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, renamed_from: title }
              slug: { type: TEXT, not_null: true }
        upgrades:
          1.1.0: upgrades/1.1.0.sql
        """

    private func space(upgrade: String = "UPDATE items SET slug = 'item-' || id;\n") throws -> Workspace {
        let space = try Workspace()
        try space.write(Self.release, to: "history/1.0.0.yaml")
        try space.write(upgrade, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.current)
        return space
    }

    /// A release whose trigger or view the current file neither declares nor drops: the path
    /// fails, and the problem names the trigger a trigger (on its table), and the view a view.
    @Test func aTriggerOrViewLeftOverIsNamedForWhatItIs() throws {
        let space = try space()
        try space.write(Self.release + """

            triggers:
              items_touch: |
                CREATE TRIGGER items_touch AFTER UPDATE ON items BEGIN SELECT 1; END
            views:
              item_titles: SELECT title FROM items
            """, to: "history/1.0.0.yaml")
        let differs = "after the sync the schema differs from a new database built from the current file: "
        let cases = [("views: [item_titles]", "table items: " + differs + "trigger items_touch on items is left over", "items_touch"),
                     ("triggers: [items_touch]", differs + "view item_titles is left over", "item_titles")]
        for (drop, problem, name) in cases {
            try space.writeSchema(Self.current + "\ndrop: { \(drop) }\n")
            let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
            #expect(result.status == 1)
            #expect(result.output.contains("\n  " + problem), "\(result.output)")
            #expect(!result.output.contains("table \(name)"))
        }
    }

    @Test func printsOneLinePerReleaseAndExitsZeroWhenEveryPathPasses() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output == """
            1.0.0 (history/1.0.0.yaml): 1 table, 4 rows, 1 upgrade: ok
            all 1 upgrade path to 1.1.0 pass
            older builds opening each release's database (updated release by release):
              database  floor  1.0.0
              1.1.0     1.1.0  refused

            """)
    }

    /// The release's trigger inserts rows that take a default calling the app's `uuid()`, which
    /// the command does not have: a stand-in numbers them, in the databases `verify` fills.
    @Test func aTriggerThatInsertsRowsTakingTheAppsDefaultIsVerified() throws {
        let space = try Workspace()
        let release = LoadDefaultFunctionTests.items
        try space.write(release, to: "history/1.0.0.yaml")
        try space.writeSchema(release.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title: TEXT", with: "      title: TEXT\n      body: TEXT"))
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 0, "\(result.output) \(result.error)")
        #expect(result.output.contains("\nall 1 upgrade path to 1.1.0 pass\n"), "\(result.output)")
    }

    /// The release's trigger calls the app's `uuid()` itself, which the ids' default calls too:
    /// the stand-in that numbers the rows is the one both get, so every row is generated.
    @Test func aTriggerThatCallsTheDefaultsFunctionGetsTheNumberingStandIn() throws {
        let space = try Workspace()
        let release = """
            version: 1.0.0
            tables:
              items:
                columns:
                  id: { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, default_sql: (uuid()) }
                  title: TEXT
              log:
                columns:
                  id: { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, default_sql: (uuid()) }
                  note: TEXT
            triggers:
              items_ai: CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN INSERT INTO log (id, note) VALUES (uuid(), NEW.title); END

            """
        try space.write(release, to: "history/1.0.0.yaml")
        try space.writeSchema(release.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title: TEXT", with: "      title: TEXT\n      body: TEXT"))
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 0, "\(result.output) \(result.error)")
        #expect(!result.output.contains("could not be generated"), "\(result.output)")
        #expect(result.output.hasPrefix("1.0.0 (history/1.0.0.yaml): 2 tables, 8 rows, 0 upgrades: ok\n"), "\(result.output)")
    }

    @Test func aFailingPathExitsOneNamingTheReleaseTableAndColumn() throws {
        let space = try space(upgrade: "SELECT 1;\n")
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "1.0.0 (history/1.0.0.yaml): 1 table, 4 rows, 0 upgrades: FAILED")
        #expect(lines.dropFirst().first?.hasPrefix("  the sync failed: table items: 4 rows violate NOT NULL on slug") == true)
        // The place is said once: by the error, which names it.
        #expect(lines.dropFirst().first?.components(separatedBy: "table items").count == 2)
        #expect(lines.contains("1 of 1 upgrade path to 1.1.0 failed"))
    }

    /// Under `compatibility: cloudkit`, a release whose column the current schema dropped fails
    /// its path, naming the release, the table and the column: devices on that release still
    /// send it. Adding a column with a default passes.
    @Test func underCloudKitADroppedColumnOfAnEarlierReleaseFailsItsPath() throws {
        let release = """
            version: 1.0.0
            tables:
              notes:
                columns:
                  id:    { type: TEXT, primary_key: true, not_null: true }
                  title: { type: TEXT, not_null: { on_conflict: replace }, default: "" }
                  body:  TEXT
            """
        let space = try Workspace()
        try space.write(release, to: "history/1.0.0.yaml")
        try space.writeSchema("""
            version: 2.0.0
            compatibility: cloudkit
            tables:
              notes:
                columns:
                  id:    { type: TEXT, primary_key: true, not_null: true }
                  title: { type: TEXT, not_null: { on_conflict: replace }, default: "" }
            drop:
              columns: { notes: [body] }
            """)
        let failing = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        #expect(failing.output.contains("  table notes, column body: release 1.0.0 has column notes.body, "
                                        + "which version 2.0.0 no longer has (dropped or renamed): devices still on release 1.0.0 send it"))

        try space.writeSchema(release.replacingOccurrences(of: "version: 1.0.0", with: "version: 2.0.0\ncompatibility: cloudkit")
                              + "\n      pinned: { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }\n")
        let passing = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")

        // A new spelling of a column's letters is a rename to the sync, which SQLite would not see.
        try space.writeSchema(release.replacingOccurrences(of: "version: 1.0.0", with: "version: 2.0.0\ncompatibility: cloudkit")
            .replacingOccurrences(of: "      body:  TEXT", with: "      Body:  TEXT"))
        let respelled = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(respelled.status == 1, "\(respelled.output)\(respelled.error)")
        #expect(respelled.output.contains("release 1.0.0 has column notes.body, which version 2.0.0 spells Body "
                                          + "(a new name to the sync)"), "\(respelled.output)")
    }

    @Test func jsonHoldsTheDocumentedKeys() throws {
        let space = try space(upgrade: "SELECT 1;\n")
        let result = try ReconcileCommand.run(["verify", "--history", "history", "--format", "json"], in: space.url)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(report.keys) == ["version", "isPassing", "results", "olderBuilds"])
        let release = try #require((report["results"] as? [[String: Any]])?.first)
        #expect(Set(release.keys) == ["version", "source", "tables", "rows", "upgrades", "isPassing", "problems", "notes"])
        let problem = try #require((release["problems"] as? [[String: Any]])?.first)
        #expect(Set(problem.keys) == ["kind", "table", "column", "message", "error"])
        #expect(problem["kind"] as? String == "syncFailed")
        #expect(problem["column"] as? String == "slug")
        // Each value once: the message says what failed, the error says the rest.
        #expect(problem["message"] as? String == "the sync failed")
        #expect((problem["error"] as? [String: Any])?["kind"] as? String == "dataDoesNotFit")
    }

    @Test func jsonIsTheLibrarysReport() throws {
        let space = try space(upgrade: "SELECT 1;\n")
        let result = try ReconcileCommand.run(["verify", "--history", "history", "--format", "json"], in: space.url)
        let report = try JSONCoding.decoder.decode(UpgradePathReport.self, from: Data(result.output.utf8))
        #expect(report.version == "1.1.0")
        #expect(!report.isPassing)
        let path = try #require(report.results.first)
        #expect(path.version == "1.0.0")
        #expect(path.source == "history/1.0.0.yaml")
        #expect((path.tables, path.rows) == (1, 4))
        let problem = try #require(path.problems.first)
        #expect(problem.kind == .syncFailed)
        #expect((problem.table, problem.column) == ("items", "slug"))
        guard let violations = problem.error?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected the sync's own error, got \(problem)")
            return
        }
        #expect(violations == [ReconcileError.DataViolation(table: "items", constraint: .notNull(column: "slug"), rows: 4,
                                                            isNewColumn: true)])
        // The text prints what the decoded report says.
        let text = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(text.output.hasPrefix(report.description + "\n"))
    }

    @Test func gitRevisionsAreReleases() throws {
        let space = try space()
        func git(_ arguments: String...) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org"] + arguments
            process.currentDirectoryURL = space.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard (try? git("init", "-q")) == 0 else { return }   // no git on this machine
        try space.writeSchema(Self.release)
        #expect(try git("add", "schema.yaml") == 0)
        #expect(try git("commit", "-q", "-m", "1.0.0") == 0)
        #expect(try git("tag", "v1.0.0") == 0)
        try space.writeSchema(Self.current)

        let result = try ReconcileCommand.run(["verify", "--git", "v1.0.0"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("1.0.0 (v1.0.0:schema.yaml): 1 table, 4 rows, 1 upgrade: ok"))
        let missing = try ReconcileCommand.run(["verify", "--git", "v9"], in: space.url)
        #expect(missing.status == 2)
        #expect(missing.error.contains("v9:schema.yaml"))
    }

    @Test func withoutHistoryOrAnInvalidReleaseFileItIsInvalidInput() throws {
        let space = try space()
        #expect(try ReconcileCommand.run(["verify"], in: space.url).status == 2)
        try space.write("version: 1.0.0\ntables:\n  items: { columns: { id: { typ: INTEGER } } }\n", to: "history/0.9.0.yaml")
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 2)
        let refused = SchemaError.unknownKey("typ", in: "column 'id' of table 'items'", suggestion: "type", allowed: ColumnParser.keys,
                                             at: SchemaReconciler.SourceLocation(file: "history/0.9.0.yaml", line: 3, column: 29))
        #expect(result.error == "\(refused)\n")
    }
}
