import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - NOT NULL by SQLite's own ALTER COLUMN

/// Where the running SQLite has `ALTER TABLE … ALTER COLUMN … SET/DROP NOT NULL` (3.53 and
/// later), NOT NULL alone is set and dropped by it: counted first, no copy, no definition
/// written by hand, and the same table a new database has.
@Suite(.enabled(if: RunningSQLite.altersNotNull, "the running SQLite has no ALTER COLUMN … SET NOT NULL"))
struct NativeAlterTests {
    static func schema(_ name: String, owner: String = "{ type: INTEGER, references: owners.id, collate: NOCASE }") -> String {
        """
        version: 1.0.0
        tables:
          owners:
            columns:
              id: { type: INTEGER, primary_key: true }
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: \(name)
              owner_id: \(owner)
        """
    }

    /// The table as a new database created from `yaml` has it.
    static func freshItems(_ yaml: String) throws -> Schema.Table? {
        let space = try Workspace()
        try space.writeSchema(yaml)
        try space.sync()
        return try space.inspect().table(named: "items")
    }

    @Test func notNullAddedWhenTheRowsFitIsSetByAlterColumn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("TEXT"))
        try space.sync()
        try space.execute("INSERT INTO owners (id) VALUES (1); INSERT INTO items (name, owner_id) VALUES ('a', 1), ('b', NULL)")
        try space.writeSchema(Self.schema("{ type: TEXT, not_null: true }"))
        let report = try space.syncComparingWithItsDryRun()
        let step = try #require(report.plan.steps.first)
        #expect(report.plan.steps.count == 1)
        #expect(step.method == .native)
        #expect(step.description == "edit table items (native ALTER): column name: NOT NULL added")
        #expect(step.checkedConstraints == [.notNull(column: "name")])
        #expect(report.statements == [#"ALTER TABLE "items" ALTER COLUMN "name" SET NOT NULL"#])
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        #expect(try space.inspect().table(named: "items") == Self.freshItems(Self.schema("{ type: TEXT, not_null: true }")))
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM items ORDER BY id") } == ["a", "b"])
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO items (name) VALUES (NULL)") }
        #expect(try space.remainingChanges() == [])
        #expect(try !space.sync().didChange)
    }

    /// SQLite writes NOT NULL after the column's other clauses (REFERENCES, COLLATE); the next
    /// sync reads that text as the declared column, and finds nothing to do.
    @Test func notNullOnAColumnWithAReferenceAndACollationReadsBackAsDeclared() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("TEXT"))
        try space.sync()
        try space.execute("INSERT INTO owners (id) VALUES (1); INSERT INTO items (name, owner_id) VALUES ('a', 1)")
        let declared = Self.schema("TEXT", owner: "{ type: INTEGER, references: owners.id, collate: NOCASE, not_null: true }")
        try space.writeSchema(declared)
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.steps.map(\.method) == [.native])
        #expect(try space.tableDefinition("items")?.hasSuffix(" NOT NULL)") == true)
        #expect(try space.inspect().table(named: "items") == Self.freshItems(declared))
        #expect(try space.remainingChanges() == [])
        #expect(try space.foreignKeyProblems() == [])
    }

    @Test func notNullRemovedIsDroppedByAlterColumn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("{ type: TEXT, not_null: true }"))
        try space.sync()
        try space.execute("INSERT INTO items (name) VALUES ('a')")
        try space.writeSchema(Self.schema("TEXT"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.steps.map(\.phase) == [.expand])
        #expect(report.statements == [#"ALTER TABLE "items" ALTER COLUMN "name" DROP NOT NULL"#])
        try space.execute("INSERT INTO items (name) VALUES (NULL)")
        #expect(try space.inspect().table(named: "items") == Self.freshItems(Self.schema("TEXT")))
    }

    /// Rows that would fail are counted before SQLite is asked: the error names the table, the
    /// column and the count, and the file is as it was.
    @Test func rowsThatWouldFailAreReportedAndTheFileIsUntouched() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (name) VALUES ('a'), (NULL), (NULL)")
        try space.writeSchema(Self.schema("{ type: TEXT, not_null: true }"))
        let bytes = try space.fileBytes()
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "items", constraint: .notNull(column: "name"), rows: 2)]
                && error.description == "table items: 2 rows violate NOT NULL on name; give those rows a value in an upgrade "
                    + "script before items.name can be NOT NULL. The database was rolled back; nothing was changed."
        }
        #expect(try space.fileBytes() == bytes)
    }

    /// A connection in defensive mode refuses schema edits, not ALTER COLUMN: no copy there either.
    @Test func aConnectionInDefensiveModeStillSetsNotNullWithoutACopy() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (name) VALUES ('a')")
        try space.writeSchema(Self.schema("{ type: TEXT, not_null: true }"))
        let queue = try space.defensiveQueue()
        let report = try space.reconciler().sync(queue)
        #expect(report.plan.steps.map(\.method) == [.native])
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT name FROM items") } == "a")
        #expect(try space.remainingChanges() == [])
    }
}
