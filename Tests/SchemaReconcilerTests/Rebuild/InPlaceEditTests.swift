import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Edits in place

/// Changes that leave the stored rows as they are rewrite the table's definition instead of
/// copying the table; these are the cases where that is subtle.
@Suite struct InPlaceEditTests {
    static func schema(_ columns: String, version: String = "1.0.0", extra: String = "") -> String {
        """
        version: \(version)
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
        \(columns)
        \(extra)
        """
    }

    // MARK: Defaults

    /// Rows written before `ADD COLUMN … DEFAULT 5` hold no value for the column and read the
    /// default from the definition: after the default becomes 7 they still read 5.
    @Test func rowsOlderThanTheirColumnKeepTheDefaultTheyHadWhenTheDefaultChanges() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("      name: TEXT"))
        try space.sync()
        try space.execute("""
            INSERT INTO items (id, name) VALUES (1, 'old');
            ALTER TABLE items ADD COLUMN level INTEGER DEFAULT 5;
            INSERT INTO items (id, name) VALUES (2, 'new');
            INSERT INTO items (id, name, level) VALUES (3, 'set', 9);
            """)
        try space.writeSchema(Self.schema("      name: TEXT\n      level: { type: INTEGER, default: 7 }"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.editedInPlace("items"))
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT level FROM items ORDER BY id") } == [5, 5, 9])
        try space.execute("INSERT INTO items (id, name) VALUES (4, 'later')")
        #expect(try space.value("SELECT level FROM items WHERE id = 4", as: Int.self) == 7)
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
    }

    /// Writing those rows out would fire a trigger that watches the column: the table is copied.
    @Test func aDefaultChangeOnAColumnATriggerWatchesIsARebuild() throws {
        let space = try Workspace()
        let triggers = """
            triggers:
              items_level: |
                CREATE TRIGGER items_level AFTER UPDATE OF level ON items
                BEGIN UPDATE items SET name = 'touched' WHERE id = NEW.id; END
            """
        try space.writeSchema(Self.schema("      name: TEXT\n      level: { type: INTEGER, default: 5 }", extra: triggers))
        try space.sync()
        try space.execute("INSERT INTO items (id, name) VALUES (1, 'a')")
        try space.writeSchema(Self.schema("      name: TEXT\n      level: { type: INTEGER, default: 7 }", extra: triggers))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.rebuilt("items"))
        #expect(try space.typedRows("SELECT name, level FROM items") == [["name": Stored.text("a"), "level": Stored.integer(5)]])
    }

    // MARK: Many tables

    /// New columns in several tables: one edit per table, one session, one schema reload.
    @Test func newColumnsOfManyTablesAreOneSchemaEdit() throws {
        let tables = ["a", "b", "c"]
        func schema(extra: Bool) -> String {
            "version: 1.0.0\ntables:\n" + tables.map { name in
                "  \(name):\n    columns:\n      id: { type: INTEGER, primary_key: true }\n      x: TEXT\n"
                    + (extra ? "      y: { type: INTEGER, not_null: true, default: 3 }\n" : "")
            }.joined()
        }
        let space = try Workspace()
        try space.writeSchema(schema(extra: false))
        try space.sync()
        try space.execute(tables.map { "INSERT INTO \($0) (x) VALUES ('\($0)1'), ('\($0)2');" }.joined(separator: "\n"))
        try space.writeSchema(schema(extra: true))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.steps.map(\.action) == tables.map { .editTable(table: $0) })
        #expect(report.plan.steps.allSatisfy { $0.method == .inPlace && $0.hazards.isEmpty })
        #expect(report.statements.filter { $0.hasPrefix("PRAGMA schema_version") }.count == 1)
        for table in tables {
            #expect(try space.read { try Int.fetchAll($0, sql: "SELECT y FROM \(table)") } == [3, 3])
        }
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        #expect(try space.remainingChanges() == [])
        #expect(try !space.sync().didChange)
    }

    /// New columns are written where `ADD COLUMN` writes them: the table's own text (spacing,
    /// comments, the order of its UNIQUE constraints) stays as it was, so it needs no check
    /// that SQLite would store the rows the same way.
    @Test func newColumnsKeepTheStoredTextOfTheTable() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE a (id INTEGER PRIMARY KEY,  x TEXT, y TEXT -- kept
              , UNIQUE (y), UNIQUE (x));
            CREATE TABLE b (id INTEGER PRIMARY KEY, x TEXT);
            INSERT INTO a (x, y) VALUES ('a1', 'b1');
            INSERT INTO b (x) VALUES ('b');
            """)
        func schema(extra: Bool) -> String {
            let added = extra ? "      z: { type: INTEGER, not_null: true, default: 3 }\n" : ""
            return "version: 1.0.0\ntables:\n"
                + "  a:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n      x: TEXT\n      y: TEXT\n" + added
                + "    unique: [[y], [x]]\n"
                + "  b:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n      x: TEXT\n" + added
        }
        try space.writeSchema(schema(extra: false))
        try space.sync(Reconciler.Options(legacyVersion: "1.0.0"))
        try space.writeSchema(schema(extra: true).replacingOccurrences(of: "1.0.0", with: "1.1.0"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.steps.map(\.method) == [.inPlace, .inPlace])
        #expect(try space.value("SELECT sql FROM sqlite_master WHERE name = 'a'", as: String.self) == """
            CREATE TABLE a (id INTEGER PRIMARY KEY,  x TEXT, y TEXT, "z" INTEGER NOT NULL DEFAULT 3 -- kept
              , UNIQUE (y), UNIQUE (x))
            """)
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT z FROM a UNION ALL SELECT z FROM b") } == [3, 3])
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        #expect(try space.remainingChanges() == [])
    }

    // MARK: Checks

    /// The contract step of expand/upgrade/contract: an upgrade that leaves a row NULL makes
    /// the sync fail, naming the column, and the file is untouched.
    @Test func aNotNullAddedInPlaceIsCheckedFirst() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("      name: TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (id, name) VALUES (1, 'a'), (2, NULL)")
        try space.writeSchema(Self.schema("      name: { type: TEXT, not_null: true }"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.steps.map(\.method) == [RunningSQLite.notNullMethod])
        #expect(plan.steps.first?.checkedConstraints == [.notNull(column: "name")])
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "items", constraint: .notNull(column: "name"), rows: 1)]
        }
    }

    // MARK: Affinity

    /// A new affinity is an edit when the values are counted and none would be converted; one
    /// number stored as text makes it a copy, which converts it. The dry run says which.
    @Test func anAffinityChangeIsAnEditUntilAValueWouldBeConverted() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("      code: TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (id, code) VALUES (1, 'a1'), (2, NULL), (3, x'01')")
        try space.writeSchema(Self.schema("      code: INTEGER", version: "1.1.0"))
        let dryRun = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dryRun.output.contains("-- edit table items in place: column code: type TEXT → INTEGER (it converts no stored value)"))

        try space.execute("INSERT INTO items (id, code) VALUES (4, ' 42 ')")
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.rebuilt("items"))
        #expect(try space.typedRows("SELECT code FROM items ORDER BY id") == [
            ["code": Stored.text("a1")], ["code": Stored.null], ["code": "blob x'01'"], ["code": Stored.integer(42)],
        ])
    }

    /// Rows an upgrade writes are not counted: a change of affinity that a contract step makes
    /// (with NOT NULL added after the upgrades) copies the table, converting what they wrote.
    @Test func anAffinityChangeAfterTheUpgradesIsACopy() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("      code: TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (id, code) VALUES (1, 'a1'), (2, NULL)")
        try space.write("UPDATE items SET code = '7' WHERE code IS NULL;", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema("      code: { type: INTEGER, not_null: true }", version: "1.1.0",
                                          extra: "upgrades:\n  1.1.0: upgrades/1.1.0.sql"))
        let report = try space.sync()
        #expect(report.rebuilt("items"))
        #expect(try space.typedRows("SELECT code FROM items ORDER BY id") == [["code": Stored.text("a1")], ["code": Stored.integer(7)]])
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
    }

    /// An index on an expression of the table is computed from values under their affinity:
    /// the table is copied, and the index rebuilt with it.
    @Test func anAffinityChangeUnderAnExpressionIndexIsACopy() throws {
        let indexes = "    indexes:\n      items_sum: [\"code + 0\"]"
        let space = try Workspace()
        try space.writeSchema(Self.schema("      code: TEXT", extra: indexes))
        try space.sync()
        try space.execute("INSERT INTO items (id, code) VALUES (1, 'a1')")
        try space.writeSchema(Self.schema("      code: BLOB", version: "1.1.0", extra: indexes))
        #expect(try space.sync().rebuilt("items"))
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
    }

    // MARK: What SQLite says

    /// A live table whose UNIQUE constraints come in another order than the file writes them:
    /// its automatic indexes would be read under the wrong constraints, so SQLite's own answer
    /// (comparing the two layouts) makes it a rebuild.
    @Test func aTableWhoseKeysWouldBeStoredAnotherWayIsRebuilt() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, a TEXT, b TEXT, UNIQUE (b), UNIQUE (a));
            INSERT INTO items (a, b) VALUES ('a1', 'b1'), ('a2', 'b2');
            """)
        try space.writeSchema(Self.schema("      a: { type: TEXT, unique: true }\n      b: { type: TEXT, unique: true }"))
        #expect(try space.sync().plan.steps.isEmpty)
        try space.writeSchema(Self.schema(#"      a: { type: TEXT, unique: true, check: "a <> ''" }"# + "\n      b: { type: TEXT, unique: true }"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.rebuilt("items"))
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO items (a, b) VALUES ('a1', 'x')") }
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO items (a, b) VALUES ('x', 'b2')") }
    }

    /// Apple's SQLite runs every connection in defensive mode, where SQLite refuses to edit a
    /// table's definition: the sync turns it off for its edit session only, and the app's
    /// connection is in defensive mode again afterwards.
    @Test func aConnectionInDefensiveModeIsEditedInPlaceAndStaysDefensive() throws {
        let space = try Self.itemGainingACheck()
        let queue = try space.defensiveQueue()
        let report = try space.reconciler().sync(queue)
        #expect(report.editedInPlace("items"))
        #expect(queue.inDatabase { $0.isDefensive })
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT name FROM items") } == "a")
        #expect(try space.remainingChanges() == [])
    }

    /// An app that must never leave defensive mode says so, and the sync copies the table instead.
    @Test func anAppThatKeepsDefensiveModeOnGetsARebuild() throws {
        let space = try Self.itemGainingACheck()
        var options = Reconciler.Options()
        options.allowsDefensiveModeOff = false
        let queue = try space.defensiveQueue()
        let plan = try space.reconciler(options).plan(queue)
        let report = try space.reconciler(options).sync(queue)
        #expect(plan.steps.map(\.method) == [.rebuild])
        #expect(report.rebuilt("items"))
        #expect(queue.inDatabase { $0.isDefensive })
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT name FROM items") } == "a")
        #expect(try space.remainingChanges() == [])
    }

    /// An app that keeps defensive mode on, but not on the connection it passes: the copy the
    /// plan is rehearsed on is in defensive mode as that connection is (not as the platform's
    /// default would have it), so the edit is rehearsed, and made, in place.
    @Test func theRehearsalCopyIsInDefensiveModeAsTheAppsConnectionIs() throws {
        let space = try Self.itemGainingACheck()
        var options = Reconciler.Options()
        options.allowsDefensiveModeOff = false
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.setDefensive(false) }
        let queue = try DatabaseQueue(path: space.databasePath, configuration: configuration)
        let plan = try space.reconciler(options).plan(queue)
        #expect(plan.warnings == [])
        #expect(plan.steps.map(\.method) == [.inPlace])
        #expect(try space.reconciler(options).sync(queue).editedInPlace("items"))
    }

    /// Columns appended before the upgrades and NOT NULL given after them are two edit
    /// sessions, one on each side of the upgrades: each sets the version the dry run printed.
    @Test func editsBeforeAndAfterTheUpgradesAreTwoSessions() throws {
        func schema(version: String, added: Bool) -> String {
            var yaml = "version: \(version)\ntables:\n"
            for table in ["a", "b", "items"] {
                yaml += "  \(table):\n    columns:\n      id: { type: INTEGER, primary_key: true }\n      name: TEXT\n"
                if added { yaml += table == "items" ? "      slug: { type: TEXT, not_null: true }\n" : "      note: TEXT\n" }
            }
            return yaml + (added ? "upgrades:\n  1.1.0: upgrades/1.1.0.sql\n" : "")
        }
        let space = try Workspace()
        try space.writeSchema(schema(version: "1.0.0", added: false))
        try space.sync()
        try space.execute("INSERT INTO a (id) VALUES (1); INSERT INTO b (id) VALUES (1); "
            + "INSERT INTO items (id, name) VALUES (1, 'a'), (2, NULL)")
        try space.write("UPDATE items SET slug = lower(coalesce(name, 'x')) || id;", to: "upgrades/1.1.0.sql")
        try space.writeSchema(schema(version: "1.1.0", added: true))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.steps.map(\.method) == [.native, .inPlace, .inPlace, .inPlace])
        #expect(report.statements.filter { $0.hasPrefix("PRAGMA schema_version") }.count == 2)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT slug FROM items ORDER BY id") } == ["a1", "x2"])
    }

    /// A synced database with one item, whose schema.yaml now gives `items.name` a CHECK.
    private static func itemGainingACheck() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(schema("      name: TEXT"))
        try space.sync()
        try space.execute("INSERT INTO items (id, name) VALUES (1, 'a')")
        try space.writeSchema(schema(#"      name: { type: TEXT, check: "name <> ''" }"#))
        return space
    }

    // MARK: The dry run

    @Test func theDryRunShowsTheSessionTheEditsRunIn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema("      name: TEXT"))
        try space.sync()
        try space.writeSchema(Self.schema(#"      name: { type: TEXT, check: "name <> ''" }"#))
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.contains("""
            PRAGMA writable_schema = ON;

            -- edit table items in place: CHECK (name <> '') added
            """))
        #expect(result.output.contains("UPDATE sqlite_master SET sql = 'CREATE TABLE \"items\" ("))
        let version = try #require(try space.value("PRAGMA schema_version", as: Int.self))
        #expect(result.output.contains("PRAGMA schema_version = \(version + 1);\nPRAGMA writable_schema = RESET;"))
    }
}
