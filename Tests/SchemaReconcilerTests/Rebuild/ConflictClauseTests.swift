import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Conflict clauses

/// `ON CONFLICT` on a PRIMARY KEY, NOT NULL or UNIQUE, declared with `on_conflict`: created,
/// inspected, compared, and changed in place or by a rebuild, every row kept.
@Suite struct ConflictClauseTests {
    /// SQLiteData's canonical table: a UUID key the database fills, NOT NULL ON CONFLICT REPLACE
    /// columns that take their default for NULL (and one without the clause), STRICT.
    static let reminders = """
        version: 1.0.0
        tables:
          settings:
            columns:
              key:   { type: TEXT, primary_key: { on_conflict: replace } }
              value: TEXT
          remindersLists:
            strict: true
            columns:
              id:    { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, default_sql: (uuid()) }
              color: { type: INTEGER, not_null: true, default: 4889071 }
              title: { type: TEXT, not_null: { on_conflict: replace }, default: "" }
        """

    /// The statement SQLiteData writes for that table, as `sqlite_master` stores the synced one.
    static let remindersSQL = """
        CREATE TABLE "remindersLists" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "color" INTEGER NOT NULL DEFAULT 4889071,
          "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT ''
        ) STRICT
        """

    /// Options whose connections know `uuid()`, as SQLiteData's app registers it.
    static var appOptions: Reconciler.Options {
        var options = Reconciler.Options()
        options.prepareDatabase = registerUUID
        return options
    }

    @Sendable static func registerUUID(_ db: Database) {
        db.add(function: DatabaseFunction("uuid", argumentCount: 0, pure: false) { _ in UUID().uuidString.lowercased() })
    }

    // MARK: Creating

    /// The declared table is created as SQLiteData writes it, and behaves so: NULL takes the
    /// default (the key's too); and where the key says REPLACE, the same key twice replaces the row.
    @Test func sqliteDataTableIsCreatedAndBehavesAsTheAppExpects() throws {
        let space = try Workspace()
        try space.writeSchema(Self.reminders)
        try space.sync(Self.appOptions)
        #expect(try space.tableDefinition("remindersLists") == Self.remindersSQL)
        #expect(try space.remainingChanges() == [])

        try Self.appQueue(space).write { db in
            try db.execute(sql: "INSERT INTO remindersLists (id, title) VALUES ('a', NULL)")
            try db.execute(sql: "INSERT INTO remindersLists (id, title) VALUES (NULL, 'Groceries')")
            try db.execute(sql: "INSERT INTO settings VALUES ('theme', 'dark'), ('theme', 'light')")
        }
        #expect(try space.typedRows("SELECT id, title, color FROM remindersLists WHERE id = 'a'") == [
            ["id": Stored.text("a"), "title": Stored.text(""), "color": Stored.integer(4889071)],
        ])
        #expect(try space.value("SELECT length(id) FROM remindersLists WHERE title = 'Groceries'", as: Int.self) == 36)
        #expect(try space.typedRows("SELECT * FROM settings") == [["key": Stored.text("theme"), "value": Stored.text("light")]])
        // The key of remindersLists says nothing of a conflict, nor does `color`: both refuse.
        for refused in ["INSERT INTO remindersLists (id) VALUES ('a')", "INSERT INTO remindersLists (color) VALUES (NULL)"] {
            #expect(throws: DatabaseError.self) { try Self.appQueue(space).write { try $0.execute(sql: refused) } }
        }
        #expect(try !space.sync(Self.appOptions).didChange)
    }

    /// A new column with `not_null: { on_conflict: replace }` is added with its clause.
    @Test func aNewColumnIsAddedWithItsClause() throws {
        let space = try Workspace()
        try space.writeSchema(Self.reminders)
        try space.sync(Self.appOptions)
        try Self.appQueue(space).write { try $0.execute(sql: "INSERT INTO remindersLists (id, title) VALUES ('a', 'A')") }
        try space.writeSchema(Self.reminders.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            + "\n      position: { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }\n")
        let report = try space.sync(Self.appOptions)
        #expect(report.statements.contains(
            #"ALTER TABLE "remindersLists" ADD COLUMN "position" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0"#))
        try Self.appQueue(space).write { try $0.execute(sql: "UPDATE remindersLists SET position = NULL") }
        #expect(try space.value("SELECT position FROM remindersLists", as: Int.self) == 0)
        #expect(try space.remainingChanges() == [])
    }

    // MARK: Inspecting

    /// `reconcile inspect` writes the clauses (exit 0, nothing "not declarable"); the file
    /// builds a database whose tables say the same, and adopts the original without a change.
    @Test func inspectWritesTheClausesAndTheFileAdoptsTheDatabaseUnchanged() throws {
        let space = try Workspace()
        try Self.appQueue(space).writeWithoutTransaction { try $0.execute(sql: Self.remindersSQL + """
            ;
            CREATE TABLE "tags" ("title" TEXT NOT NULL ON CONFLICT IGNORE, "listID" TEXT, "rank" INTEGER,
              PRIMARY KEY ("title", "listID") ON CONFLICT FAIL, UNIQUE ("listID", "rank") ON CONFLICT IGNORE);
            INSERT INTO remindersLists (id, title) VALUES ('a', 'A');
            INSERT INTO tags VALUES ('x', 'a', 1);
            """) }
        let inspect = try ReconcileCommand.run(["inspect"], in: space.url)
        #expect(inspect.status == 0, "\(inspect.error)")
        #expect(!inspect.output.contains("not declarable") && !inspect.error.contains("not declarable"))
        #expect(inspect.output.contains(
            "id: {type: TEXT, primary_key: true, not_null: {on_conflict: replace}, default_sql: uuid()}"), "\(inspect.output)")
        #expect(inspect.output.contains("title: {type: TEXT, not_null: {on_conflict: replace}, default: ''}"), "\(inspect.output)")
        #expect(inspect.output.contains("primary_key: {columns: [title, listID], on_conflict: fail}"), "\(inspect.output)")
        #expect(inspect.output.contains("- {columns: [listID, rank], on_conflict: ignore}"), "\(inspect.output)")

        try space.writeSchema(inspect.output)
        let before = try space.objectSQL()
        let adopted = try space.sync(Self.options(legacy: "1.0.0"))
        #expect(adopted.plan.steps.isEmpty && adopted.statements.isEmpty)
        #expect(try space.objectSQL() == before)

        let fresh = try Workspace()
        try fresh.writeSchema(inspect.output)
        try fresh.sync(Self.appOptions)
        #expect(try fresh.inspect().tables.map(\.conflictResolutions) == space.inspect().tables.map(\.conflictResolutions))
        try Self.appQueue(fresh).write { db in
            try db.execute(sql: "INSERT INTO tags VALUES ('x', 'a', 1)")
            try db.execute(sql: "INSERT INTO tags VALUES (NULL, 'a', 5)")                // ignored: NOT NULL
            try db.execute(sql: "INSERT INTO tags VALUES ('y', 'a', 1), ('z', 'a', 2)")  // 'y' ignored: UNIQUE
        }
        #expect(try fresh.value("SELECT group_concat(title) FROM (SELECT title FROM tags ORDER BY title)", as: String.self) == "x,z")
        #expect(throws: DatabaseError.self) {   // FAIL on the key
            try Self.appQueue(fresh).write { try $0.execute(sql: "INSERT INTO tags VALUES ('z', 'a', 3)") }
        }
    }

    /// Each of SQLite's five resolutions, on each constraint that takes one, reads back through
    /// `inspect` and builds the same table; `abort`, SQLite's default, is the same as none.
    @Test(arguments: ConflictResolution.allCases)
    func everyResolutionRoundTripsThroughInspect(_ resolution: ConflictResolution) throws {
        let clause = "ON CONFLICT " + resolution.sql
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE a (id TEXT PRIMARY KEY \(clause), n TEXT NOT NULL \(clause) DEFAULT '', u TEXT UNIQUE \(clause));
            CREATE TABLE b (x TEXT, y TEXT, PRIMARY KEY (x, y) \(clause), UNIQUE (y, x) \(clause));
            """)
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(inspected.isComplete, "\(inspected.undeclarable)")
        let written = resolution == .abort ? [] : [
            "id: {type: TEXT, primary_key: {on_conflict: \(resolution.name)}}",
            "n: {type: TEXT, not_null: {on_conflict: \(resolution.name)}, default: ''}",
            "u: {type: TEXT, unique: {on_conflict: \(resolution.name)}}",
            "primary_key: {columns: [x, y], on_conflict: \(resolution.name)}",
            "- {columns: [y, x], on_conflict: \(resolution.name)}",
        ]
        for line in written { #expect(inspected.yaml.contains(line), "\(inspected.yaml)") }
        #expect(!inspected.yaml.contains("on_conflict") || resolution != .abort)

        let file = try #require(inspected.file)
        let expected: [KeptClauses.Constraint: ConflictResolution] = resolution == .abort ? [:] : [
            .primaryKey(columns: ["id"]): resolution, .notNull(column: "n"): resolution, .unique(columns: ["u"]): resolution,
        ]
        #expect(file.schema.table(named: "a")?.conflictResolutions == expected)
        let fresh = space.url.appendingPathComponent("fresh.sqlite").path
        try Reconciler(schema: file).sync(databaseAt: fresh)
        let rebuilt = try DatabaseQueue(path: fresh).read { try SchemaInspector().inspect($0) }
        #expect(rebuilt.tables.map(\.conflictResolutions) == (try space.inspect()).tables.map(\.conflictResolutions))
        #expect(try Reconciler(schema: file, options: Self.options(legacy: "1.0.0")).plan(databaseAt: space.databasePath)
            .steps.isEmpty)
    }

    // MARK: Changing

    /// A table with rows whose clauses change: one added, one changed, one removed. A clause
    /// never changes a stored row, so the definition is written in place, and every row stays.
    @Test func aChangedClauseIsAnEditInPlaceThatKeepsEveryRow() throws {
        let space = try Self.listsWithRows()
        try space.writeSchema(Self.changedClauses)
        let plan = try space.reconciler(Self.appOptions).plan(databaseAt: space.databasePath)
        #expect(Set(plan.changes) == [
            .alterTable(table: "remindersLists", difference: .conflictResolution(constraint: .primaryKey(columns: ["id"]),
                                                                                 from: nil, to: .ignore)),
            .alterTable(table: "remindersLists", difference: .conflictResolution(constraint: .notNull(column: "color"),
                                                                                 from: nil, to: .replace)),
            .alterTable(table: "remindersLists", difference: .conflictResolution(constraint: .notNull(column: "title"),
                                                                                 from: .replace, to: nil)),
        ])
        let report = try space.syncComparingWithItsDryRun(options: Self.appOptions)
        #expect(report.editedInPlace("remindersLists") && !report.rebuilt("remindersLists"))
        try Self.expectChangedBehaviour(space)
    }

    /// On a connection that must stay in defensive mode, the definition cannot be edited: the
    /// table is copied, with every row, and gets its new clauses all the same.
    @Test func aChangedClauseIsARebuildWhereEditsAreNotAllowed() throws {
        let space = try Self.listsWithRows()
        try space.writeSchema(Self.changedClauses)
        var options = Self.appOptions
        options.allowsDefensiveModeOff = false
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.setDefensive(true)
            Self.registerUUID(db)
        }
        let queue = try DatabaseQueue(path: space.databasePath, configuration: configuration)
        let report = try space.reconciler(options).sync(queue)
        #expect(report.rebuilt("remindersLists"))
        try Self.expectChangedBehaviour(space)
    }

    /// A clause changed along with a change that needs a copy of the table (a new column order):
    /// the copy carries the new clauses and every row.
    @Test func aChangedClauseRidesAlongARebuild() throws {
        let space = try Self.listsWithRows()
        try space.writeSchema(Self.changedClauses
            .replacingOccurrences(of: "      color: { type: INTEGER, not_null: { on_conflict: replace }, default: 4889071 }\n", with: "")
            + "\n      color: { type: INTEGER, not_null: { on_conflict: replace }, default: 4889071 }\n")
        let report = try space.syncComparingWithItsDryRun(options: Self.appOptions)
        #expect(report.rebuilt("remindersLists"))
        #expect(report.plan.changes.contains(.alterTable(table: "remindersLists", difference: .conflictResolution(
            constraint: .notNull(column: "title"), from: .replace, to: nil))))
        try Self.expectChangedBehaviour(space)
    }

    /// An undeclared column keeps its clause through a rebuild of its table.
    @Test func anUndeclaredColumnKeepsItsClauseThroughARebuild() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT, legacy TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'x');
            INSERT INTO notes (id, body) VALUES ('a', 'b');
            """)
        try space.writeSchema("""
            version: 1.0.0
            tables:
              notes:
                columns:
                  id: { type: TEXT, primary_key: true }
                  body: BLOB
            """)
        let report = try space.sync(Self.options(legacy: "1.0.0"))
        #expect(report.rebuilt("notes"))
        #expect(try space.tableDefinition("notes")?.contains(#""legacy" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'x'"#) == true)
        #expect(try space.value("SELECT count(*) FROM notes", as: Int.self) == 1)
    }

    // MARK: A rebuild never loses a row to a conflict clause

    /// Values the old column kept apart ('1' as text, 1 as an integer) become one value in the
    /// new INTEGER column, whose UNIQUE says IGNORE (or REPLACE): the copy would drop or overwrite
    /// a row without a word. It copies with OR ABORT: the sync fails, and the file is unchanged.
    @Test(arguments: [ConflictResolution.ignore, .replace])
    func aCopyThatWouldLoseARowFailsAndChangesNothing(_ resolution: ConflictResolution) throws {
        let space = try Workspace()
        try space.writeSchema("""
            version: 1.0.0
            tables:
              codes:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  code: { unique: { on_conflict: \(resolution.name) } }
            """)
        try space.sync()
        try space.execute("INSERT INTO codes (id, code) VALUES (1, '1'), (2, 1), (3, 'x')")
        try space.writeSchema("""
            version: 1.1.0
            tables:
              codes:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  code: { type: INTEGER, unique: { on_conflict: \(resolution.name) } }
            """)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        let copy = try #require(plan.steps.first { $0.isRebuild }?.rowCopy)
        #expect(copy.hasPrefix(#"INSERT OR ABORT INTO "_reconciler_new_codes""#))
        try space.expectFailedSync { error in
            error.description.contains("UNIQUE constraint failed")
        }
        #expect(try space.value("SELECT count(*) FROM codes", as: Int.self) == 3)
    }

    // MARK: Helpers

    /// ``reminders`` at 1.1.0 with its clauses changed: `color` gains REPLACE, `title` loses it,
    /// the key gains IGNORE.
    static let changedClauses = reminders.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "color: { type: INTEGER, not_null: true,", with: "color: { type: INTEGER, not_null: { on_conflict: replace },")
        .replacingOccurrences(of: "title: { type: TEXT, not_null: { on_conflict: replace },", with: "title: { type: TEXT, not_null: true,")
        .replacingOccurrences(of: "primary_key: true, not_null: { on_conflict: replace }",
                              with: "primary_key: { on_conflict: ignore }, not_null: { on_conflict: replace }")

    /// A database synced from ``reminders``, with three lists.
    static func listsWithRows() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(reminders)
        try space.sync(appOptions)
        try appQueue(space).write { db in
            try db.execute(sql: "INSERT INTO remindersLists (id, color, title) VALUES ('a', 1, 'A'), ('b', 2, 'B'), ('c', 3, NULL)")
        }
        return space
    }

    /// After ``changedClauses``: every row kept, and each constraint behaves as it now says.
    static func expectChangedBehaviour(_ space: Workspace, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(try space.typedRows("SELECT id, color, title FROM remindersLists ORDER BY id") == [
            ["id": Stored.text("a"), "color": Stored.integer(1), "title": Stored.text("A")],
            ["id": Stored.text("b"), "color": Stored.integer(2), "title": Stored.text("B")],
            ["id": Stored.text("c"), "color": Stored.integer(3), "title": Stored.text("")],
        ], sourceLocation: sourceLocation)
        #expect(try space.remainingChanges() == [], sourceLocation: sourceLocation)
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok", sourceLocation: sourceLocation)
        try appQueue(space).write { db in
            try db.execute(sql: "INSERT INTO remindersLists (id, color, title) VALUES ('a', NULL, 'ignored')")
        }
        #expect(try space.value("SELECT title FROM remindersLists WHERE id = 'a'", as: String.self) == "A",
                sourceLocation: sourceLocation)
        try appQueue(space).write { db in try db.execute(sql: "INSERT INTO remindersLists (id, color) VALUES ('d', NULL)") }
        #expect(try space.value("SELECT color FROM remindersLists WHERE id = 'd'", as: Int.self) == 4889071,
                sourceLocation: sourceLocation)
        #expect(throws: DatabaseError.self, sourceLocation: sourceLocation) {
            try appQueue(space).write { try $0.execute(sql: "INSERT INTO remindersLists (id, title) VALUES ('e', NULL)") }
        }
    }

    /// A connection to the workspace's database that knows `uuid()`, as the app's does.
    static func appQueue(_ space: Workspace) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.keepsWALFiles = false
            registerUUID(db)
        }
        return try DatabaseQueue(path: space.databasePath, configuration: configuration)
    }

    /// ``appOptions`` for a database without stored state, taken to be at `legacy`.
    static func options(legacy: SemanticVersion) -> Reconciler.Options {
        var options = appOptions
        options.legacyVersion = legacy
        return options
    }
}

extension Workspace {
    /// Every object's stored SQL, the reconciler's own tables aside.
    func objectSQL() throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master
                WHERE tbl_name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY type, name
                """)
        }
    }
}
