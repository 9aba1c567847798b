import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - An older build on a newer database, from the command line

/// `reconcile` run with an older schema.yaml than the database's: at or above the floor it exits
/// 0 and writes nothing, below it the error names the floor; `status` shows the floor.
@Suite struct FloorCommandTests {
    /// A database synced by 1.0.0 and then by `release`.
    private func space(syncedBy release: String) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(DatabaseFloorTests.release100)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.writeSchema(release)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.writeSchema(DatabaseFloorTests.release100)
        return space
    }

    @Test func anOlderBuildAtTheFloorExitsZeroAndWritesNothing() throws {
        let space = try space(syncedBy: DatabaseFloorTests.release110())
        let before = try space.fileBytes()
        let text = try ReconcileCommand.run([], in: space.url)
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("newer than schema.yaml's 1.0.0, and serves it"))
        let json = try ReconcileCommand.run(["sync", "--format", "json"], in: space.url)
        #expect(json.status == 0)
        let report = try JSONCoding.decoder.decode(SyncReport.self, from: Data(json.output.utf8))
        #expect(report.runsOnNewerDatabase && !report.didChange)
        #expect(report.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["runsOnNewerDatabase"] as? Bool == true)
        #expect(try space.fileBytes() == before)

        let status = try ReconcileCommand.run(["status"], in: space.url)
        #expect(status.output.contains("floor:            1.0.0 (set by 1.0.0)"))
        let markdown = try ReconcileCommand.run(["status", "--format", "markdown"], in: space.url)
        #expect(markdown.output.contains("**Floor:** 1.0.0 (set by 1.0.0)"))
        let statusJSON = try JSONCoding.decoder.decode(SyncStatus.self,
                                                       from: Data(try ReconcileCommand.run(["status", "--format", "json"], in: space.url).output.utf8))
        #expect(statusJSON.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        #expect(try space.fileBytes() == before)
    }

    @Test func anOlderBuildBelowTheFloorIsRefusedWithTheFloorAndItsRelease() throws {
        let space = try space(syncedBy: DatabaseFloorTests.release120(dropsExtra: true))
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status != 0)
        #expect(result.error.contains("serves app versions from 1.2.0 on (its floor, set by release 1.2.0)"))
        #expect(try space.fileBytes() == before)
    }
}
