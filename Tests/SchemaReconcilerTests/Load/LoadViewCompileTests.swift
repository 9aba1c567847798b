import Foundation
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
        let error = expectError(yaml, "refusedBySQLite", at: "open_tasks", mentioning: ["no such column: t.assigne_id"])
        #expect(error?.description.contains("view 'open_tasks'") == true)
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
        expectError(wrongColumn, "refusedBySQLite", at: "first_email", mentioning: ["no such column: mail"])
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
        expectError(yaml, "refusedBySQLite", at: "tasks_log:", mentioning: ["no such column: emial"])
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
}
