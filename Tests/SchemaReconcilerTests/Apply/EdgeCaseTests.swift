import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Transitions that once went wrong, kept as regressions

@Suite struct EdgeCaseTests {
    func sync(from old: String, to new: String, seed: String = "") throws -> (Workspace, SyncReport) {
        let space = try Workspace()
        try space.writeSchema(old)
        try space.sync()
        if !seed.isEmpty { try space.execute(seed) }
        try space.writeSchema(new)
        let report = try space.sync()
        #expect(try !space.sync().didChange)
        return (space, report)
    }

    @Test func anUndeclaredColumnKeepsItsOwnCheck() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: TEXT, check: "a <> ''" }
                  b: TEXT
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  b: TEXT
            """, seed: "INSERT INTO t (a, b) VALUES ('x', 'y')")
        #expect(try space.read { try Row.fetchAll($0, sql: "SELECT b, a FROM t") } == [["b": "y", "a": "x"]])
    }

    /// An expression that ends in a `--` comment, as a block scalar invites, must not swallow
    /// what SQL follows it: the closing parenthesis, the next clause, the semicolon of the dry run.
    @Test func expressionsEndingInALineCommentKeepTheirSQLIntact() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  a: { type: INTEGER, check: "a >= 0 -- never negative", default_sql: "0 -- start", collate: BINARY }
                  b: { type: INTEGER, generated: "a * 2 -- twice" }
                indexes:
                  t_a: { columns: [a], where: "a > 0 -- positive only" }
            views:
              doubled: |
                SELECT b FROM t -- every row
            """
        let space = try Workspace()
        try space.writeSchema(yaml)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        // The dry run writes each statement with its semicolon on a line of its own after a comment.
        let view = try #require(plan.steps.first { $0.action == .createView(view: "doubled") })
        #expect(view.statements.map { SQLText.closingLineComment($0) + ";" } == ["CREATE VIEW \"doubled\" AS SELECT b FROM t -- every row\n;"])
        try space.sync()
        try space.execute("INSERT INTO t (id) VALUES (1); INSERT INTO t (id, a) VALUES (2, 5)")
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT b FROM doubled ORDER BY b") } == [0, 10])
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO t (id, a) VALUES (3, -1)") }
        #expect(try !space.sync().didChange)
        #expect(try space.remainingChanges() == [])
    }

    /// SQLite compares names byte for byte but for ASCII letter case: `café` with `é` and `café`
    /// with a combining accent are two tables, though Swift's `==` takes them for equal.
    @Test func namesThatAreOnlyCanonicallyEquivalentAreDifferentTables() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed && !composed.isSameName(as: decomposed))
        #expect(SQLName(composed) != SQLName(decomposed) && SQLName("\u{C9}T") == SQLName("\u{C9}t"))
        #expect(Set([SQLName(composed), SQLName(decomposed), SQLName("CAF\u{E9}")]).count == 2)
        #expect("Users".isSameName(as: "users") && "\u{C9}T\u{C9}".isSameName(as: "\u{C9}t\u{C9}"))
        let space = try Workspace()
        try space.execute("CREATE TABLE \"\(decomposed)\" (id INTEGER PRIMARY KEY); INSERT INTO \"\(decomposed)\" VALUES (1)")
        try space.writeSchema("""
            version: 1.0.0
            tables:
              \(composed):
                columns:
                  id: { type: INTEGER, primary_key: true }
              kid:
                columns:
                  parent: { type: TEXT, references: \(composed).id }
            """)
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action) == [.createTable(table: composed), .createTable(table: "kid")])
        #expect(report.warnings == [.undeclared(SchemaObject(kind: .table, name: decomposed))])
        #expect(report.warnings.undeclared.first?.name.unicodeScalars.elementsEqual(decomposed.unicodeScalars) == true)
        let names = try space.read { try Data.fetchAll($0, sql: "SELECT CAST(name AS BLOB) FROM sqlite_master WHERE type = 'table' ORDER BY rowid") }
        #expect(names.prefix(2) == [Data(decomposed.utf8), Data(composed.utf8)])
        try space.execute("PRAGMA foreign_keys = ON; INSERT INTO \"\(composed)\" VALUES (7); INSERT INTO kid VALUES (7)")
        #expect(try !space.sync().didChange)
    }

    /// A CHECK that names its own table cannot be created under the rebuild's temporary name:
    /// the error says what to write instead.
    @Test func aCheckNamingItsOwnTableStopsARebuildWithAClearMessage() throws {
        let space = try Workspace()
        try space.execute("CREATE TABLE t (a INTEGER CHECK (t.a > 0), note TEXT); INSERT INTO t VALUES (1, 'x')")
        try space.writeSchema("""
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: INTEGER, check: "t.a > 0" }
                  note: { type: TEXT, unique: true }
            """)
        try space.expectFailedSync { error in
            guard let failed = error.payload(as: ReconcileError.StepFailed.self), let message = failed.databaseError.message else {
                return false
            }
            let step = failed.step
            // The advice says what to write instead.
            let advice = "  SQLite: \(message) (a rebuild creates the new t under a temporary name first, so its CHECK, DEFAULT "
                + "and generated expressions cannot name its columns as t.column: write the column names alone)"
            return step.table == "t" && step.isRebuild && message.contains("no such column: t.a")
                && error.description.split(separator: "\n").contains(Substring(advice))
        }
    }

    @Test func aChangeOfALargeIntegerDefaultIsSeen() throws {
        let (space, report) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: INTEGER, default: 9007199254740992 }
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: { type: INTEGER, default: 9007199254740993 }
            """)
        #expect(report.plan.changes == [.alterTable(table: "t", difference: .columnDefault(
            column: "a", from: "9007199254740992", to: "9007199254740993"))])
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT dflt_value FROM pragma_table_info('t')") }
                == "9007199254740993")
    }

    @Test func aPartialIndexOverADroppedColumnGoesWithIt() throws {
        let (space, report) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: TEXT
                  b: TEXT
                  c: { type: TEXT, unique: true }
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: TEXT
                  b: { type: TEXT, not_null: true }
            drop:
              columns: { t: [c] }
            """, seed: "CREATE INDEX t_partial ON t (a) WHERE c <> 'x'; INSERT INTO t (a, b, c) VALUES ('1', '2', '3')")
        #expect(report.plan.steps.contains { $0.droppedIndexes == ["t_partial"] })
        #expect(try space.read { try $0.indexes(on: "t").map(\.name) }.contains("t_partial") == false)
    }

    @Test func aRenamedIndexIsNotKeptTwiceWhenItsTableIsRebuilt() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: INTEGER
                indexes:
                  old_name: [a]
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: { type: INTEGER, not_null: true }
                indexes:
                  new_name: { columns: [a], renamed_from: old_name }
            """)
        #expect(try space.read { try $0.indexes(on: "t").map(\.name) } == ["new_name"])
    }

    @Test func aViewOverAChangedViewDoesNotStopARename() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: INTEGER
            views:
              v1: SELECT a FROM t
              v2: SELECT count(*) AS n FROM v1
            """, to: """
            version: 1.0.1
            tables:
              u:
                renamed_from: t
                columns:
                  a: INTEGER
            views:
              v1: SELECT a FROM u WHERE a > 0
              v2: SELECT count(*) AS n FROM v1
            """, seed: "INSERT INTO t (a) VALUES (1), (2), (-3)")
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT n FROM v2") } == 2)
    }

    @Test func anIndexDroppedByNameAndThroughItsColumnIsDroppedOnce() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: TEXT
                  b: TEXT
                indexes:
                  by_b: [b]
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: TEXT
            drop:
              indexes: [by_b]
              columns: { t: [b] }
            """)
        #expect(try space.inspect().table(named: "t")?.columns.map(\.name) == ["a"])
    }

    @Test func aStrictDefaultThatTheColumnCannotStoreIsInvalidInput() throws {
        let space = try Workspace()
        try space.writeSchema("""
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: { type: REAL, default: x }
            """)
        #expect {
            try space.sync()
        } throws: { error in
            guard let schemaError = (error as? ReconcileError)?.payload(as: ReconcileError.InvalidSchema.self)?.schemaError else { return false }
            guard case .invalidValue(let value, let key, _, _, let location) = schemaError else { return false }
            return value == "x" && key == "default" && location.line == 6
        }
    }

    @Test func droppingAColumnWithAnOddNameDropsTheIndexOnIt() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: TEXT
                  a-b: { type: TEXT, generated: "a || 'x'" }
                indexes:
                  by_ab: [a-b]
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: TEXT
            drop:
              columns: { t: [a-b] }
            """, seed: "INSERT INTO t (a) VALUES ('1')")
        #expect(try space.read { try $0.indexes(on: "t").isEmpty })
    }

    @Test func aNewCollationInACompositeKeyIsCheckedAgainstTheWholeKey() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                primary_key: [a, b]
                columns:
                  a: TEXT
                  b: TEXT
            """, to: """
            version: 1.0.1
            tables:
              t:
                primary_key: [a, b]
                columns:
                  a: { type: TEXT, collate: NOCASE }
                  b: TEXT
            """, seed: "INSERT INTO t (a, b) VALUES ('x', '1'), ('X', '2')")
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
    }

    @Test func anIndexListedUnderDropGoesEvenOnAnUndeclaredTable() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: TEXT
                indexes:
                  by_a: [a]
            """, to: """
            version: 1.0.1
            tables: {}
            drop:
              indexes: [by_a]
            """)
        #expect(try space.read { try $0.indexes(on: "t").isEmpty })
        #expect(try space.read { try $0.tableExists("t") })
    }

    @Test func aBooleanDefaultGivenToExistingRowsTakesTheColumnAffinity() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: TEXT
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: TEXT
                  flag: { type: TEXT, default: false }
            """, seed: "INSERT INTO t (a) VALUES ('1')")
        #expect(try space.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }

    @Test func aTableLeavingStrictCanGainAColumnOfAnyType() throws {
        let (space, _) = try sync(from: """
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: { type: TEXT, not_null: true }
            """, to: """
            version: 1.0.1
            tables:
              t:
                columns:
                  a: { type: TEXT, not_null: true }
                  b: { type: varchar(20), unique: true }
            """, seed: "INSERT INTO t (a) VALUES ('1'), ('2')")
        #expect(try space.inspect().table(named: "t")?.isStrict == false)
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
    }
}
