import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A state written by an earlier version

/// A database synced by an earlier version of the library keeps its warnings and deferred work
/// in that version's JSON (Swift's own encoding of the enums). This version cannot read them:
/// it treats them as unknown, syncs as usual, and writes its own in their place.
@Suite struct EarlierStateTests {
    static let version2 = """
        version: 2.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
        drop:
          columns:
            notes: [old]
        """

    /// What the earlier version wrote for a table it kept undeclared, and for the drop it let wait.
    static let earlierWarnings = #"[{"undeclared":{"_0":{"kind":"table","name":"scratch"}}}]"#
    static let earlierDeferred = #"{"steps":[{"action":{"dropColumn":{"table":"notes","column":"old"}},"phase":"contract","#
        + #""method":"native","changes":[{"dropColumn":{"table":"notes","column":"old"}}],"rows":2,"droppedIndexes":[],"#
        + #""statements":["ALTER TABLE \"notes\" DROP COLUMN \"old\""]}]}"#

    /// A database at version 2 whose drop waits, its state rows as the earlier version wrote them.
    private func earlierDatabase() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(CheckAndDenyTests.notes)   // version 1.0.0: notes (id, body, old)
        try space.sync()
        try space.execute("INSERT INTO notes (body, old) VALUES ('a', 'x'), ('b', 'y'); CREATE TABLE scratch (x)")
        try space.writeSchema(Self.version2)
        try space.sync(Reconciler.Options(deferring: [.dropsData]))
        try space.execute("""
            UPDATE _reconciler_state SET value = '\(Self.earlierWarnings)' WHERE key = 'warnings';
            UPDATE _reconciler_state SET value = '\(Self.earlierDeferred.replacingOccurrences(of: "'", with: "''"))'
                WHERE key = 'deferred';
            """)
        return space
    }

    private func storedValue(_ key: String, in space: Workspace) throws -> String? {
        try space.read { try String.fetchOne($0, sql: "SELECT value FROM _reconciler_state WHERE key = ?", arguments: [key]) }
    }

    @Test func theEarlierRecordsAreUnknownNotAnError() throws {
        let space = try earlierDatabase()
        let state = try #require(try space.read { try StoredState.read($0) })
        #expect(state.version == "2.0.0")
        #expect(state.warnings == nil)
        #expect(!state.deferred.isEmpty && state.deferred.steps.isEmpty)   // something waits; what, it cannot say

        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.problem == nil)
        #expect(!status.isInSync)   // something waits, though what cannot be read
    }

    @Test func aSyncDoesWhatWaitsAndWritesItsOwnRecords() throws {
        let space = try earlierDatabase()
        let report = try space.sync()
        #expect(report.didChange)
        #expect(report.plan.steps.map(\.description) == ["drop column notes.old (listed under drop; native ALTER)"])
        #expect(report.warnings == [.undeclared(SchemaObject(kind: .table, name: "scratch"))])
        #expect(try space.read { try $0.columns(in: "notes").map(\.name) } == ["id", "body"])

        // The records are this version's now, and the next sync finds nothing to do from them.
        #expect(try storedValue("deferred", in: space) == nil)
        let warnings = try #require(try storedValue("warnings", in: space))
        #expect(try JSONCoding.decoder.decode([SyncWarning].self, from: Data(warnings.utf8)) == report.warnings)
        let bytes = try space.fileBytes()
        let again = try space.sync()
        #expect(!again.didChange)
        #expect(again.warnings == report.warnings)
        #expect(try space.fileBytes() == bytes)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
    }

    @Test func aSyncWithNothingElseToDoReplacesAnUnreadableRecordOfDeferredWork() throws {
        let space = try earlierDatabase()
        // The drop was done, but the record of it waiting was left, in the earlier encoding.
        try space.execute("ALTER TABLE notes DROP COLUMN old")
        #expect(try !space.reconciler().status(databaseAt: space.databasePath).isInSync)
        let report = try space.sync()
        #expect(report.plan.steps.isEmpty)
        #expect(try storedValue("deferred", in: space) == nil)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
    }

    /// A record written before the names the file ignores were stored with it: a dry run plans
    /// from the file (which still leaves their tables out), and a sync with nothing to do still
    /// writes nothing.
    @Test func aRecordWithoutTheIgnoredNamesIsPlannedFromTheFile() throws {
        let space = try Workspace()
        try space.execute(IgnoredObjectsTests.app)
        try space.writeSchema(IgnoredObjectsTests.schema())
        try space.sync()
        #expect(try space.read { try StoredState.read($0)?.ignored } == IgnoredNames(patterns: [NamePattern("audit_*")]))

        try space.execute("DELETE FROM _reconciler_state WHERE key = 'ignored'")
        let state = try #require(try space.read { try StoredState.read($0) })
        #expect(state.ignored == nil && state.warnings == [])
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.isEmpty)
        #expect(plan.warnings.isEmpty, "\(plan.warnings)")
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange)
        #expect(try space.fileBytes() == bytes)
    }
}
