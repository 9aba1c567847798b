import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - verify's matrix of older builds

/// A three-release history: 1.1.0 adds a nullable column and a table, which 1.0.0 still opens;
/// 1.2.0 drops a column 1.0.0 declares, and neither older build opens its database.
@Suite struct OlderBuildsMatrixTests {
    /// The history of ``DatabaseFloorTests``: 1.0.0, 1.1.0 (a nullable column and a table added),
    /// and 1.2.0, which drops `notes.extra`.
    static let v100 = DatabaseFloorTests.release100
    static let v110 = DatabaseFloorTests.release110()
    static let v120 = DatabaseFloorTests.release120(dropsExtra: true)

    private func report(current: String = Self.v120) throws -> UpgradePathReport {
        let history = try [Self.v100, Self.v110].map { try SchemaRelease(yaml: $0, source: "history/\($0.prefix(14).suffix(5)).yaml") }
        return try Reconciler(schema: SchemaLoader().load(yaml: current, url: URL(fileURLWithPath: "schema.yaml"))).verifyUpgradePaths(from: history)
    }

    @Test func eachReleasesDatabaseSaysWhichOlderBuildsOpenIt() throws {
        let report = try report()
        #expect(report.isPassing, "\(report)")
        #expect(report.olderBuilds.map(\.version) == ["1.1.0", "1.2.0"])
        let (v110, v120) = (report.olderBuilds[0], report.olderBuilds[1])
        #expect(v110.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        #expect(v110.builds.map(\.version) == ["1.0.0"])
        #expect(v110.builds.map(\.opens) == [true])
        #expect(v120.floor == DatabaseFloor(version: "1.2.0", setBy: "1.2.0"))
        #expect(v120.builds.map(\.version) == ["1.0.0", "1.1.0"])
        #expect(v120.builds.map(\.opens) == [false, false])
        for build in v120.builds {
            let refusal = try #require(build.error?.payload(as: ReconcileError.DatabaseIsNewer.self))
            #expect((refusal.floor, refusal.floorSetBy) == ("1.2.0", "1.2.0"))
            #expect(refusal.declaredVersion == build.version)
        }
    }

    /// A current file that only adds keeps 1.0.0's floor: every older build opens its database.
    @Test func aReleaseThatOnlyAddsIsOpenedByEveryOlderBuild() throws {
        let current = Self.v110.replacingOccurrences(of: "version: 1.1.0", with: "version: 1.2.0")
            + "\n      color: TEXT\n"
        let report = try report(current: current)
        let last = try #require(report.olderBuilds.last)
        #expect(last.version == "1.2.0")
        #expect(last.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        #expect(last.builds.map(\.opens) == [true, true])
        #expect(last.builds.allSatisfy { $0.error == nil })
    }

    @Test func theCommandPrintsTheMatrixAndARefusalIsNotAFailure() throws {
        let space = try Workspace()
        try space.write(Self.v100, to: "history/1.0.0.yaml")
        try space.write(Self.v110, to: "history/1.1.0.yaml")
        try space.writeSchema(Self.v120)
        let result = try ReconcileCommand.run(["verify", "--history", "history"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("""
            all 2 upgrade paths to 1.2.0 pass
            older builds opening each release's database (updated release by release):
              database  floor  1.0.0    1.1.0
              1.1.0     1.0.0  opens
              1.2.0     1.2.0  refused  refused

            """), "\(result.output)")
        let json = try ReconcileCommand.run(["verify", "--history", "history", "--format", "json"], in: space.url)
        let decoded = try JSONCoding.decoder.decode(UpgradePathReport.self, from: Data(json.output.utf8))
        #expect(decoded.olderBuilds.map { $0.builds.map(\.opens) } == [[true], [false, false]])
        let refusal = try #require(decoded.olderBuilds.last?.builds.first?.error?.payload(as: ReconcileError.DatabaseIsNewer.self))
        #expect((refusal.floor, refusal.floorSetBy) == ("1.2.0", "1.2.0"))
    }

    /// JSON written before the matrix reads with none.
    @Test func aReportWithoutTheMatrixStillReads() throws {
        let json = #"{"version": "1.1.0", "isPassing": true, "results": []}"#
        let report = try JSONCoding.decoder.decode(UpgradePathReport.self, from: Data(json.utf8))
        #expect(report.olderBuilds.isEmpty)
    }
}
