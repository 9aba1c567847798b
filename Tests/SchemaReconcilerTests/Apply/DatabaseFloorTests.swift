import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The oldest build that can use a database

/// Each sync records the database's floor; an older build at or above it opens the database as
/// it is, one below it is refused with the floor and the release that set it.
@Suite struct DatabaseFloorTests {
    /// Release 1.0.0's schema: `notes` with a column `extra` that 1.2.0 may drop.
    static let release100 = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              extra: TEXT
        """

    /// Release 1.1.0's schema: a nullable column and a table added, and `more` appended at the
    /// top level (`compatible_from`, say).
    static func release110(_ more: String = "") -> String {
        """
        version: 1.1.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              extra: TEXT
              tag: TEXT
          tags:
            columns:
              name: { type: TEXT, primary_key: true }
        \(more)
        """
    }

    /// Release 1.2.0's schema: 1.1.0's, with `more` appended at the top level, and `extra`
    /// dropped when `dropsExtra`.
    static func release120(dropsExtra: Bool = false, _ more: String = "") -> String {
        var yaml = release110().replacingOccurrences(of: "version: 1.1.0", with: "version: 1.2.0")
        if dropsExtra {
            yaml = yaml.replacingOccurrences(of: "      extra: TEXT\n", with: "") + "\ndrop:\n  columns:\n    notes: [extra]"
        }
        return yaml + "\n" + more
    }

    /// A database synced by 1.0.0, then by `later` in turn.
    private func space(later releases: [String]) throws -> Workspace {
        let space = try Workspace()
        try space.write("UPDATE notes SET tag = 'old' WHERE tag IS NULL;\n", to: "upgrades/1.2.0.sql")
        try space.writeSchema(Self.release100)
        try space.sync()
        try space.execute("INSERT INTO notes (body, extra) VALUES ('a', 'x')")
        for release in releases {
            try space.writeSchema(release)
            try space.sync()
        }
        return space
    }

    /// What a 1.0.0 build's sync throws, as the payload of a database it is below the floor of.
    private func refusal(of space: Workspace) throws -> ReconcileError.DatabaseIsNewer? {
        try space.writeSchema(Self.release100)
        do {
            try space.sync()
            return nil
        } catch let error as ReconcileError {
            return error.payload(as: ReconcileError.DatabaseIsNewer.self)
        }
    }

    @Test func anOlderBuildOpensADatabaseThatOnlyGainedANullableColumnAndATable() throws {
        let space = try space(later: [Self.release110()])
        #expect(try space.read { try StoredState.read($0) }?.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        try space.writeSchema(Self.release100)
        let before = try space.fileBytes()
        let report = try space.sync()
        #expect(report.runsOnNewerDatabase)
        #expect(!report.didChange)
        #expect(report.version == "1.1.0")
        #expect(report.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
        #expect(report.statements.isEmpty && report.upgrades.isEmpty)
        #expect(try space.fileBytes() == before)
        // The dry run and the status say the same, and read only.
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).olderVersionServed == "1.0.0")
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.problem == nil)
        #expect(status.floor?.version == "1.0.0")
        #expect(try space.fileBytes() == before)
        // And the newer build goes on from where it left.
        try space.writeSchema(Self.release110())
        #expect(try !space.sync().didChange)
    }

    @Test func aDroppedColumnRaisesTheFloorAndTheOlderBuildIsRefusedWithIt() throws {
        let space = try space(later: [Self.release110(), Self.release120(dropsExtra: true)])
        let before = try space.fileBytes()
        let payload = try #require(try refusal(of: space))
        #expect(payload.floor == "1.2.0" && payload.floorSetBy == "1.2.0")
        #expect(payload.storedVersion == "1.2.0" && payload.declaredVersion == "1.0.0")
        #expect(payload.message.contains("from 1.2.0 on") && payload.message.contains("set by release 1.2.0"))
        #expect(try space.fileBytes() == before)
        // 1.1.0 declares the dropped column too: it is refused as well.
        try space.writeSchema(Self.release110())
        #expect(throws: ReconcileError.self) { try space.sync() }
    }

    @Test func anUpgradeRaisesTheFloor() throws {
        let space = try space(later: [Self.release110(), Self.release120("upgrades:\n  1.2.0: upgrades/1.2.0.sql")])
        let payload = try #require(try refusal(of: space))
        #expect(payload.floor == "1.2.0" && payload.floorSetBy == "1.2.0")
    }

    @Test func anUpgradeThatOlderBuildsReadKeepsTheFloor() throws {
        let upgrade = "upgrades:\n  1.2.0: { script: upgrades/1.2.0.sql, older_builds_read_it: true }"
        let space = try space(later: [Self.release110(), Self.release120(upgrade)])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT tag FROM notes") } == ["old"])
        #expect(try refusal(of: space) == nil)
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.floor == DatabaseFloor(version: "1.0.0", setBy: "1.0.0"))
    }

    @Test func aFloorRaisedByHandHoldsInLaterReleases() throws {
        let space = try space(later: [Self.release110("compatible_from: 1.1.0")])
        let payload = try #require(try refusal(of: space))
        #expect(payload.floor == "1.1.0" && payload.floorSetBy == "1.1.0")
        // A later release that only adds keeps it, and names the release that set it.
        try space.writeSchema(Self.release120())
        let report = try space.sync()
        #expect(report.floor == DatabaseFloor(version: "1.1.0", setBy: "1.1.0"))
        // 1.1.0 is at the floor: it opens the 1.2.0 database.
        try space.writeSchema(Self.release110("compatible_from: 1.1.0"))
        #expect(try space.sync().runsOnNewerDatabase)
    }

    @Test func aFloorRaisedByHandWithNothingElseToDoIsRecorded() throws {
        let space = try space(later: [Self.release110()])
        try space.writeSchema(Self.release110("compatible_from: 1.1.0"))
        #expect(try space.sync().floor == DatabaseFloor(version: "1.1.0", setBy: "1.1.0"))
        #expect(try space.read { try StoredState.read($0) }?.floor == DatabaseFloor(version: "1.1.0", setBy: "1.1.0"))
        #expect(try refusal(of: space) != nil)
    }

    @Test func aHandFloorAboveTheVersionIsAnError() throws {
        let space = try Workspace()
        try space.writeSchema(Self.release100 + "\ncompatible_from: 1.1.0")
        #expect(throws: SchemaError.self) { try SchemaFile(contentsOf: space.schemaURL) }
    }

    @Test func aDatabaseSyncedBeforeFloorsWereStoredHasItsVersionAsItsFloor() throws {
        let space = try space(later: [Self.release110()])
        try space.execute("DELETE FROM _reconciler_state WHERE key IN ('floor', 'floor_set_by')")
        let payload = try #require(try refusal(of: space))
        #expect(payload.floor == "1.1.0" && payload.floorSetBy == "1.1.0")
        // The option still accepts it, as before floors.
        #expect(try space.sync(Reconciler.Options(allowsNewerDatabase: true)).version == "1.1.0")
    }

    @Test func aNewDatabaseStartsAtItsOwnVersion() throws {
        let space = try Workspace()
        try space.writeSchema(Self.release110())
        #expect(try space.sync().floor == DatabaseFloor(version: "1.1.0", setBy: "1.1.0"))
    }

    @Test func theRuleNamesWhatAnOlderBuildTripsOver() throws {
        let file = try SchemaFile(yaml: Self.release110(), url: URL(fileURLWithPath: "/tmp/schema.yaml"))
        let keeps: [Change] = [.createTable(table: "tags"), .addColumn(table: "notes", column: "tag"),
                               .createView(view: "v"), .createTrigger(trigger: "t", table: "notes")]
        let raises: [Change] = [.dropColumn(table: "notes", column: "extra"), .dropTable(table: "old"),
                                .renameColumn(table: "notes", from: "text", to: "body"),
                                .alterTable(table: "notes", difference: .columnNotNull(column: "body", isAdded: true))]
        for change in keeps { #expect(!change.raisesFloor(declared: file.schema), "\(change)") }
        for change in raises { #expect(change.raisesFloor(declared: file.schema), "\(change)") }
    }
}
