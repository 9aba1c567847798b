import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Views and triggers compiled against the declared tables

@Suite struct LoadViewCompileTests {
    static let tables = """
        version: 1.0.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: TEXT
          tasks:
            columns:
              id: { type: INTEGER, primary_key: true }
              title: TEXT
              assignee_id: { type: INTEGER, references: users.id }
              updated_at: TEXT

        """

    @Test func aViewWithAMisspeltColumnIsRefusedAtTheView() {
        let yaml = Self.tables + """
            views:
              open_tasks: SELECT t.id, u.email FROM tasks t JOIN users u ON u.id = t.assigne_id
            """
        let error = expectError(yaml, at: "open_tasks") {
            .refusedBySQLite("view 'open_tasks'", message: "no such column: t.assigne_id", at: $0)
        }
        #expect(error?.description
            == "schema.yaml:14:3: error: SQLite refuses view 'open_tasks' as declared: no such column: t.assigne_id")
    }

    @Test func aViewOverAMisspeltDeclaredViewIsRefused() {
        let yaml = Self.tables + """
            views:
              emails: SELECT email FROM users
              first_email: SELECT email FROM emailz LIMIT 1
            """
        // 'emailz' is declared nowhere: it may be a table the database holds, undeclared.
        #expect(throws: Never.self) { try loadSchema(yaml) }
        let wrongColumn = Self.tables + """
            views:
              emails: SELECT email FROM users
              first_email: SELECT mail FROM emails LIMIT 1
            """
        expectError(wrongColumn, at: "first_email") {
            .refusedBySQLite("view 'first_email'", message: "no such column: mail", at: $0)
        }
    }

    @Test func theTriggerThatDoesNotCompileIsNamedAmongThoseTheSameStatementFires() {
        let yaml = Self.tables + """
            triggers:
              tasks_touch: |
                CREATE TRIGGER tasks_touch AFTER UPDATE OF title ON tasks
                BEGIN UPDATE tasks SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id; END
              tasks_log: |
                CREATE TRIGGER tasks_log AFTER UPDATE ON tasks
                BEGIN UPDATE users SET emial = NULL WHERE id = NEW.assignee_id; END
            """
        expectError(yaml, at: "tasks_log:") { .refusedBySQLite("trigger 'tasks_log'", message: "no such column: emial", at: $0) }
    }

    @Test func aTriggerThatWritesAnUndeclaredTableLoads() throws {
        let yaml = Self.tables + """
            triggers:
              tasks_audit: |
                CREATE TRIGGER tasks_audit AFTER DELETE ON tasks
                BEGIN INSERT INTO audit_log (task_id) VALUES (OLD.id); END
            """
        let file = try loadSchema(yaml)
        #expect(file.schema.triggers.count == 1)
    }

    // MARK: The views' columns

    @Test func theViewsColumnsAreReadWhereTheSchemaIsBuilt() throws {
        let yaml = Self.tables + """
            views:
              task_counts: SELECT u.email, count(*) AS total, CAST(count(*) AS INTEGER) AS done FROM users u JOIN tasks t ON t.assignee_id = u.id GROUP BY u.id
              audited: SELECT t.id, a.note FROM tasks t JOIN audit_log a ON a.task_id = t.id
            """
        let file = try loadSchema(yaml)
        #expect(file.viewColumns["task_counts"] == [
            ViewColumn(name: "email", declaredType: "TEXT", affinityType: "TEXT"),
            ViewColumn(name: "total", declaredType: nil),
            ViewColumn(name: "done", declaredType: nil, affinityType: "INT"),
        ])
        // A table the file does not declare may be in the database: the view loads, without
        // columns SQLite could read.
        #expect(file.schema.view(named: "audited") != nil)
        #expect(file.viewColumns["audited"] == nil)
    }

    @Test func aViewOverTheAppsOwnFunctionIsReadOnTheAppsConnection() throws {
        let yaml = Self.tables + """
            views:
              emails: SELECT app_lower(email) AS email FROM users
            """
        let loader = SchemaLoader(prepareDatabase: { db in
            db.add(function: DatabaseFunction("app_lower", argumentCount: 1, pure: true) { $0[0] })
        })
        let file = try loader.load(yaml: yaml, url: inMemoryURL)
        #expect(file.viewColumns["emails"]?.map(\.name) == ["email"])
    }
}
