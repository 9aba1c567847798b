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
}
