import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Generated rows

@Suite struct RowGeneratorTests {
    static let schema = """
        version: 1.0.0
        tables:
          teams:
            strict: true
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, unique: true, collate: NOCASE }
              status: { type: TEXT, not_null: true, check: "status IN ('open', 'closed')" }
              rating: { type: REAL, check: "rating BETWEEN 0 AND 5" }
          people:
            columns:
              id: { type: INTEGER, primary_key: true, autoincrement: true }
              team_id: { type: INTEGER, not_null: true, references: teams.id }
              mentor_id: { type: INTEGER, not_null: true, references: people.id }
              nickname: VARCHAR(20)
              avatar: BLOB
              label: { type: TEXT, generated: "nickname || '!'" }
          memberships:
            without_rowid: true
            primary_key: [team_id, person_id]
            columns:
              team_id: { type: INTEGER, references: teams.id }
              person_id: { type: INTEGER, references: people.id }
              since: NUMERIC
        """

    private func generated(_ yaml: String, rows: Int = 4) throws -> (RowGenerator, DatabaseQueue) {
        let file = try SchemaFile(yaml: yaml, url: URL(fileURLWithPath: "schema.yaml"))
        let queue = try DatabaseQueue()
        _ = try Reconciler(schema: file).sync(queue)
        var generator = RowGenerator(schema: file.schema, rowsPerTable: rows)
        try queue.write { db in try generator.fill(db) }
        return (generator, queue)
    }

    private func count(_ queue: DatabaseQueue, _ sql: String) throws -> Int {
        try queue.read { try Int.fetchOne($0, sql: sql) ?? 0 }
    }

    @Test func everyTableGetsRowsThatSatisfyItsConstraints() throws {
        let (generator, queue) = try generated(Self.schema)
        #expect(generator.notes == [])
        #expect(generator.rowCount == 12)
        #expect(try queue.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try Set(queue.read { try String.fetchAll($0, sql: "SELECT status FROM teams") }).isSubset(of: ["open", "closed"]))
        #expect(try count(queue, "SELECT count(*) FROM memberships") == 4)
    }

    @Test func theValuesAreVariedUnicodeLargeAndNullWhereAllowed() throws {
        let (_, queue) = try generated(Self.schema)
        let ids = try queue.read { try Int64.fetchAll($0, sql: "SELECT id FROM people") }
        #expect(ids.contains { $0 > 1 << 53 })
        let names = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM teams") }
        #expect(names.contains { $0.unicodeScalars.contains { !$0.isASCII } })
        #expect(try count(queue, "SELECT count(*) FROM people WHERE nickname IS NULL") == 1)
        #expect(try count(queue, "SELECT count(*) FROM people WHERE typeof(avatar) = 'blob'") == 3)
        // The first person has no one else to mentor them: it references itself.
        #expect(try count(queue, "SELECT count(*) FROM people WHERE mentor_id = id") >= 1)
    }

    @Test func aCheckNoGeneratedValueSatisfiesLeavesTheTableEmptyAndSaysSo() throws {
        let (generator, _) = try generated("""
            version: 1.0.0
            tables:
              codes:
                columns:
                  code: { type: TEXT, not_null: true, check: "length(code) = 7" }
            """)
        #expect(generator.rowCount == 0)
        #expect(generator.notes.count == 1)
        #expect(generator.notes.first?.hasPrefix("table codes: 4 of 4 rows could not be generated (CHECK constraint failed") == true)
    }
}
