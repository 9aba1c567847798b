import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Views and triggers that change, alone or with a rebuild

@Suite struct RebuildViewsAndTriggersTests {
    static func schema(scoreType: String = "INTEGER", adults: String = "SELECT id, name, age FROM people WHERE age >= 18",
                       names: String = "SELECT name FROM adults", trigger: String = "'born ' || NEW.name") -> String {
        """
        version: 1.0.0
        tables:
          people:
            columns:
              id:    { type: INTEGER, primary_key: true }
              name:  TEXT
              age:   INTEGER
              score: \(scoreType)
          log:
            columns:
              id:   { type: INTEGER, primary_key: true }
              what: TEXT
        views:
          adults: \(adults)
          adult_names: \(names)
        triggers:
          people_born: |
            CREATE TRIGGER people_born AFTER INSERT ON people
            BEGIN INSERT INTO log (what) VALUES (\(trigger)); END
        """
    }

    static let seed = "INSERT INTO people (id, name, age, score) VALUES (1, 'Ada', 36, 10), (2, 'Kid', 9, 3), (3, 'Bob', 18, '7');"

    func prepared() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.schema())
        try space.sync()
        try space.execute(Self.seed + "DELETE FROM log;")
        return space
    }

    func names(_ space: Workspace, from view: String) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT name FROM \(view) ORDER BY name") }
    }

    func finishes(_ space: Workspace, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(try space.remainingChanges() == [], sourceLocation: sourceLocation)
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange, sourceLocation: sourceLocation)
        #expect(try space.fileBytes() == bytes, sourceLocation: sourceLocation)
    }

    @Test func aChangedViewIsRecreated() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(adults: "SELECT id, name, age FROM people WHERE age >= 21",
                                          names: "SELECT name FROM people WHERE age >= 21"))
        let report = try space.sync()
        #expect(report.plan.steps.contains { $0.action == .dropView(view: "adults") && $0.changes == [.recreateView(view: "adults")] })
        #expect(try names(space, from: "adults") == ["Ada"])
        #expect(try names(space, from: "adult_names") == ["Ada"])
        try finishes(space)
    }

    @Test func aViewOverAViewThatChangesStillWorks() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(adults: "SELECT id, upper(name) AS name, age FROM people WHERE age >= 18"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action).contains(.dropView(view: "adults")))
        #expect(!report.plan.steps.map(\.action).contains(.dropView(view: "adult_names")))
        #expect(try names(space, from: "adult_names") == ["ADA", "BOB"])
        try finishes(space)
    }

    @Test func bothViewsChangeTogether() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(adults: "SELECT id, name AS who, age FROM people WHERE age >= 18",
                                          names: "SELECT who AS name FROM adults WHERE who <> 'Bob'"))
        try space.sync()
        #expect(try names(space, from: "adult_names") == ["Ada"])
        try finishes(space)
    }

    @Test func aChangedTriggerIsRecreatedAndFiresTheNewWay() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(trigger: "'welcome ' || upper(NEW.name)"))
        let report = try space.sync()
        #expect(report.plan.steps.contains {
            $0.action == .dropTrigger(trigger: "people_born") && $0.changes == [.recreateTrigger(trigger: "people_born", table: "people")]
        })
        try space.execute("INSERT INTO people (name, age) VALUES ('Grace', 40)")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["welcome GRACE"])
        try finishes(space)
    }

    @Test func viewsAndATriggerThatChangeWithARebuildOfTheirTable() throws {
        let space = try prepared()
        try space.writeSchema(Self.schema(scoreType: "REAL", adults: "SELECT id, name, age, score FROM people WHERE age >= 18",
                                          trigger: "'new ' || NEW.name || ' ' || typeof(NEW.score)"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.typedRows("SELECT score FROM adults ORDER BY id").map { $0["score"] } == [Stored.real(10), Stored.real(7)])
        #expect(try names(space, from: "adult_names") == ["Ada", "Bob"])
        try space.execute("INSERT INTO people (name, age, score) VALUES ('Grace', 40, 1)")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["new Grace real"])
        try finishes(space)
    }

    @Test func undeclaredViewsAndTriggersSurviveARebuild() throws {
        let space = try prepared()
        try space.execute("""
            CREATE VIEW scores AS SELECT name, score FROM people;
            CREATE TRIGGER people_gone AFTER DELETE ON people BEGIN INSERT INTO log (what) VALUES ('gone ' || OLD.name); END;
            CREATE INDEX people_by_age ON people (age) WHERE age IS NOT NULL;
            """)
        try space.writeSchema(Self.schema(scoreType: "REAL"))
        let report = try space.sync()
        #expect(report.rebuilt("people"))
        #expect(try space.objectNames("view") == ["adult_names", "adults", "scores"])
        #expect(try space.objectNames("trigger") == ["people_born", "people_gone"])
        #expect(try space.objectNames("index") == ["people_by_age"])
        #expect(try space.typedRows("SELECT score FROM scores WHERE name = 'Bob'") == [["score": Stored.real(7)]])
        try space.execute("DELETE FROM people WHERE id = 2")
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["gone Kid"])
        #expect(try space.read { try Int64.fetchAll($0, sql: "SELECT id FROM people INDEXED BY people_by_age WHERE age > 20") } == [1])
        try finishes(space)
    }

    // MARK: Views and triggers that a drop would break

    static let withNote = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id:   { type: INTEGER, primary_key: true }
              body: TEXT
              old:  TEXT
          log:
            columns:
              what: TEXT
        """

    /// A database whose undeclared view and trigger use `notes.old`.
    func preparedWithDependents() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.withNote)
        try space.sync()
        try space.execute("""
            CREATE VIEW old_bodies AS SELECT old FROM notes;
            CREATE TRIGGER notes_logged AFTER UPDATE ON notes BEGIN INSERT INTO log (what) VALUES (NEW.old); END;
            INSERT INTO notes (id, body, old) VALUES (1, 'kept', 'gone');
            """)
        return space
    }

    /// The same schema without `old`, which `drop` names; `body` NOT NULL when `rebuild` is true.
    static func droppingOld(rebuild: Bool, alsoDrop: String = "") -> String {
        """
        version: 1.1.0
        tables:
          notes:
            columns:
              id:   { type: INTEGER, primary_key: true }
              body: { type: TEXT, not_null: \(rebuild) }
          log:
            columns:
              what: TEXT
        drop:
          columns: { notes: [old] }
        \(alsoDrop)
        """
    }

    @Test(arguments: [true, false])
    func aDroppedColumnThatAViewOrTriggerUsesIsRefused(rebuild: Bool) throws {
        let space = try preparedWithDependents()
        try space.writeSchema(Self.droppingOld(rebuild: rebuild))
        // The dry run knows it already, from SQLite itself: a rebuild would leave the view and the
        // trigger broken, and SQLite refuses the native DROP COLUMN.
        let warnings = try space.reconciler().plan(databaseAt: space.databasePath).warnings
        if rebuild {
            let broken = warnings.compactMap { $0.payload(as: SyncWarning.WouldBreak.self)?.object.kind }
            #expect(broken == [.view(name: "old_bodies"), .triggers(names: ["notes_logged"], table: "notes", event: "UPDATE")])
        } else {
            #expect(warnings.contains {
                $0.payload(as: SyncWarning.StepWillFail.self)?.step.action == .dropColumn(table: "notes", column: "old")
            })
        }
        try space.expectFailedSync { error in
            // A native DROP COLUMN is refused by SQLite itself; a rebuild by the check that follows it.
            if let broken = error.payload(as: ReconcileError.BrokenObjects.self) {
                return rebuild && broken.objects.map(\.kind) == [.view(name: "old_bodies"),
                                                                  .triggers(names: ["notes_logged"], table: "notes", event: "UPDATE")]
            }
            if let failed = error.payload(as: ReconcileError.StepFailed.self) {
                return !rebuild && failed.step.table == "notes" && (failed.databaseError.message ?? "").contains("old_bodies")
            }
            return false
        }
    }

    @Test(arguments: [true, false])
    func aDroppedColumnGoesWhenItsViewAndTriggerGoToo(rebuild: Bool) throws {
        let space = try preparedWithDependents()
        try space.writeSchema(Self.droppingOld(rebuild: rebuild, alsoDrop: """
              views: [old_bodies]
              triggers: [notes_logged]
            """))
        try space.sync()
        #expect(try space.objectNames("view") == [])
        #expect(try space.objectNames("trigger") == [])
        #expect(try space.typedRows("SELECT * FROM notes") == [["id": Stored.integer(1), "body": Stored.text("kept")]])
    }

    @Test func aViewBrokenBeforeTheSyncIsReportedAndDoesNotStopIt() throws {
        let space = try Workspace()
        try space.writeSchema(Self.withNote)
        try space.sync()
        try space.execute("CREATE VIEW stale AS SELECT * FROM nowhere")
        try space.writeSchema(Self.withNote.replacingOccurrences(of: "body: TEXT", with: "body: { type: TEXT, unique: true }"))
        let report = try space.sync()
        #expect(report.rebuilt("notes"))
        #expect(report.warnings.contains(.alreadyBroken(BrokenObject(kind: .view(name: "stale"),
                                                                     message: "no such table: main.nowhere"))))
        #expect(try space.objectNames("view") == ["stale"])
    }

    /// A live view's own column list names its columns: a declaration without it is another view.
    @Test func aViewsColumnListIsPartOfItsDefinition() throws {
        let space = try Workspace()
        try space.writeSchema(Self.withNote)
        try space.sync()
        try space.execute("CREATE VIEW bodies (key, text) AS SELECT id, body FROM notes")
        try space.writeSchema(Self.withNote + "\nviews:\n  bodies: SELECT id, body FROM notes\n")
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action) == [.dropView(view: "bodies"), .createView(view: "bodies")])
        let columns = try space.read { try Row.fetchAll($0, sql: "PRAGMA table_info(bodies)").map { $0["name"] as String } }
        #expect(columns == ["id", "body"])
        #expect(try !space.sync().didChange)
    }
}
