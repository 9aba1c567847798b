import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Testing Upgrade Paths

/// The examples of the article TestingUpgradePaths.md.
@Suite struct TestingUpgradePathsExamples {
    /// Only compiled: an app's test target bundles its own `Database` folder; this one's is
    /// `UpgradeHistory`, which the tests below use.
    @Suite(.disabled("compiled only: the Database resource belongs to an app's own test target"))
    struct TestTargetExample {
        @Test func everyReleaseUpgradesToTheCurrentSchema() throws {
            let database = Bundle.module.url(forResource: "Database", withExtension: nil)!
            let reconciler = Reconciler(schemaURL: database.appendingPathComponent("schema.yaml"))
            let history = try SchemaRelease.history(in: database.appendingPathComponent("history"))
            let report = try reconciler.verifyUpgradePaths(from: history)
            #expect(report.isPassing, "\(report)")
        }
    }

    @Test func readingAFailedUpgradePath() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Examples.upgradeHistory, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        // The upgrade that fills the new NOT NULL column users.handle is left out.
        let schemaURL = copy.appendingPathComponent("schema.yaml")
        try String(contentsOf: schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  1.1.0: upgrades/1.1.0-handles.sql\n", with: "")
            .write(to: schemaURL, atomically: true, encoding: .utf8)
        let reconciler = Reconciler(schemaURL: schemaURL)
        let history = try SchemaRelease.history(in: copy.appendingPathComponent("history"))

        let report = try reconciler.verifyUpgradePaths(from: history)
        for result in report.failures {
            print("\(result.version) (\(result.source)):")
            for problem in result.problems {
                print("  table \(problem.table ?? "-"), column \(problem.column ?? "-"): \(problem)")
            }
        }

        #expect(report.failures.map(\.version) == ["1.0.0"])
        #expect(report.failures.first?.problems.first?.table == "users")
        #expect(report.failures.first?.problems.first?.column == "handle")
    }

    @Test func releasesLoadedFromText() throws {
        let reconciler = Reconciler(schemaURL: Examples.upgradeHistory.appendingPathComponent("schema.yaml"))
        let text = try String(contentsOf: Examples.upgradeHistory.appendingPathComponent("history/1.0.0.yaml"), encoding: .utf8)

        let release = try SchemaRelease(yaml: text, source: "v1.0.0:db/schema.yaml")
        let report = try reconciler.verifyUpgradePaths(from: [release], rowsPerTable: 10)
        print(report.isPassing ? "the path from \(release.version) passes" : "\(report)")

        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.source) == ["v1.0.0:db/schema.yaml"])
        #expect(report.results.first?.rows == 30)
    }

    @Test func whichOlderBuildsOpenTheDatabase() throws {
        let reconciler = Reconciler(schemaURL: Examples.upgradeHistory.appendingPathComponent("schema.yaml"))
        let history = try SchemaRelease.history(in: Examples.upgradeHistory.appendingPathComponent("history"))
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let report = try reconciler.verifyUpgradePaths(from: history)
        for row in report.olderBuilds {
            let opening = row.builds.filter(\.opens).map { "\($0.version)" }
            print("\(row.version): floor \(row.floor?.description ?? "none"), opened by \(opening.isEmpty ? "no older build" : opening.joined(separator: ", "))")
        }

        // Every release of this history raises the floor: no earlier build opens a later database.
        #expect(printed == ["1.1.0: floor 1.1.0, opened by no older build", "1.2.0: floor 1.2.0, opened by no older build",
                            "1.3.0: floor 1.3.0, opened by no older build", "1.4.0: floor 1.4.0, opened by no older build"])
    }
}
