import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Phased Releases and Downgrades

/// The examples of the article PhasedReleasesAndDowngrades.md, on real SQLite files: 1.0.0,
/// 1.1.0 that adds a nullable column and a table, and 1.2.0 that drops a column 1.0.0 declares.
@Suite struct PhasedReleasesAndDowngradesExamples {
    static let v100 = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              pinned: INTEGER
        """
    static let v110 = """
        version: 1.1.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              pinned: INTEGER
              color: TEXT
          tags:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: TEXT
        """
    static let v120 = """
        version: 1.2.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              color: TEXT
          tags:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: TEXT
        drop: { columns: { notes: [pinned] } }
        """

    /// A database 1.1.0 synced, opened by 1.0.0: served, nothing written.
    @Test func anOlderBuildAtOrAboveTheFloorIsServed() throws {
        let folder = try AppFolder(schema: Self.v100)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try folder.write(Self.v110, to: "schema.yaml")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try folder.write(Self.v100, to: "schema.yaml")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let report = try reconciler.sync(databaseAt: path)
        if report.runsOnNewerDatabase, let floor = report.floor {
            print("a newer release synced this database; it serves app versions from \(floor.version) on")
        }

        #expect(printed == ["a newer release synced this database; it serves app versions from 1.0.0 on"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A database 1.2.0 synced, opened by 1.0.0: refused, naming the floor.
    @Test func aBuildBelowTheFloorAsksToUpdate() throws {
        let folder = try AppFolder(schema: Self.v100)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try folder.write(Self.v120, to: "schema.yaml")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try folder.write(Self.v100, to: "schema.yaml")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        var asked: [SemanticVersion?] = []
        func askToUpdate(toAtLeast version: SemanticVersion?) { asked.append(version) }

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            switch error.code {
            case .databaseIsNewer:
                let newer = error.payload(as: ReconcileError.DatabaseIsNewer.self)
                askToUpdate(toAtLeast: newer?.floor ?? newer?.storedVersion)
            default:
                throw error
            }
        }

        #expect(asked == ["1.2.0"])
    }

    /// verify's matrix: 1.0.0 opens 1.1.0's database; neither older build opens 1.2.0's.
    @Test func verifysMatrixNamesTheRefusedBuilds() throws {
        let folder = try AppFolder(schema: Self.v120)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let history = try [Self.v100, Self.v110].enumerated().map { index, text in
            try SchemaRelease(yaml: text, source: "history/1.\(index).0.yaml")
        }
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let report = try reconciler.verifyUpgradePaths(from: history)
        if let current = report.olderBuilds.last {
            for build in current.builds where !build.opens {
                print("\(build.version) is refused by the \(current.version) database, floor \(current.floor?.description ?? "none")")
            }
        }

        #expect(report.olderBuilds.first?.builds.map(\.opens) == [true])
        #expect(printed == ["1.0.0 is refused by the 1.2.0 database, floor 1.2.0",
                            "1.1.0 is refused by the 1.2.0 database, floor 1.2.0"])
    }
}
