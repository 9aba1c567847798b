import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A sync ignores the swift keys

/// The `swift` keys of schema.yaml name and type the generated record types only: a database
/// synced with them is the one synced without them, the plan is the same, and adding them to a
/// synced database's file makes a sync that writes nothing.
@Suite struct RecordOverridesSyncTests {
    /// SyncTests' base schema with a `swift` key in every place the format has one.
    static let withOverrides = SyncTests.base
        .replacingOccurrences(of: "version: 1.0.0\n", with: "version: 1.0.0\nswift: { access: public }\n")
        .replacingOccurrences(of: "  teams:\n    columns:\n", with: "  teams:\n    swift: { name: Squad }\n    columns:\n")
        .replacingOccurrences(of: "email:   { type: TEXT, not_null: true }",
                              with: "email:   { type: TEXT, not_null: true, swift: { name: address, type: Email, stored_as: text } }")
        .replacingOccurrences(of: "  team_sizes: SELECT team_id, count(*) AS n FROM users GROUP BY team_id",
                              with: "  team_sizes:\n    select: SELECT team_id, count(*) AS n FROM users GROUP BY team_id\n"
                                  + "    swift: { name: TeamSize, columns: { n: { type: Int } } }")

    @Test func theOverridesAreRead() throws {
        let file = try SchemaLoader().load(yaml: Self.withOverrides, url: inMemoryURL)
        #expect(file.recordOverrides.access == .public)
        #expect(file.recordOverrides.record(named: "teams")?.typeName == "Squad")
        #expect(file.recordOverrides.record(named: "users")?.property(named: "email")?.type == "Email")
        #expect(file.recordOverrides.record(named: "team_sizes")?.property(named: "n")?.type == "Int")
        #expect(file.schema == (try SchemaLoader().load(yaml: SyncTests.base, url: inMemoryURL)).schema)
    }

    @Test func aDatabaseSyncedWithOverridesIsTheOneSyncedWithout() throws {
        let plain = try Workspace()
        try plain.writeSchema(SyncTests.base)
        let overridden = try Workspace()
        try overridden.writeSchema(Self.withOverrides)
        #expect(try overridden.reconciler().plan(databaseAt: overridden.databasePath).steps
                    == plain.reconciler().plan(databaseAt: plain.databasePath).steps)
        try plain.sync()
        try overridden.sync()
        let sql = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY name"
        #expect(try overridden.read { try Row.fetchAll($0, sql: sql) } == plain.read { try Row.fetchAll($0, sql: sql) })
    }

    @Test func addingOverridesToASyncedFileWritesNothing() throws {
        let space = try Workspace()
        try space.writeSchema(SyncTests.base)
        try space.sync()
        try space.writeSchema(Self.withOverrides)
        let bytes = try space.fileBytes()
        let date = try space.modificationDate()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).isNothingToDo)
        let report = try space.sync()
        #expect(!report.didChange)
        #expect(try space.fileBytes() == bytes)
        #expect(try space.modificationDate() == date)
    }
}
