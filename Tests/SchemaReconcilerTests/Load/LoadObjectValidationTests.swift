import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Views, triggers, names and drop

@Suite struct LoadObjectValidationTests {
    static let users = """
        version: 1.0.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: TEXT
            indexes:
              users_by_email: [email]

        """

    // MARK: Views

    @Test func viewIsItsSelectAlone() {
        expectError(Self.users + "views:\n  v: CREATE VIEW v AS SELECT 1", at: "CREATE VIEW") {
            .invalidValue("CREATE VIEW v AS SELECT 1", for: "v", in: "'views'",
                          reason: "a view is written as its SELECT statement alone, without CREATE VIEW … AS", at: $0)
        }
        expectError(Self.users + "views:\n  v: ''", at: "''") {
            .invalidValue("", for: "v", in: "'views'", reason: "it cannot be empty", at: $0)
        }
    }

    @Test func viewsKeepFileOrderAndAcceptWithAndBlocks() throws {
        let file = try loadSchema(Self.users + """
            views:
              z_last: SELECT 1
              a_first: |
                WITH x AS (SELECT 1) SELECT * FROM x
            """)
        #expect(file.schema.views == [
            Schema.View(name: "z_last", select: "SELECT 1"),
            Schema.View(name: "a_first", select: "WITH x AS (SELECT 1) SELECT * FROM x"),
        ])
    }

    // MARK: Triggers

    @Test func triggerTableIsReadFromTheStatement() throws {
        let file = try loadSchema(Self.users + """
            views:
              emails: SELECT email FROM users
            triggers:
              "audit users": CREATE TRIGGER IF NOT EXISTS main."Audit Users" BEFORE DELETE ON "users" BEGIN SELECT 1; END
              emails_insert: >
                CREATE TRIGGER emails_insert INSTEAD OF INSERT ON main.emails
                BEGIN INSERT INTO users(email) VALUES (NEW.email); END
            """)
        // The statement's spelling of the name is the one SQLite stores, and so the declared one.
        #expect(file.schema.triggers.map(\.name) == ["Audit Users", "emails_insert"])
        #expect(file.schema.triggers.map(\.table) == ["users", "emails"])
    }

    @Test func triggerStatementErrors() {
        expectError(Self.users + "triggers:\n  t: DELETE FROM users", at: "DELETE FROM") {
            .invalidValue("DELETE FROM users", for: "t", in: "'triggers'",
                          reason: "a trigger is written as its whole statement: CREATE TRIGGER t … ON table BEGIN … END",
                          at: $0)
        }
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER other AFTER INSERT ON users BEGIN SELECT 1; END",
                    at: "CREATE TRIGGER") {
            .conflict("trigger 't' is declared with a statement that creates trigger 'other'; "
                      + "the key and the name in CREATE TRIGGER must be the same", at: $0)
        }
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER t BEGIN SELECT 1; END", at: "CREATE TRIGGER") {
            .invalidValue("CREATE TRIGGER t BEGIN SELECT 1; END", for: "t", in: "'triggers'",
                          reason: "the statement has no 'ON table' before BEGIN", at: $0)
        }
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER t AFTER INSERT ON userz BEGIN SELECT 1; END",
                    at: "CREATE TRIGGER") {
            .undeclaredReference("table 'userz' after ON", in: "trigger 't'", suggestion: "users", at: $0)
        }
        expectError(Self.users + "triggers:\n  t: CREATE TEMP TRIGGER t AFTER INSERT ON users BEGIN SELECT 1; END",
                    at: "CREATE TEMP") {
            .invalidValue("CREATE TEMP TRIGGER t AFTER INSERT ON users BEGIN …", for: "t", in: "'triggers'",
                          reason: "a TEMP trigger lives only as long as the connection that creates it; declare it without TEMP",
                          at: $0)
        }
    }

    // MARK: What SQLite itself refuses

    @Test func whatSQLiteRefusesToCreateIsInvalidInputAtItsDeclaration() {
        let table = "tables:\n  t:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n"
        let oneStatement = "it holds more than one SQL statement; write only its own SQL, without ';'"
        let cases: [(yaml: String, needle: String, what: String, message: String)] = [
            (table + "      a: { type: TEXT, check: \"a >>> 0\" }\n", "t:", "table 't'", #"near ">": syntax error"#),
            (table + "      a: { type: TEXT, default_sql: \"(id + 1)\" }\n", "t:", "table 't'",
             "default value of column [a] is not constant"),
            (table + "      a: { type: INTEGER, generated: \"missing + 1\" }\n", "t:", "table 't'", "no such column: missing"),
            (table + "    indexes:\n      t_a: { columns: [id], where: \"id >\" }\n", "t_a:", "index 't_a' of table 't'",
             "incomplete input"),
            (table + "views:\n  v: SELECT id FROM t; DELETE FROM t\n", "v:", "view 'v'", oneStatement),
            (table + "views:\n  v: SELECT id FROM t WHERE id >>> 1\n", "v:", "view 'v'", #"near ">": syntax error"#),
            (table + "triggers:\n  tr: CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELEC 1; END\n", "tr:", "trigger 'tr'",
             #"near "SELEC": syntax error"#),
            (table + "triggers:\n  tr: CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END; DROP TABLE t\n", "tr:",
             "trigger 'tr'", oneStatement),
        ]
        for (yaml, needle, what, message) in cases {
            expectError("version: 1.0.0\n" + yaml, at: needle) { .refusedBySQLite(what, message: message, at: $0) }
        }
    }

    @Test func viewsAndTriggersMayReadTablesTheFileDoesNotDeclare() throws {
        // A view over an FTS table that an upgrade creates, say: only its syntax is checked.
        let file = try loadSchema(Self.users + """
            views:
              found: SELECT rowid FROM users_fts WHERE users_fts MATCH 'x'
            triggers:
              users_indexed: CREATE TRIGGER users_indexed AFTER INSERT ON users BEGIN INSERT INTO users_fts (rowid) VALUES (NEW.rowid); END
            """)
        #expect(file.schema.views.map(\.name) == ["found"])
    }

    // MARK: One namespace, reserved names

    @Test func tablesViewsAndIndexesShareOneNamespace() {
        let namespace = "tables, views and indexes share one namespace in SQLite (letter case aside), so choose another name"
        expectError(Self.users + "views:\n  Users_By_Email: SELECT 1", at: "Users_By_Email") {
            .conflict("view 'Users_By_Email' has the same name as index 'users_by_email' of table 'users' at line 8; \(namespace)",
                      at: $0)
        }
        expectError(Self.users + "views:\n  USERS: SELECT 1", "conflict", at: "USERS")
        expectError("""
            version: 1.0.0
            tables:
              a:
                columns: { x: TEXT }
                indexes: { ix: [x] }
              b:
                columns: { x: TEXT }
                indexes: { ix: [x] }
            """, at: "ix", occurrence: 2) {
            .conflict("index 'ix' of table 'b' has the same name as index 'ix' of table 'a' at line 5; \(namespace)", at: $0)
        }
    }

    @Test func reservedPrefixes() {
        let sqlite = expectError(Self.users + "views:\n  sqlite_report: SELECT 1", at: "sqlite_report") {
            .reservedName("sqlite_report", kind: "view", prefix: "sqlite_", at: $0)
        }
        #expect(sqlite?.message == "view name 'sqlite_report' is reserved: names starting with 'sqlite_' belong to "
            + "SQLite's own objects; choose another name")
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                indexes: { SQLite_autoindex_t_1: [a] }
            """, "reservedName", at: "SQLite_autoindex")
        let reconciler = expectError("""
            version: 1.0.0
            tables:
              _reconciler_state:
                columns: { a: TEXT }
            """, at: "_reconciler_state") { .reservedName("_reconciler_state", kind: "table", prefix: "_reconciler", at: $0) }
        #expect(reconciler?.message == "table name '_reconciler_state' is reserved: names starting with '_reconciler' belong to "
            + "the reconciler's own state; choose another name")
        expectError(Self.users + "triggers:\n  _Reconciler_t: CREATE TRIGGER _Reconciler_t AFTER INSERT ON users BEGIN SELECT 1; END",
                    "reservedName", at: "_Reconciler_t")
        expectError(Self.users + "drop:\n  tables: [sqlite_sequence]", "reservedName", at: "sqlite_sequence")
    }

    // MARK: Drop

    @Test func dropNamesOnlyUndeclaredObjects() {
        expectError(Self.users + "drop:\n  tables: [old, Users]", at: "Users]") {
            .conflict("table 'Users' is listed under drop but table 'users' is declared; remove it from drop, "
                      + "or remove its declaration", at: $0)
        }
        expectError(Self.users + "drop:\n  columns: { users: [password, EMAIL] }", "conflict", at: "EMAIL")
        let people = expectError(Self.users + "drop:\n  columns: { people: [password] }", at: "people") {
            .undeclaredReference("table 'people'", in: "'drop.columns' (keyed by the declared table name)", suggestion: nil,
                                 at: $0)
        }
        #expect(people?.message
            == "'drop.columns' (keyed by the declared table name) names table 'people', which this file does not declare")
        expectError(Self.users + "drop:\n  indexes: [users_by_email]", "conflict", at: "users_by_email]")
        expectError(Self.users + "views:\n  v: SELECT 1\ndrop:\n  views: [v]", "conflict", at: "v]")
        expectError(Self.users + "triggers:\n  tr: CREATE TRIGGER tr AFTER INSERT ON users BEGIN SELECT 1; END\n"
                    + "drop:\n  triggers: [TR]", "conflict", at: "TR]")
    }

    @Test func dropDoesNotNameWhatIsRenamed() {
        let yaml = """
            version: 1.0.0
            tables:
              users:
                renamed_from: people
                columns: { id: INTEGER }
            drop:
              tables: [people]
            """
        expectError(yaml, at: "people]") {
            .conflict("table 'people' is listed under drop but table 'users' is renamed_from it; a renamed object keeps its "
                      + "data: remove it from drop, or remove the renamed_from", at: $0)
        }
    }

    @Test func dropMustBeLists() {
        expectError(Self.users + "drop:\n  tables: legacy", at: "legacy") {
            .wrongType("tables", in: "'drop'", expected: "a list such as [a, b]", found: "'legacy'", at: $0)
        }
    }

    @Test func dropColumnsKeepFileOrder() throws {
        let file = try loadSchema("""
            version: 1.0.0
            tables:
              z: { columns: { a: TEXT } }
              a: { columns: { a: TEXT } }
            drop:
              columns: { z: [x, y], a: [b] }
            """)
        #expect(file.drop.columns(of: "z") == ["x", "y"] && file.drop.columns(of: "a") == ["b"])
        #expect(file.drop.columns(of: "Z") == ["x", "y"])
        #expect(file.locations[.dropped(.column, "y", table: "z")] == at(6, 21))
    }

    // MARK: Top level

    @Test func anOptionalSectionLeftEmptyDeclaresNothing() throws {
        let file = try loadSchema(Self.users + """
            views:
              # none yet
            triggers:
            drop: ~
            upgrades:
            """)
        #expect(file.schema.views.isEmpty && file.schema.triggers.isEmpty && file.upgrades.isEmpty)
    }

    @Test func mergeKeysAreRefusedWithAMessageThatSaysSo() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns:
                  id: &id { type: INTEGER, primary_key: true }
                  other:
                    <<: *id
            """, at: "<<") {
            .conflict("YAML merge keys (<<) are not supported; write the keys out "
                      + "(an alias such as *name can stand for a whole value)", at: $0)
        }
    }

    @Test func versionAndTablesAreRequired() {
        let version = expectError("tables: {}\n", at: "tables") {
            .missingKey("version", in: "the top level of the file", at: $0)
        }
        #expect(version?.message
            == "missing key 'version' in the top level of the file; add version: 1.0.0 (the app version this schema belongs to)")
        let tables = expectError("version: 1.0.0\n", at: "version") {
            .missingKey("tables", in: "the top level of the file", at: $0)
        }
        #expect(tables?.message == "missing key 'tables' in the top level of the file; add tables: {} when there are none yet")
        let nullTables = loadError("version: 1.0.0\ntables:\n")
        #expect(nullTables == .wrongType("tables", in: "the top level of the file",
                                         expected: "a mapping of table names to tables ({} for none)",
                                         found: "an empty value", at: at(2, 8)))
        let empty = loadError("# nothing yet\n")
        #expect(empty?.caseName == "missingKey")
        #expect(empty?.location == at(1, 1))
        let list = expectError("- a\n- b\n", at: "- a") {
            .wrongType("", in: "the file", expected: "a mapping with 'version' and 'tables'", found: "a list", at: $0)
        }
        #expect(list?.message == "the file must be a mapping with 'version' and 'tables', not a list")
    }
}
