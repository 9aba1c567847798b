import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A rebuild that cannot keep the data fails before commit

@Suite struct RebuildDataDoesNotFitTests {
    static let base = """
        version: 1.0.0
        tables:
          owners:
            columns:
              id: { type: INTEGER, primary_key: true }
          things:
            columns:
              id:       { type: INTEGER, primary_key: true }
              code:     TEXT
              n:        TEXT
              ratio:    REAL
              owner_id: INTEGER
        """

    /// Rows with NULL codes, duplicate codes, negative ratios, text that is no integer, and owners that do not exist.
    static let seed = """
        INSERT INTO owners (id) VALUES (1);
        INSERT INTO things (id, code, n, ratio, owner_id) VALUES
          (1, 'a', '1', 1.5, 1), (2, 'a', 'abc', -1, 7), (3, NULL, '3', -2, 8), (4, 'a', '4', 0, 1), (5, NULL, '5', 2, NULL);
        """

    func workspace(changing line: String, to replacement: String) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.execute(Self.seed)
        let changed = Self.base.replacingOccurrences(of: line, with: replacement)
        #expect(changed != Self.base)
        try space.writeSchema(changed)
        return space
    }

    @Test func nullsLeftInANotNullColumn() throws {
        let space = try workspace(changing: "code:     TEXT", to: "code:     { type: TEXT, not_null: true }")
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .notNull(column: "code"), rows: 2)]
        }
    }

    @Test func aNewUniqueOverDuplicates() throws {
        let space = try workspace(changing: "code:     TEXT", to: "code:     { type: TEXT, unique: true }")
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .unique(columns: ["code"]), rows: 3)]
        }
    }

    @Test func aNewPrimaryKeyOverDuplicates() throws {
        let space = try workspace(changing: "id:       { type: INTEGER, primary_key: true }", to: "id: INTEGER")
        let yaml = try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  things:\n", with: "  things:\n    primary_key: [code, owner_id]\n")
        try space.writeSchema(yaml)
        try space.execute("UPDATE things SET owner_id = 1, code = 'a' WHERE id IN (1, 4)")
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .primaryKey(columns: ["code", "owner_id"]), rows: 2)]
        }
    }

    @Test func aCheckThatRowsViolate() throws {
        let space = try workspace(changing: "ratio:    REAL", to: #"ratio:    { type: REAL, check: "ratio >= 0" }"#)
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .check(expression: "ratio >= 0"), rows: 2)]
        }
    }

    @Test func aValueAStrictTypeRefuses() throws {
        let space = try workspace(changing: "n:        TEXT", to: "n:        INTEGER")
        let yaml = try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  things:\n", with: "  things:\n    strict: true\n")
        try space.writeSchema(yaml)
        try space.expectFailedSync { error in
            // Only 'abc' cannot be stored in a STRICT INTEGER column: '1', '3', '4' and '5' become integers.
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .strictType(column: "n", type: "INTEGER"), rows: 1)]
        }
    }

    @Test func aTableGoingStrictNamesEachColumnAndTheRowsEachRefuses() throws {
        let space = try workspace(changing: "n:        TEXT", to: "n:        INTEGER")
        let yaml = try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  things:\n", with: "  things:\n    strict: true\n")
            .replacingOccurrences(of: "code:     TEXT", with: "code:     BLOB")
        try space.writeSchema(yaml)
        try space.expectFailedSync { error in
            // Three text codes cannot be stored as BLOB; 'abc' cannot be an INTEGER.
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            let remedy = "convert or remove the values that their STRICT column type cannot store, in an upgrade script"
            return violations == [
                ReconcileError.DataViolation(table: "things", constraint: .strictType(column: "code", type: "BLOB"), rows: 3),
                ReconcileError.DataViolation(table: "things", constraint: .strictType(column: "n", type: "INTEGER"), rows: 1),
            ] && error.description == """
                table things: 3 rows violate the STRICT type BLOB of code; \(remedy)
                  table things: 1 row violates the STRICT type INTEGER of n; \(remedy)
                  The database was rolled back; nothing was changed.
                """
        }
    }

    /// The count that refuses a table going STRICT must agree with SQLite: a value that SQLite
    /// would store must never be counted, and one it refuses must be.
    @Test func theStrictTypeCheckAgreesWithSQLite() throws {
        let values: [DatabaseValueConvertible?] = [
            nil, 0, -5, Int64.max, Int64.min, 3.0, 3.5, -0.0, 1e20, -9.223372036854775808e18, Double.infinity,
            "3", "3.0", "3.5", " 7 ", "007", "1e3", "1e30", "0x10", "abc", "", "12abc", "9223372036854775808",
            "-9223372036854775808", "1.0e18", "NaN", Data([0, 1]), Data("3".utf8),
        ]
        let db = try DatabaseQueue()
        try db.write { db in
            for sourceType in ["", "TEXT", "NUMERIC", "INTEGER", "REAL", "BLOB"] {
                try db.execute(sql: "DROP TABLE IF EXISTS source; CREATE TABLE source (x \(sourceType))")
                for value in values {
                    try db.execute(sql: "INSERT INTO source (x) VALUES (?)", arguments: [value])
                }
                for type in ["INTEGER", "INT", "REAL", "TEXT", "BLOB"] {
                    let mismatch = try #require(Planner.Builder.strictTypeMismatch("x", type: type))
                    for rowid in try Int64.fetchAll(db, sql: "SELECT rowid FROM source") {
                        let counted = try Int.fetchOne(db, sql: "SELECT count(*) FROM source WHERE rowid = ? AND (\(mismatch))",
                                                       arguments: [rowid]) == 1
                        try db.execute(sql: "DROP TABLE IF EXISTS target; CREATE TABLE target (x \(type)) STRICT")
                        var refused = false
                        do {
                            try db.execute(sql: "INSERT INTO target SELECT x FROM source WHERE rowid = ?", arguments: [rowid])
                        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                            refused = true
                        }
                        let value = try String.fetchOne(db, sql: "SELECT quote(x) FROM source WHERE rowid = ?", arguments: [rowid])
                        #expect(counted == refused, "\(value ?? "?") from a \(sourceType) column into STRICT \(type)")
                    }
                }
            }
        }
        #expect(Planner.Builder.strictTypeMismatch("x", type: "ANY") == nil)
    }

    @Test func aForeignKeyWhoseParentsAreMissingIsNamedByItsColumns() throws {
        // Two references to owners; only owner_id has rows whose owner does not exist.
        let space = try workspace(changing: "owner_id: INTEGER", to: """
            owner_id: { type: INTEGER, references: owners.id }
                  keeper_id: { type: INTEGER, references: owners.id }
            """)
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "things", constraint: .foreignKey(columns: ["owner_id"], parent: "owners"), rows: 2)]
        }
    }

    /// COLLATE NOCASE on a UNIQUE column makes 'a' and 'A' duplicates: the data check compares
    /// with the new collation, so the sync refuses with the number of rows.
    @Test func aCollationThatMakesUniqueValuesCollide() throws {
        let space = try workspace(changing: "code:     TEXT", to: "code:     { type: TEXT, unique: true }")
        try space.execute("UPDATE things SET code = CAST(id AS TEXT)")
        try space.sync()
        try space.execute("UPDATE things SET code = 'A' WHERE id = 1; UPDATE things SET code = 'a' WHERE id = 2")
        try space.writeSchema(Self.base.replacingOccurrences(of: "code:     TEXT",
                                                             with: "code:     { type: TEXT, unique: true, collate: NOCASE }"))
        let before = try space.fileBytes()
        let error = #expect(throws: ReconcileError.self) { try space.sync() }
        #expect(try space.fileBytes() == before)
        guard let violations = error?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected dataDoesNotFit, got: \(String(describing: error))")
            return
        }
        #expect(violations == [ReconcileError.DataViolation(table: "things", constraint: .unique(columns: ["code"]), rows: 2)])
    }
}
