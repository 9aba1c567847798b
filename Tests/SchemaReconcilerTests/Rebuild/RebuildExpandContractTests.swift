import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Expand, then upgrades, then contract

@Suite struct RebuildExpandContractTests {
    /// `people` at 1.0.0; at 1.1.0 it gains `full` (NOT NULL, no default) between `id` and `first`.
    static func schema(version: String, full: Bool, upgrades: String = "") -> String {
        """
        version: \(version)
        tables:
          people:
            columns:
              id:    { type: INTEGER, primary_key: true }
        \(full ? "      full:  { type: TEXT, not_null: true }\n" : "")      first: TEXT
              last:  TEXT
              email: TEXT
            indexes:
              people_by_last: [last]
        views:
          people_names: SELECT id, first, last FROM people
        \(upgrades)
        """
    }

    static let seed = """
        INSERT INTO people (id, first, last, email) VALUES
          (1, 'Ada', 'Lovelace', 'ada@x.org'), (2, 'Ünïcødé', '日本', 'u@x.org'), (3, 'Alan', 'Turing', NULL);
        """

    static let fill = "UPDATE people SET full = first || ' ' || last;\n"

    func columns(_ space: Workspace) throws -> [String] {
        try space.read { db in
            try Row.fetchAll(db, sql: "PRAGMA table_info(people)").map { column in
                (column["name"] as String) + ((column["notnull"] as Int) == 1 ? " NOT NULL" : "")
            }
        }
    }

    func expectFilled(_ space: Workspace, _ report: SyncReport, by reconciler: Reconciler? = nil) throws {
        #expect(try columns(space) == ["id", "full NOT NULL", "first", "last", "email"])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT full FROM people ORDER BY id") }
                == ["Ada Lovelace", "Ünïcødé 日本", "Alan Turing"])
        #expect(try space.remainingChanges() == [])
        // The column is added (relaxed) before the upgrade, and given its declaration after it.
        #expect(report.plan.expandSteps.contains { $0.action == .addColumn(table: "people", column: "full", isDeferred: true) })
        #expect(report.plan.contractSteps.contains { $0.isRebuild && $0.table == "people" })
        #expect(try !(reconciler ?? space.reconciler()).sync(databaseAt: space.databasePath).didChange)
    }

    @Test func whatAnUpgradeScriptMakesOnATableTheContractStepRebuildsIsKept() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed)
        try space.write(Self.fill + """
            CREATE TABLE people_log (what TEXT);
            CREATE TRIGGER people_logged AFTER INSERT ON people BEGIN INSERT INTO people_log VALUES (NEW.full); END;
            CREATE INDEX people_by_email ON people (email);
            """, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", full: true, upgrades: "upgrades:\n  1.1.0: upgrades/1.1.0.sql"))
        let report = try space.sync()
        try expectFilled(space, report)
        #expect(try space.objectNames("trigger") == ["people_logged"])
        #expect(try space.objectNames("index") == ["people_by_email", "people_by_last"])
        #expect(report.warnings.undeclared.contains(SchemaObject(kind: .trigger, name: "people_logged", table: "people")))
        #expect(report.revisions == [.contractPlannedAfterUpgrades([Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql",
                                                                             kind: .script)])])
        try space.execute("INSERT INTO people (id, full) VALUES (4, 'Grace Hopper')")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM people_log") } == ["Grace Hopper"])
    }

    @Test func aNotNullColumnIsFilledByAnUpgradeScript() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed)
        try space.write(Self.fill, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", full: true, upgrades: "upgrades:\n  1.1.0: upgrades/1.1.0.sql"))
        let report = try space.sync()
        #expect(report.upgrades.map(\.name) == ["upgrades/1.1.0.sql"])
        try expectFilled(space, report)
    }

    @Test func aNotNullColumnIsFilledByACodeUpgrade() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed)
        try space.writeSchema(Self.schema(version: "1.1.0", full: true))
        var reconciler = space.reconciler()
        reconciler.registerUpgrade(version: "1.1.0", named: "fill full names") { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, first, last FROM people") {
                let full = "\(row["first"] as String) \(row["last"] as String)"
                try db.execute(sql: "UPDATE people SET full = ? WHERE id = ?", arguments: [full, row["id"] as Int64])
            }
        }
        let report = try reconciler.sync(databaseAt: space.databasePath)
        #expect(report.upgrades.map(\.name) == ["fill full names"])
        try expectFilled(space, report, by: reconciler)
    }

    @Test func aNotNullColumnThatNoUpgradeFillsIsRefused() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed)
        try space.writeSchema(Self.schema(version: "1.1.0", full: true))
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "people", constraint: .notNull(column: "full"), rows: 3, isNewColumn: true)]
        }
        #expect(try columns(space) == ["id", "first", "last", "email"])
    }

    @Test func aNotNullColumnOnAnEmptyTableNeedsNoUpgrade() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.writeSchema(Self.schema(version: "1.1.0", full: true))
        let report = try space.sync()
        #expect(report.upgrades.isEmpty)
        #expect(try columns(space) == ["id", "full NOT NULL", "first", "last", "email"])
        #expect(try space.remainingChanges() == [])
        try space.execute("INSERT INTO people (full, first) VALUES ('A B', 'A')")
        #expect(try !space.sync().didChange)
    }

    static let duplicates = """
        INSERT INTO people (id, first, last, email) VALUES
          (4, 'Ada', 'Again', 'ada@x.org'), (5, 'Ada', 'Thrice', 'ada@x.org'), (6, 'No', 'Mail', NULL);
        """

    static let dedupe = """
        -- keep the first row of each email
        DELETE FROM people WHERE email IS NOT NULL
          AND id NOT IN (SELECT min(id) FROM people WHERE email IS NOT NULL GROUP BY email);
        """

    @Test func aNewUniqueColumnOverDuplicatesFitsOnceAnUpgradeRemovesThem() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed + Self.duplicates)
        try space.write(Self.dedupe, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", full: false, upgrades: "upgrades:\n  1.1.0: upgrades/1.1.0.sql")
            .replacingOccurrences(of: "email: TEXT", with: "email: { type: TEXT, unique: true }"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT id FROM people ORDER BY id") } == [1, 2, 3, 6])
        #expect(try space.remainingChanges() == [])
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM people_names") } == 4)
    }

    @Test func aNewUniqueIndexOverDuplicatesFitsOnceAnUpgradeRemovesThem() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(version: "1.0.0", full: false))
        try space.sync()
        try space.execute(Self.seed + Self.duplicates)
        try space.write(Self.dedupe, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", full: false, upgrades: "upgrades:\n  1.1.0: upgrades/1.1.0.sql")
            .replacingOccurrences(of: "people_by_last: [last]",
                                  with: "people_by_last: [last]\n      people_email: { columns: [email], unique: true }"))
        let report = try space.sync()
        #expect(report.plan.contractSteps.map(\.action).contains(.createIndex(table: "people", index: "people_email", isUnique: true)))
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT id FROM people ORDER BY id") } == [1, 2, 3, 6])
        #expect(try space.remainingChanges() == [])
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO people (email) VALUES ('u@x.org')") }
    }

    // MARK: Unique indexes of a rebuilt table

    /// `users` with a plain index on `handle`, three rows, two of them sharing a handle that
    /// differs only in case.
    func usersWithSharedHandles() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.users(score: "TEXT", index: "[handle]"))
        try space.sync()
        try space.execute("INSERT INTO users (id, handle, score) VALUES (10, 'ana', '12'), (11, 'bo', '7'), (12, 'ANA', '30')")
        return space
    }

    static func users(score: String, index: String, collate: String = "", upgrade: Bool = false) -> String {
        """
        version: \(upgrade ? "1.1.0" : "1.0.0")
        tables:
          users:
            columns:
              id:     { type: INTEGER, primary_key: true }
              handle: { type: TEXT, not_null: true\(collate) }
              score:  \(score)
            indexes:
              users_by_handle: \(index)
        \(upgrade ? "upgrades:\n  1.1.0: upgrades/1.1.0.sql" : "")
        """
    }

    static let renameDuplicates = """
        UPDATE users SET handle = handle || '-' || id
         WHERE id NOT IN (SELECT min(id) FROM users GROUP BY handle COLLATE NOCASE);
        """

    /// The index becomes unique while the table is rebuilt for its type change, and the data fit
    /// only once the upgrade runs: the index waits for the upgrade, and without one the sync
    /// refuses with the count.
    @Test(arguments: ["", ", collate: NOCASE"])
    func aUniqueIndexOfATableRebuiltBeforeTheUpgradesWaitsForThem(collate: String) throws {
        let index = "{ columns: [handle], unique: true }"
        let space = try usersWithSharedHandles()
        if collate.isEmpty {
            // A plain index that becomes unique over handles that are equal.
            try space.execute("UPDATE users SET handle = lower(handle)")
        } else {
            // A unique index that already holds under BINARY, over a column that becomes NOCASE.
            try space.writeSchema(Self.users(score: "TEXT", index: index))
            try space.sync()
        }
        try space.writeSchema(Self.users(score: "INTEGER", index: index, collate: collate))
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "users", constraint: .unique(columns: ["handle"]), rows: 2,
                                                index: "users_by_handle")]
        }

        try space.write(Self.renameDuplicates, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.users(score: "INTEGER", index: index, collate: collate, upgrade: true))
        let report = try space.sync()
        #expect(report.plan.contractSteps.contains { $0.isRebuild && $0.table == "users" })
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT handle FROM users ORDER BY id") }.map { $0.lowercased() }
                == ["ana", "bo", "ana-12"])
        #expect(try space.typedRows("SELECT score FROM users WHERE id = 11") == [["score": Stored.integer(7)]])
        #expect(try space.remainingChanges() == [])
    }
}
