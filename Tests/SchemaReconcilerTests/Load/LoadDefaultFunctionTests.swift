import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A function of the app's own that a default calls

/// SQLite reads a default written as SQL only for a row that takes it: the app's own SQLite
/// creates a table whose default calls `uuid()`, and the triggers on it, before it registers
/// the function. The loader's check, which compiles a statement that fires each trigger, stands
/// in for such a function, in every mode, and names the default when something else is wrong.
@Suite struct LoadDefaultFunctionTests {
    /// SQLiteData's key, an AFTER INSERT trigger on its table, and one whose body inserts into
    /// another table with such a key.
    static let items = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: TEXT, primary_key: true, not_null: true, default_sql: "(uuid())" }
              title: TEXT
          log:
            columns:
              id: { type: TEXT, primary_key: true, not_null: true, default_sql: "(uuid())" }
              note: TEXT
        triggers:
          items_ai: CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN INSERT INTO log (note) VALUES (NEW.title); END
          items_au: CREATE TRIGGER items_au AFTER UPDATE ON items BEGIN INSERT INTO log (note) VALUES (NEW.title); END

        """

    @Test func aTriggerOnATableWhoseDefaultCallsTheAppsFunctionLoadsInEveryMode() throws {
        let file = try loadSchema(Self.items)
        #expect(file.standIns.isEmpty)
        #expect(file.defaultFunctions == [UnregisteredSQL(kind: .function, name: "uuid")])
        #expect(file.schema.triggers.map(\.name) == ["items_ai", "items_au"])
        // With the app's function, nothing is stood in for.
        let registered = try SchemaLoader(prepareDatabase: Self.appsFunction(UnregisteredSQL.Counter())).load(yaml: Self.items, url: inMemoryURL)
        #expect(registered.standIns.isEmpty && registered.defaultFunctions.isEmpty)
        var standingIn = SchemaLoader()
        standingIn.standsInForUnregisteredSQL = true
        // Nothing the check compiles depends on what the default gives: no warning either.
        #expect(try standingIn.load(yaml: Self.items, url: inMemoryURL).standIns.isEmpty)
    }

    /// The check makes the tables in groups: a row that takes a default compiles without the
    /// parent its foreign key names, which another group holds.
    @Test func aDefaultIsCheckedWhereTheParentOfItsTableIsInAnotherGroup() throws {
        let count = DeclaredSQLCheck.tablesPerDatabase + 1
        let tables = (1...count).map { number in
            let reference = number == 1 ? "" : "\n      parent_id: { type: INTEGER, references: t\(number - 1).id }"
            return "  t\(number):\n    columns:\n      id: { type: INTEGER, primary_key: true }" + reference
                + "\n      created_at: { type: TEXT, default_sql: CURRENT_TIMESTAMP }"
        }
        let file = try loadSchema("version: 1.0.0\ntables:\n" + tables.joined(separator: "\n") + "\n")
        #expect(file.schema.tables.count == count)
    }

    @Test func theStandInNeverLetsAnObjectThatCallsTheFunctionItselfThrough() {
        let checked = Self.items.replacingOccurrences(of: "      title: TEXT", with: "      title: { type: TEXT, check: \"uuid() IS NOT title\" }")
        expectError(checked, at: "title:") { .unregistered("uuid", kind: "function", in: "column 'title' of table 'items'", at: $0) }
        let indexed = Self.items.replacingOccurrences(of: "      title: TEXT", with: "      title: TEXT\n    indexes:\n      items_by_title: { columns: [title], where: \"uuid() IS NOT NULL\" }")
        expectError(indexed, at: "items_by_title:") {
            .unregistered("uuid", kind: "function", in: "index 'items_by_title' of table 'items'", at: $0)
        }
        let generated = Self.items.replacingOccurrences(of: "      title: TEXT", with: "      title: { type: TEXT, generated: \"uuid()\" }")
        expectError(generated, at: "title:") { .unregistered("uuid", kind: "function", in: "column 'title' of table 'items'", at: $0) }
        let viewed = Self.items + "views:\n  fresh: SELECT uuid() AS id FROM items\n"
        expectError(viewed, at: "fresh:") { .unregistered("uuid", kind: "function", in: "view 'fresh'", at: $0) }
        let called = Self.items.replacingOccurrences(of: "VALUES (NEW.title); END\n  items_au", with: "VALUES (uuid()); END\n  items_au")
        expectError(called, at: "items_ai:") { .unregistered("uuid", kind: "function", in: "trigger 'items_ai'", at: $0) }
    }

    @Test func aDefaultSQLiteCannotComputeIsRefusedAtTheDefaultNotAtTheTrigger() throws {
        let yaml = Self.items.replacingOccurrences(of: "      note: TEXT", with: "      note: TEXT\n      n: { type: INTEGER, default_sql: \"(abs(1, 2))\" }")
        let error = try #require(loadError(yaml))
        guard case .refusedBySQLite(let what, _, let location) = error else {
            Issue.record("expected SQLite's refusal: \(error)")
            return
        }
        #expect(what == "the default of column 'n' of table 'log'")
        #expect(location == position(of: "\"(abs(1, 2))\"", in: yaml))
    }

    /// The app's `uuid()`, which numbers what it makes.
    static func appsFunction(_ made: UnregisteredSQL.Counter) -> DatabasePreparation {
        { db in db.add(function: DatabaseFunction("uuid", argumentCount: 0, pure: false) { _ in "app-\(made.next())" }) }
    }

    /// Rows the app inserts, through a connection with its function.
    static func insertRows(_ sql: String, in space: Workspace) throws {
        var configuration = Configuration()
        configuration.prepareDatabase(appsFunction(UnregisteredSQL.Counter()))
        try DatabaseQueue(path: space.databasePath, configuration: configuration).write { try $0.execute(sql: sql) }
    }

    @Test func withTheAppsFunctionNothingIsStoodInForAndTheSyncFillsRowsWithIt() throws {
        let space = try Workspace()
        let made = UnregisteredSQL.Counter()
        var options = Reconciler.Options()
        options.prepareDatabase = Self.appsFunction(made)
        try space.writeSchema(Self.items)
        try space.sync(options)
        try Self.insertRows("INSERT INTO items (id, title) VALUES ('a', 'first'), ('b', 'second')", in: space)
        // A column whose default calls the function, added to a table with rows: the copy fills it.
        try space.writeSchema(Self.items.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title: TEXT", with: "      title: TEXT\n      token: { type: TEXT, not_null: true, default_sql: \"(uuid())\" }"))
        let report = try space.sync(options)
        #expect(report.rebuilt("items"))
        let tokens = try space.read { try String.fetchAll($0, sql: "SELECT token FROM items ORDER BY id") }
        #expect(tokens.count == 2 && tokens.allSatisfy { $0.hasPrefix("app-") } && Set(tokens).count == 2, "\(tokens)")
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM log") } == 2)
    }

    @Test func aTriggerAddedToAnExistingDatabaseIsRehearsedAndCheckedWithoutTheFunction() throws {
        let space = try Workspace()
        let untriggered = Self.items.components(separatedBy: "triggers:")[0]
        try space.writeSchema(untriggered)
        try space.sync()
        try Self.insertRows("INSERT INTO items (id, title) VALUES ('a', 'first')", in: space)
        try space.writeSchema(Self.items.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.warnings.isEmpty, "\(plan.warnings)")
        let report = try space.sync()
        #expect(report.plan.changes == [.createTrigger(trigger: "items_ai", table: "items"), .createTrigger(trigger: "items_au", table: "items")])
        // The app's own inserts fire it, with its function.
        try Self.insertRows("INSERT INTO items (id, title) VALUES ('b', 'second')", in: space)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT note FROM log") } == ["second"])
    }

    @Test func withoutTheFunctionASyncCreatesTheSchemaAndWritesNoStandInsValue() throws {
        let space = try Workspace()
        try space.writeSchema(Self.items)
        try space.sync()
        #expect(try space.inspect().triggers.map(\.name) == ["items_ai", "items_au"])
        try Self.insertRows("INSERT INTO items (id, title) VALUES ('a', 'first')", in: space)
        try space.writeSchema(Self.items.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title: TEXT", with: "      title: TEXT\n      token: { type: TEXT, not_null: true, default_sql: \"(uuid())\" }"))
        let bytes = try space.fileBytes()
        // The copy of the rows needs the function: the sync stops there, and changes nothing.
        #expect {
            try space.sync()
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.StepFailed.self) else { return false }
            let step = payload.step
            let sqlite = payload.databaseError
            return step.table == "items" && sqlite.message == "unknown function: uuid()"
        }
        #expect(try space.fileBytes() == bytes)
    }
}
