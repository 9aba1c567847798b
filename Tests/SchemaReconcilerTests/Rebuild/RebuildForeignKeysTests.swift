import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Rebuilding a parent through the app's own connection, foreign keys on

@Suite struct RebuildForeignKeysTests {
    static func schema(nameType: String) -> String {
        """
        version: 1.0.0
        tables:
          parents:
            columns:
              id:   { type: INTEGER, primary_key: true, autoincrement: true }
              name: \(nameType)
          children:
            columns:
              id:        { type: INTEGER, primary_key: true }
              parent_id: { type: INTEGER, not_null: true, references: parents.id, on_delete: CASCADE }
          grandchildren:
            columns:
              id:       { type: INTEGER, primary_key: true }
              child_id: { type: INTEGER, not_null: true, references: children.id, on_delete: CASCADE }
        """
    }

    static let seed = """
        INSERT INTO parents (id, name) VALUES (1, 'one'), (2, 'two'), (3, 'three');
        INSERT INTO children (id, parent_id) VALUES (10, 1), (11, 1), (20, 2), (30, 3);
        INSERT INTO grandchildren (id, child_id) VALUES (100, 10), (101, 11), (200, 20), (300, 30);
        """

    func counts(_ db: Database) throws -> [Int] {
        try ["parents", "children", "grandchildren"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)")! }
    }

    @Test func aRebuiltParentKeepsItsCascadingChildrenAndTheConnectionKeepsForeignKeysOn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(nameType: "TEXT"))
        let queue = try DatabaseQueue(path: space.databasePath)
        #expect(try queue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        try space.reconciler().sync(queue)
        try queue.write { try $0.execute(sql: Self.seed) }

        // A new UNIQUE: `parents` is dropped and recreated, which would cascade if foreign keys were enforced.
        try space.writeSchema(Self.schema(nameType: "{ type: TEXT, unique: true }"))
        let report = try space.reconciler().sync(queue)
        #expect(report.rebuilt("parents"))

        try queue.read { (db: Database) throws in
            #expect(try counts(db) == [3, 4, 4])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
        }
        #expect(try space.remainingChanges() == [])

        // The cascade still works, through both levels.
        try queue.write { try $0.execute(sql: "DELETE FROM parents WHERE id = 1") }
        try queue.read { (db: Database) throws in
            #expect(try counts(db) == [2, 2, 2])
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM grandchildren ORDER BY id") == [200, 300])
        }
    }

    @Test func aFailedRebuildStillTurnsForeignKeysBackOn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(nameType: "TEXT"))
        let queue = try DatabaseQueue(path: space.databasePath)
        try space.reconciler().sync(queue)
        try queue.write { try $0.execute(sql: Self.seed + "INSERT INTO parents (id, name) VALUES (4, NULL);") }

        try space.writeSchema(Self.schema(nameType: "{ type: TEXT, not_null: true }"))
        let before = try space.fileBytes()
        #expect {
            try space.reconciler().sync(queue)
        } throws: { error in
            guard let violations = (error as? ReconcileError)?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "parents", constraint: .notNull(column: "name"), rows: 1)]
        }
        #expect(try space.fileBytes() == before)
        try queue.read { (db: Database) throws in
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            #expect(try counts(db) == [4, 4, 4])
        }
    }
}
