import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - reconcile with a legacy section

@Suite struct LegacyCommandTests {
    static let line = "legacy record schema_migrations = 4 → 1.1.0"

    /// The notes app of ``LegacyRecordTests`` at 2.0.0, and a database FMDBMigrationManager left
    /// at migration `migration` (none when nil: the app's tables alone).
    func workspace(migration: Int?) throws -> Workspace {
        let map = "  source: schema_migrations\n  versions:\n    3: 1.1.0\n    5: 1.2.0"
        let rows = migration.map { (1...$0).map { "(\($0))" }.joined(separator: ", ") }
        return try LegacyRecordTests().workspace(legacy: map, oldTool: rows.map {
            "CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL); INSERT INTO schema_migrations VALUES \($0);"
        } ?? "")
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The `legacyRecord` member of a JSON object, its values as text.
    func record(_ object: [String: Any]) -> [String: String]? {
        (object["legacyRecord"] as? [String: Any])?.mapValues { "\($0)" }
    }

    @Test func statusTheDryRunAndCheckPrintWhereTheVersionCameFrom() throws {
        let space = try workspace(migration: 4)
        let status = try ReconcileCommand.run(["status"], in: space.url)
        #expect(status.status == 0)
        #expect(status.output.contains("stored version:   none (never synced)\n\(Self.line)\n"), "\(status.output)")
        let dryRun = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dryRun.output.hasPrefix("-- sync from version 1.1.0 to 2.0.0\n-- \(Self.line)\n"), "\(dryRun.output)")
        let check = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(check.status == 4)
        #expect(check.output.contains("\n  \(Self.line)\n"), "\(check.output)")
    }

    @Test func theJSONHasTheRecord() throws {
        let space = try workspace(migration: 4)
        let expected = ["source": "schema_migrations", "record": "4", "key": "3", "version": "1.1.0", "description": Self.line]
        let plan = try json(ReconcileCommand.run(["--dry-run", "--format", "json"], in: space.url).output)
        #expect(record(plan) == expected)
        #expect((plan["legacyRecord"] as? [String: Any])?["record"] as? Int == 4)
        let status = try json(ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(record(status) == expected)
        let report = try json(ReconcileCommand.run(["--format", "json"], in: space.url).output)
        #expect(record(try #require(report["plan"] as? [String: Any])) == expected)
        // Once synced, the record no longer matters.
        let again = try json(ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(again["legacyRecord"] == nil)
    }

    @Test func aSyncPrintsTheRecordAndRunsTheUpgradesAboveIt() throws {
        let space = try workspace(migration: 4)
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 0)
        #expect(sync.output == """
              \(Self.line)
              upgrade 1.2.0: upgrades/1.2.0.sql
              upgrade 2.0.0: upgrades/2.0.0.sql
            app.sqlite synced to version 2.0.0: 0 statements, 2 upgrades

            """)
        #expect(try ReconcileCommand.run([], in: space.url).output == "app.sqlite is up to date at version 2.0.0; nothing to do\n")
    }

    @Test func withoutARecordTheLegacyVersionOptionStillApplies() throws {
        let space = try workspace(migration: nil)
        let sync = try ReconcileCommand.run(["--legacy-version", "1.2.0"], in: space.url)
        #expect(sync.status == 0)
        #expect(!sync.output.contains("legacy record"))
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["2.0.0"])
    }

    @Test func anUnknownRecordExitsOneAndTouchesNothing() throws {
        let space = try workspace(migration: 7)
        let before = try space.fileBytes()
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 1)
        #expect(sync.error.contains("add `7: <the app version it stands for>` under legacy.versions in schema.yaml"))
        let json = try json(ReconcileCommand.run(["--format", "json"], in: space.url).output)
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["kind"] as? String == "legacyRecordNotMapped")
        #expect(error["records"] as? [Int] == [7])
        #expect(try space.fileBytes() == before)
    }

    // MARK: GRDB's migrations

    /// The notes app's database as GRDB's migrator left it at 1.2.0, after three migrations.
    func grdbWorkspace() throws -> Workspace {
        try LegacyRecordTests().workspace(legacy: "", oldTool: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1-notes'), ('v2-log'), ('v3-bodies');
            """)
    }

    /// The notes app's schema.yaml, its three migrations mapped to `versions`.
    static func grdbSchema(_ versions: String...) -> String {
        let entries = zip(["v1-notes", "v2-log", "v3-bodies"], versions).map { "    \($0): \($1)" }
        return LegacyRecordTests.schema(legacy: (["  source: grdb_migrations", "  versions:"] + entries).joined(separator: "\n"))
    }

    /// Until each migration `inspect` lists has the release that first ran it, `check`, the dry
    /// run, a status and a sync refuse the file (exit 2), naming every one still without.
    @Test func anIdentifierMapIsRefusedUntilEveryMigrationHasItsVersion() throws {
        let space = try grdbWorkspace()
        let inspect = try ReconcileCommand.run(["inspect", "--database", "app.sqlite", "--app-version", "2.0.0"], in: space.url)
        #expect(inspect.status == 3)
        #expect(inspect.output.hasSuffix("legacy:\n  source: grdb_migrations\n  versions:\n    v1-notes:\n    v2-log:\n    v3-bodies:\n"))
        #expect(inspect.error.contains("note: to fill in: legacy.versions gives no app version to the migrations v1-notes"))
        let tables = inspect.output.components(separatedBy: "\n# The database was versioned")[0]
        let section = "legacy:\n  source: grdb_migrations\n  versions:\n"
        try space.writeSchema(tables + "\n" + section + "    v1-notes:\n    v2-log:\n    v3-bodies:\n")
        let bytes = try space.fileBytes()

        func expectRefused(naming records: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            for arguments in [["check"], ["--dry-run"], ["--check"], ["status"], []] {
                let run = try ReconcileCommand.run(arguments, in: space.url)
                #expect(run.status == 2, "\(arguments)", sourceLocation: sourceLocation)
                let listed = records.map { "\($0) (line " }
                #expect(listed.allSatisfy(run.error.contains), "\(arguments): \(run.error)", sourceLocation: sourceLocation)
                #expect(run.error.contains("schema.yaml:"), sourceLocation: sourceLocation)
            }
            #expect(try space.fileBytes() == bytes, sourceLocation: sourceLocation)
        }
        try expectRefused(naming: ["v1-notes", "v2-log", "v3-bodies"])
        try space.writeSchema(tables + "\n" + section + "    v1-notes: 1.0.0\n    v2-log:\n    v3-bodies: 1.2.0\n")
        try expectRefused(naming: ["v2-log"])

        try space.writeSchema(tables + "\n" + section + "    v1-notes: 1.0.0\n    v2-log: 1.1.0\n    v3-bodies: 1.2.0\n")
        #expect(try ReconcileCommand.run(["check"], in: space.url).status == 0)
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains("legacy record grdb_migrations = v3-bodies → 1.2.0"))
        #expect(!sync.output.contains("warning"))
    }

    /// Every migration mapped to the one version: every database counts as that release, and
    /// no upgrade keyed at or below it ever runs. `check`, the dry run and a status say so.
    @Test func upgradesAtOrBelowTheLowestMappedMigrationAreAWarning() throws {
        let space = try grdbWorkspace()
        try space.writeSchema(Self.grdbSchema("2.0.0", "2.0.0", "2.0.0"))
        let check = try ReconcileCommand.run(["check"], in: space.url)
        #expect(check.status == 0)
        #expect(check.error.contains("schema.yaml:19:3: warning: upgrades 1.1.0 (upgrades/1.1.0.sql), 1.2.0"), "\(check.error)")
        #expect(check.error.contains("every database whose grdb_migrations holds a migration is placed at 2.0.0 or above, "
                                     + "so they never run on one"))
        let dryRun = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dryRun.output.contains("-- warning: upgrades 1.1.0"), "\(dryRun.output)")
        #expect(try ReconcileCommand.run(["status"], in: space.url).output.contains("warning: upgrades 1.1.0"))
        let report = try space.sync()
        #expect(report.upgrades.isEmpty && report.plan.fromVersion == "2.0.0")
        #expect(report.warnings.contains { $0.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.count == 3 })

        // Mapped to the releases that first ran them, the upgrades above 1.0.0 run, and no warning is left.
        let fixed = try grdbWorkspace()
        try fixed.writeSchema(Self.grdbSchema("1.0.0", "1.1.0", "1.2.0"))
        #expect(try ReconcileCommand.run(["check"], in: fixed.url).error.isEmpty)
        #expect(try fixed.sync().upgrades.map(\.version) == ["2.0.0"])
    }
}
