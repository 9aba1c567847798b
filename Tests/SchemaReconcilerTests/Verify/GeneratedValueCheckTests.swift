import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Finding generated values again

@Suite struct GeneratedValueCheckTests {
    static let schema = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              score: TEXT
          tags:
            without_rowid: true
            columns:
              name: { type: TEXT, primary_key: true }
              color: TEXT
        """

    /// A filled database, its values, and the current file (here the same one).
    private func filled() throws -> (DatabaseQueue, [TableValues], SchemaFile) {
        let file = try SchemaFile(yaml: Self.schema, url: URL(fileURLWithPath: "schema.yaml"))
        let queue = try DatabaseQueue()
        _ = try Reconciler(schema: file).sync(queue)
        var generator = RowGenerator(schema: file.schema, rowsPerTable: 4)
        try queue.write { db in try generator.fill(db) }
        let before = try queue.read { db in
            try file.schema.tables.map { try TableValues.read(table: $0.name, columns: $0.columns.map(\.name), in: db) }
        }
        return (queue, before, file)
    }

    private func problems(_ queue: DatabaseQueue, _ before: [TableValues], _ file: SchemaFile,
                          recorder: WriteRecorder = WriteRecorder()) throws -> [UpgradePathReport.Problem] {
        try queue.read { db in try GeneratedValueCheck(file: file, recorder: recorder).problems(before, in: db) }
    }

    @Test func untouchedValuesAreAllFound() throws {
        let (queue, before, file) = try filled()
        #expect(try problems(queue, before, file).isEmpty)
    }

    @Test func aChangedValueIsLostUnlessAStatementUpdatedIt() throws {
        let (queue, before, file) = try filled()
        try queue.write { db in try db.execute(sql: "UPDATE notes SET body = 'changed' WHERE id = 1") }
        let lost = try problems(queue, before, file)
        #expect(lost.count == 1)
        guard let problem = lost.first, problem.kind == .valuesLost else {
            Issue.record("expected lost values, got \(lost)")
            return
        }
        #expect((problem.table, problem.column) == ("notes", "body"))
        #expect(problem.message.hasPrefix("1 value of the release's column notes.body is gone or changed (expected 'héllo wörld 0', found 'changed')"))

        let (queue2, before2, _) = try filled()
        let recorder = WriteRecorder()
        queue2.add(transactionObserver: recorder, extent: .observerLifetime)
        try queue2.write { db in try db.execute(sql: "UPDATE notes SET body = 'changed' WHERE id = 1") }
        #expect(try problems(queue2, before2, file, recorder: recorder).isEmpty)
    }

    @Test func aMissingRowIsLostUnlessAStatementDeletedIt() throws {
        let (queue, before, file) = try filled()
        let recorder = WriteRecorder()
        try queue.write { db in try db.execute(sql: "DELETE FROM notes WHERE id = 1") }
        #expect(try problems(queue, before, file, recorder: recorder).map(\.description)
            == ["table notes: 1 of the 4 rows of the release's table notes are gone, though no upgrade deleted rows there "
                + "and drop does not name the table"])
        queue.add(transactionObserver: recorder, extent: .observerLifetime)
        try queue.write { db in try db.execute(sql: "DELETE FROM notes WHERE id = 2") }
        #expect(try problems(queue, before, file, recorder: recorder).isEmpty)
    }

    @Test func aTableWithoutRowidsIsComparedValueByValue() throws {
        let (queue, before, file) = try filled()
        try queue.write { db in try db.execute(sql: "UPDATE tags SET color = NULL WHERE color IS NOT NULL") }
        #expect(try problems(queue, before, file).map(\.column) == ["color"])
    }

    @Test func aTypeChangeIsNotALoss() throws {
        let (queue, _, file) = try filled()
        try queue.write { db in
            try db.execute(sql: "UPDATE notes SET score = '42' WHERE id = 1")
        }
        let rereadBefore = try queue.read { db in
            [try TableValues.read(table: "notes", columns: ["id", "body", "score"], in: db)]
        }
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE new_notes (id INTEGER PRIMARY KEY, body TEXT, score INTEGER);
                INSERT INTO new_notes SELECT id, body, score FROM notes;
                DROP TABLE notes;
                ALTER TABLE new_notes RENAME TO notes;
                """)
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT score FROM notes WHERE id = 1") } == 42)
        #expect(try problems(queue, rereadBefore, file).isEmpty)
    }
}
