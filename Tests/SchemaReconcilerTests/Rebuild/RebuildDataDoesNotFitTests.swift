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
            guard case .dataDoesNotFit(let table, .notNull(let column), let rows, _) = error else { return false }
            return table == "things" && column == "code" && rows == 2
        }
    }

    @Test func aNewUniqueOverDuplicates() throws {
        let space = try workspace(changing: "code:     TEXT", to: "code:     { type: TEXT, unique: true }")
        try space.expectFailedSync { error in
            guard case .dataDoesNotFit(let table, .unique(let columns), let rows, _) = error else { return false }
            return table == "things" && columns == ["code"] && rows == 3
        }
    }

    @Test func aNewPrimaryKeyOverDuplicates() throws {
        let space = try workspace(changing: "id:       { type: INTEGER, primary_key: true }", to: "id: INTEGER")
        let yaml = try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  things:\n", with: "  things:\n    primary_key: [code, owner_id]\n")
        try space.writeSchema(yaml)
        try space.execute("UPDATE things SET owner_id = 1, code = 'a' WHERE id IN (1, 4)")
        try space.expectFailedSync { error in
            guard case .dataDoesNotFit(let table, .primaryKey(let columns), let rows, _) = error else { return false }
            return table == "things" && columns == ["code", "owner_id"] && rows == 2
        }
    }

    @Test func aCheckThatRowsViolate() throws {
        let space = try workspace(changing: "ratio:    REAL", to: #"ratio:    { type: REAL, check: "ratio >= 0" }"#)
        try space.expectFailedSync { error in
            guard case .dataDoesNotFit(let table, .check(let expression), let rows, _) = error else { return false }
            return table == "things" && expression == "ratio >= 0" && rows == 2
        }
    }

    @Test func aValueAStrictTypeRefuses() throws {
        let space = try workspace(changing: "n:        TEXT", to: "n:        INTEGER")
        let yaml = try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  things:\n", with: "  things:\n    strict: true\n")
        try space.writeSchema(yaml)
        try space.expectFailedSync { error in
            switch error {
            case .stepFailed(_, _, let table, _, let message):
                return table == "things" && message.contains("things.n") && !message.contains(Planner.temporaryPrefix)
            case .dataDoesNotFit(let table, _, _, _):
                return table == "things"
            default:
                return false
            }
        }
    }

    @Test func aForeignKeyWhoseParentsAreMissing() throws {
        let space = try workspace(changing: "owner_id: INTEGER", to: "owner_id: { type: INTEGER, references: owners.id }")
        try space.expectFailedSync { error in
            guard case .foreignKeyViolation(let table, let parent, let rows) = error else { return false }
            return table == "things" && parent == "owners" && rows == 2
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
        guard case .dataDoesNotFit(let table, .unique(let columns), let rows, _) = error else {
            Issue.record("expected dataDoesNotFit, got: \(String(describing: error))")
            return
        }
        #expect(table == "things" && columns == ["code"] && rows == 2)
    }
}
