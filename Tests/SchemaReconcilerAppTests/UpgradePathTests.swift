import Foundation
import SchemaReconciler
import Testing

// MARK: - Verifying upgrade paths from a test target

/// A test target that bundles its app's schema file, scripts and past releases' files verifies
/// every upgrade path with one call, as the article TestingUpgradePaths.md shows.
@Suite struct UpgradePathTests {
    /// The bundled app: `UpgradeHistory/schema.yaml`, its upgrades, and `history/` with the
    /// files of releases 1.0.0 to 1.3.0.
    static let app = Bundle.module.url(forResource: "UpgradeHistory", withExtension: nil)!

    @Test func everyReleaseUpgradesToTheCurrentSchema() throws {
        let reconciler = Reconciler(schemaURL: Self.app.appendingPathComponent("schema.yaml"))
        let history = try SchemaRelease.history(in: Self.app.appendingPathComponent("history"))
        let report = try reconciler.verifyUpgradePaths(from: history)
        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.version.description) == ["1.0.0", "1.1.0", "1.2.0", "1.3.0"])
        #expect(report.results.map(\.upgrades.count) == [3, 2, 1, 0])
        #expect(report.results.allSatisfy { $0.rows == $0.tables * 4 && $0.notes.isEmpty })
    }

    @Test func aForgottenUpgradeFailsNamingTheReleaseTheTableAndTheColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.app, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaURL = folder.appendingPathComponent("schema.yaml")
        let schema = try String(contentsOf: schemaURL, encoding: .utf8)
        try schema.replacingOccurrences(of: "  1.1.0: upgrades/1.1.0-handles.sql\n", with: "")
            .write(to: schemaURL, atomically: true, encoding: .utf8)

        let history = try SchemaRelease.history(in: folder.appendingPathComponent("history"))
        let report = try Reconciler(schemaURL: schemaURL).verifyUpgradePaths(from: history)
        #expect(!report.isPassing)
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1)
        #expect(failure.version == "1.0.0")
        let problem = try #require(failure.problems.first)
        #expect(problem.table == "users")
        #expect(problem.column == "handle")
        guard problem.kind == .syncFailed, let violations = problem.error?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected the sync's own error, got \(problem)")
            return
        }
        #expect(violations == [ReconcileError.DataViolation(table: "users", constraint: .notNull(column: "handle"), rows: 4, isNewColumn: true)])
        // The report reads as its results, the failing release first, its problem under it.
        #expect("\(report)".hasPrefix("\(failure)\n"))
        #expect("\(failure)".hasPrefix("\(failure.version) (\(failure.source)): "))
        #expect("\(failure)".hasSuffix("\n  \(problem)"))
    }

    /// A release from before the package, given as the SQL that built its database with GRDB's
    /// migrator, and the current file's `legacy` section that places its record.
    @Test func aReleaseBeforeThePackageUpgradesThroughItsLegacyRecord() throws {
        let folder = try AppFolder(schema: """
            version: 2.0.0
            tables:
              player:
                columns:
                  id:    { type: INTEGER, primary_key: true }
                  name:  { type: TEXT, not_null: true }
                  score: { type: INTEGER, not_null: true, default: 0 }
            legacy:
              source: grdb_migrations
              versions:
                v1-players: 1.0.0
            upgrades:
              2.0.0: upgrades/2.0.0-scores.sql
            """)
        try folder.write("UPDATE player SET score = length(name);", to: "upgrades/2.0.0-scores.sql")
        let release = SchemaRelease(legacySQL: """
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1-players');
            """, source: "history/grdb-1.0.0.sql")

        let report = try Reconciler(schemaURL: folder.schemaURL).verifyUpgradePaths(from: [release])

        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.version) == ["1.0.0"])
        #expect(report.results.first?.upgrades.map(\.name) == ["upgrades/2.0.0-scores.sql"])
    }
}
