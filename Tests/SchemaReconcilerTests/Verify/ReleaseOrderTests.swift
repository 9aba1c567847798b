import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - The order of a history

/// `verify` checks and lists the releases in version order, whatever order they were given in:
/// 1.5.0 before 1.49.0, for schema files and for the SQL files of releases before the package.
@Suite struct ReleaseOrderTests {
    static func yaml(_ version: String) -> String {
        "version: \(version)\ntables:\n  notes:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n"
    }

    @Test func releasesAreOrderedByVersionAndNumbersInNamesCompareAsNumbers() throws {
        let releases = [
            try SchemaRelease(yaml: Self.yaml("1.49.0"), source: "history/1.49.0.yaml"),
            SchemaRelease(legacySQL: "CREATE TABLE notes (id INTEGER PRIMARY KEY);", source: "history/fmdb-49.sql"),
            try SchemaRelease(yaml: Self.yaml("1.5.0"), source: "history/1.5.0.yaml"),
            SchemaRelease(legacySQL: "CREATE TABLE notes (id INTEGER PRIMARY KEY);", source: "history/fmdb-5.sql"),
        ]
        let ordered = releases.sorted(by: SchemaRelease.isOrderedBefore).map(\.source)
        #expect(ordered == ["history/fmdb-5.sql", "history/fmdb-49.sql", "history/1.5.0.yaml", "history/1.49.0.yaml"])
    }

    @Test func verifyReportsThePathsInVersionOrder() throws {
        let space = try Workspace()
        try space.writeSchema(Self.yaml("1.50.0"))
        let releases = try ["1.49.0", "1.5.0", "1.10.0"].map { try SchemaRelease(yaml: Self.yaml($0), source: "\($0).yaml") }
        let report = try space.reconciler().verifyUpgradePaths(from: releases)
        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.version) == ["1.5.0", "1.10.0", "1.49.0"])
    }
}
