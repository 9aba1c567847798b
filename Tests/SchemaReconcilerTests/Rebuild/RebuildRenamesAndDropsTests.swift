import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Renames and drops around rebuilds

@Suite struct RebuildRenamesAndDropsTests {
    /// `people` with a child, a view, a trigger and an index; `table` and `column` name the
    /// table and its `name` column as this version declares them.
    static func schema(table: String = "people", renamedFrom: String? = nil, column: String = "name",
                       columnRenamedFrom: String? = nil, isUnique: Bool = false, index: String = "people_by_name",
                       indexRenamedFrom: String? = nil, extra: String = "") -> String {
        let tableHint = renamedFrom.map { "\n    renamed_from: \($0)" } ?? ""
        let unique = isUnique ? ", unique: true" : ""
        let columnDeclaration = columnRenamedFrom.map { "{ type: TEXT\(unique), renamed_from: \($0) }" }
            ?? (isUnique ? "{ type: TEXT\(unique) }" : "TEXT")
        let indexDeclaration = indexRenamedFrom.map { "{ columns: [\(column)], renamed_from: \($0) }" } ?? "[\(column)]"
        return """
            version: 1.0.0
            tables:
              \(table):\(tableHint)
                columns:
                  id: { type: INTEGER, primary_key: true, autoincrement: true }
                  \(column): \(columnDeclaration)
                indexes:
                  \(index): \(indexDeclaration)
              pets:
                columns:
                  id:       { type: INTEGER, primary_key: true }
                  owner_id: { type: INTEGER, references: \(table).id, on_delete: CASCADE }
              log:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  what: TEXT
            views:
              named: SELECT id, "\(column)" FROM "\(table)"
            triggers:
              greet: |
                CREATE TRIGGER greet AFTER INSERT ON "\(table)"
                BEGIN INSERT INTO log (what) VALUES ('hello ' || NEW."\(column)"); END
            \(extra)
            """
    }

    static let seed = """
        INSERT INTO people (id, name) VALUES (1, 'Ada'), (2, 'Ünïcødé ✓ 日本'), (3, NULL);
        INSERT INTO pets (id, owner_id) VALUES (10, 1), (11, 1), (20, 2);
        DELETE FROM log;
        """

    func prepared(_ yaml: String = schema()) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(yaml)
        try space.sync()
        try space.execute(Self.seed)
        return space
    }

    func finishes(_ space: Workspace, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(try space.remainingChanges() == [], sourceLocation: sourceLocation)
        #expect(try space.foreignKeyProblems() == [], sourceLocation: sourceLocation)
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange, sourceLocation: sourceLocation)
        #expect(try space.fileBytes() == bytes, sourceLocation: sourceLocation)
    }

    // MARK: Renames

    @Test func aRenamedTableTakesItsChildViewTriggerIndexAndRowsAlong() throws {
        let space = try prepared()
        try space.execute("""
            CREATE VIEW legacy_names AS SELECT name FROM people;
            CREATE TRIGGER legacy_log AFTER UPDATE ON people BEGIN INSERT INTO log (what) VALUES ('updated'); END;
            """)
        try space.writeSchema(Self.schema(table: "users", renamedFrom: "people"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action).contains(.renameTable(from: "people", to: "users")))
        #expect(try space.objectNames("table").contains("users"))
        #expect(try !space.objectNames("table").contains("people"))
        #expect(try space.typedRows("SELECT id, name FROM users ORDER BY id") == [
            ["id": Stored.integer(1), "name": Stored.text("Ada")],
            ["id": Stored.integer(2), "name": Stored.text("Ünïcødé ✓ 日本")],
            ["id": Stored.integer(3), "name": Stored.null],
        ])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT \"table\" FROM pragma_foreign_key_list('pets')") } == ["users"])
        #expect(try space.value("SELECT count(*) FROM named", as: Int.self) == 3)
        #expect(try space.value("SELECT count(*) FROM legacy_names", as: Int.self) == 3)
        #expect(try space.value("SELECT tbl_name FROM sqlite_master WHERE name = 'people_by_name'", as: String.self) == "users")
        try finishes(space)

        try space.execute("INSERT INTO users (name) VALUES ('Grace'); UPDATE users SET name = 'Ada L.' WHERE id = 1")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log ORDER BY id") } == ["hello Grace", "updated"])
        try space.execute("DELETE FROM users WHERE id = 1")
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT id FROM pets ORDER BY id") } == [20])
    }

    /// A table renamed and rebuilt in the same sync: its undeclared trigger comes back as SQLite
    /// rewrote it for the rename, so its body names the new table and it still fires.
    @Test func aRenamedAndRebuiltTableKeepsItsUndeclaredTriggerWorking() throws {
        let space = try prepared()
        try space.execute("""
            CREATE TRIGGER people_upper AFTER INSERT ON people
            BEGIN UPDATE people SET name = upper(NEW.name) WHERE id = NEW.id; END;
            """)
        try space.writeSchema(Self.schema(table: "users", renamedFrom: "people", isUnique: true))
        let report = try space.sync()
        #expect(report.rebuilt("users"))
        try space.execute("INSERT INTO users (name) VALUES ('grace')")
        #expect(try space.value("SELECT name FROM users WHERE id = 4", as: String.self) == "GRACE")

    }

    /// The same with a column renamed and its table rebuilt: the undeclared trigger comes back
    /// with the column's new name and still fires.
    @Test func aRenamedColumnOfARebuiltTableKeepsItsUndeclaredTriggerWorking() throws {
        let space = try prepared()
        try space.execute("""
            CREATE TRIGGER people_renamed AFTER UPDATE OF name ON people
            BEGIN INSERT INTO log (what) VALUES ('now ' || NEW.name); END;
            """)
        try space.writeSchema(Self.schema(column: "full_name", columnRenamedFrom: "name", isUnique: true))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        try space.execute("UPDATE people SET full_name = 'Ada L.' WHERE id = 1")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["now Ada L."])

    }

    @Test func aRenamedColumnTakesItsIndexAndViewAlong() throws {
        let space = try prepared()
        try space.execute("CREATE VIEW legacy_names AS SELECT name FROM people")
        try space.writeSchema(Self.schema(column: "full_name", columnRenamedFrom: "name"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action).contains(.renameColumn(table: "people", from: "name", to: "full_name")))
        #expect(!report.rebuilt("people"))
        // The renamed column is declared: no warning should call it undeclared.
        #expect(!report.warnings.undeclared.contains { $0.kind == .column }, "\(report.warnings)")

        #expect(try space.typedRows("SELECT id, full_name FROM people ORDER BY id").map { $0["full_name"] }
                == [Stored.text("Ada"), Stored.text("Ünïcødé ✓ 日本"), Stored.null])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_index_info('people_by_name')") } == ["full_name"])
        #expect(try space.value("SELECT full_name FROM named WHERE id = 1", as: String.self) == "Ada")
        #expect(try space.value("SELECT count(*) FROM legacy_names", as: Int.self) == 3)
        try finishes(space)
    }

    @Test func aRenamedColumnInARebuiltTableKeepsItsValues() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(column: "full_name", columnRenamedFrom: "name", isUnique: true))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.typedRows("SELECT full_name FROM people ORDER BY id").map { $0["full_name"] }
                == [Stored.text("Ada"), Stored.text("Ünïcødé ✓ 日本"), Stored.null])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_index_info('people_by_name')") } == ["full_name"])
        try finishes(space)
    }

    @Test func aTableRenamedOnlyInLetterCase() throws {
        let space = try prepared(Self.schema(table: "People"))
        try space.writeSchema(Self.schema(table: "people"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action).first == .renameTable(from: "People", to: "people"))
        #expect(try space.objectNames("table").contains("people"))
        #expect(try !space.objectNames("table").contains("People"))
        #expect(try space.value("SELECT count(*) FROM people", as: Int.self) == 3)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT \"table\" FROM pragma_foreign_key_list('pets')") } == ["people"])
        try finishes(space)
    }

    @Test func aColumnRenamedOnlyInLetterCase() throws {
        let space = try prepared(Self.schema(column: "Name"))
        try space.writeSchema(Self.schema(column: "name"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action).contains(.renameColumn(table: "people", from: "Name", to: "name")))
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('people')") } == ["id", "name"])
        #expect(try space.value("SELECT name FROM people WHERE id = 1", as: String.self) == "Ada")
        try finishes(space)
    }

    @Test func aRenamedIndex() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(index: "people_name_idx", indexRenamedFrom: "people_by_name"))
        try space.sync()
        #expect(try space.objectNames("index") == ["people_name_idx"])
        try finishes(space)
    }

    // MARK: Drops

    @Test func droppingATableAColumnAnIndexAViewAndATrigger() throws {
        let space = try prepared(Self.schema().replacingOccurrences(of: "      name: TEXT", with: "      name: TEXT\n      secret: TEXT"))
        try space.execute("""
            CREATE TABLE cache (k TEXT);
            INSERT INTO cache VALUES ('x');
            CREATE INDEX people_by_secret ON people (secret);
            CREATE INDEX pets_by_owner ON pets (owner_id);
            CREATE VIEW report AS SELECT count(*) AS n FROM pets;
            CREATE TRIGGER audit_pets AFTER INSERT ON pets BEGIN INSERT INTO log (what) VALUES ('pet'); END;
            UPDATE people SET secret = 'psst';
            """)
        try space.writeSchema(Self.schema(extra: """
            drop:
              tables: [cache]
              columns: { people: [secret] }
              indexes: [pets_by_owner]
              views: [report]
              triggers: [audit_pets]
            """))
        let report = try space.sync()
        #expect(report.plan.steps.contains {
            $0.action == .dropColumn(table: "people", column: "secret") && $0.droppedIndexes == ["people_by_secret"]
        })
        #expect(try space.objectNames("table") == ["log", "people", "pets"])
        #expect(try space.objectNames("index") == ["people_by_name"])
        #expect(try space.objectNames("view") == ["named"])
        #expect(try space.objectNames("trigger") == ["greet"])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('people')") } == ["id", "name"])
        #expect(try space.value("SELECT count(*) FROM people", as: Int.self) == 3)
        #expect(try space.value("SELECT count(*) FROM pets", as: Int.self) == 3)
        try finishes(space)
    }

    @Test func droppingAColumnThatNeedsARebuildSaysItDropsItsUndeclaredIndex() throws {
        let base = Self.schema().replacingOccurrences(of: "      name: TEXT", with: "      name: TEXT\n      secret: { type: TEXT, unique: true }")
        let space = try prepared(base)
        try space.execute("CREATE INDEX people_by_secret ON people (secret, name); UPDATE people SET secret = 's' || id")
        try space.writeSchema(Self.schema(extra: "drop:\n  columns: { people: [secret] }"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.objectNames("index") == ["people_by_name"])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('people')") } == ["id", "name"])
        #expect(try space.value("SELECT count(*) FROM pets", as: Int.self) == 3)
        try finishes(space)
        #expect(report.plan.steps.contains { $0.isRebuild && $0.droppedIndexes == ["people_by_secret"] })

    }

    /// A UNIQUE column cannot be dropped with ALTER TABLE DROP COLUMN: the rebuild drops it,
    /// on an empty table too.
    @Test func droppingAUniqueColumnOfAnEmptyTable() throws {
        let base = Self.schema().replacingOccurrences(of: "      name: TEXT", with: "      name: TEXT\n      secret: { type: TEXT, unique: true }")
        let space = try Workspace()
        try space.writeSchema(base)
        try space.sync()
        try space.writeSchema(Self.schema(extra: "drop:\n  columns: { people: [secret] }"))
        try space.sync()
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('people')") } == ["id", "name"])
        try finishes(space)

    }

    /// A rebuild before the upgrades drops the table's triggers and does not recreate one listed
    /// under drop; no DROP TRIGGER runs for it afterwards.
    @Test func droppingATriggerOfARebuiltTable() throws {
        let space = try prepared()
        try space.execute("CREATE TRIGGER old_audit AFTER DELETE ON people BEGIN INSERT INTO log (what) VALUES ('gone'); END")
        try space.writeSchema(Self.schema(isUnique: true, extra: "drop:\n  triggers: [old_audit]"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.objectNames("trigger") == ["greet"])
        try finishes(space)

    }

    @Test func anUndeclaredColumnIsKeptAfterTheDeclaredOnesWhenItsTableIsRebuilt() throws {
        let space = try prepared()
        try space.execute("""
            ALTER TABLE people ADD COLUMN legacy INTEGER DEFAULT 7;
            UPDATE people SET legacy = id * 100 WHERE id < 3;
            """)
        try space.writeSchema(Self.schema().replacingOccurrences(of: "      name: TEXT", with: "      rank: INTEGER\n      name: TEXT"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(report.warnings.undeclared.contains(SchemaObject(kind: .column, name: "legacy", table: "people")))
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('people')") }
                == ["id", "rank", "name", "legacy"])
        #expect(try space.typedRows("SELECT id, legacy FROM people ORDER BY id").map { $0["legacy"] }
                == [Stored.integer(100), Stored.integer(200), Stored.integer(7)])
        #expect(try space.value("SELECT dflt_value FROM pragma_table_info('people') WHERE name = 'legacy'", as: String.self) == "7")
        try finishes(space)
    }

    // MARK: What cannot be planned

    @Test func aRenameWhoseOldAndNewNamesBothExistIsRefused() throws {
        let space = try prepared()
        try space.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        try space.writeSchema(Self.schema(table: "users", renamedFrom: "people"))
        try space.expectFailedSync { error in
            guard let message = error.payload(as: ReconcileError.CannotDiff.self)?.detail else { return false }
            return message == DiffError.renameConflict(kind: .table, old: "people", new: "users", table: nil).description
        }

        let other = try prepared()
        try other.execute("ALTER TABLE people ADD COLUMN full_name TEXT")
        try other.writeSchema(Self.schema(column: "full_name", columnRenamedFrom: "name"))
        try other.expectFailedSync { error in
            guard let message = error.payload(as: ReconcileError.CannotDiff.self)?.detail else { return false }
            return message == DiffError.renameConflict(kind: .column, old: "name", new: "full_name", table: "people").description
        }
    }

    @Test func aLeftoverTemporaryTableStopsARebuildOfItsTable() throws {
        let space = try prepared()
        try space.execute("CREATE TABLE _reconciler_new_people (id INTEGER, name TEXT); INSERT INTO _reconciler_new_people VALUES (1, 'x')")
        try space.writeSchema(Self.schema(isUnique: true))
        try space.expectFailedSync { error in
            guard let message = error.payload(as: ReconcileError.CannotPlan.self)?.detail else { return false }
            return message == PlanError.temporaryNameTaken("_reconciler_new_people").description
        }
        // The dry run says the same, and another table's changes are not blocked by it.
        #expect(throws: ReconcileError.self) { try space.reconciler().plan(databaseAt: space.databasePath) }
        try space.writeSchema(Self.schema().replacingOccurrences(of: "      what: TEXT", with: "      what: TEXT\n      at: TEXT"))
        let report = try space.sync()
        #expect(report.warnings.contains(.leftoverTable("_reconciler_new_people")))
    }
}
