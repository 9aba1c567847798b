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
        expectError(Self.users + "views:\n  v: CREATE VIEW v AS SELECT 1", "invalidValue", at: "CREATE VIEW",
                    mentioning: ["without CREATE VIEW"])
        expectError(Self.users + "views:\n  v: ''", "invalidValue", at: "''", mentioning: ["cannot be empty"])
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
        expectError(Self.users + "triggers:\n  t: DELETE FROM users", "invalidValue", at: "DELETE FROM",
                    mentioning: ["CREATE TRIGGER t"])
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER other AFTER INSERT ON users BEGIN SELECT 1; END",
                    "conflict", at: "CREATE TRIGGER", mentioning: ["'other'"])
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER t BEGIN SELECT 1; END", "invalidValue",
                    at: "CREATE TRIGGER", mentioning: ["ON table"])
        expectError(Self.users + "triggers:\n  t: CREATE TRIGGER t AFTER INSERT ON userz BEGIN SELECT 1; END",
                    "undeclaredReference", at: "CREATE TRIGGER", mentioning: ["'userz'", "did you mean 'users'?"])
        expectError(Self.users + "triggers:\n  t: CREATE TEMP TRIGGER t AFTER INSERT ON users BEGIN SELECT 1; END",
                    "invalidValue", at: "CREATE TEMP", mentioning: ["declare it without TEMP"])
    }

    // MARK: What SQLite itself refuses

    @Test func whatSQLiteRefusesToCreateIsInvalidInputAtItsDeclaration() {
        let table = "tables:\n  t:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n"
        let cases: [(yaml: String, needle: String, phrase: String)] = [
            (table + "      a: { type: TEXT, check: \"a >>> 0\" }\n", "t:", "syntax error"),
            (table + "      a: { type: TEXT, default_sql: \"(id + 1)\" }\n", "t:", "not constant"),
            (table + "      a: { type: INTEGER, generated: \"missing + 1\" }\n", "t:", "no such column: missing"),
            (table + "    indexes:\n      t_a: { columns: [id], where: \"id >\" }\n", "t_a:", "incomplete input"),
            (table + "views:\n  v: SELECT id FROM t; DELETE FROM t\n", "v:", "more than one SQL statement"),
            (table + "views:\n  v: SELECT id FROM t WHERE id >>> 1\n", "v:", "syntax error"),
            (table + "triggers:\n  tr: CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELEC 1; END\n", "tr:", "syntax error"),
            (table + "triggers:\n  tr: CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END; DROP TABLE t\n", "tr:",
             "more than one SQL statement"),
        ]
        for (yaml, needle, phrase) in cases {
            expectError("version: 1.0.0\n" + yaml, "refusedBySQLite", at: needle, mentioning: [phrase])
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
        expectError(Self.users + "views:\n  Users_By_Email: SELECT 1", "conflict", at: "Users_By_Email",
                    mentioning: ["index 'users_by_email' of table 'users'", "line 8", "one"])
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
            """, "conflict", at: "ix", occurrence: 2, mentioning: ["index 'ix' of table 'a'"])
    }

    @Test func reservedPrefixes() {
        expectError(Self.users + "views:\n  sqlite_report: SELECT 1", "reservedName", at: "sqlite_report",
                    mentioning: ["'sqlite_'"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                indexes: { SQLite_autoindex_t_1: [a] }
            """, "reservedName", at: "SQLite_autoindex")
        expectError("""
            version: 1.0.0
            tables:
              _reconciler_state:
                columns: { a: TEXT }
            """, "reservedName", at: "_reconciler_state", mentioning: ["reconciler"])
        expectError(Self.users + "triggers:\n  _Reconciler_t: CREATE TRIGGER _Reconciler_t AFTER INSERT ON users BEGIN SELECT 1; END",
                    "reservedName", at: "_Reconciler_t")
        expectError(Self.users + "drop:\n  tables: [sqlite_sequence]", "reservedName", at: "sqlite_sequence")
    }

    // MARK: Drop

    @Test func dropNamesOnlyUndeclaredObjects() {
        expectError(Self.users + "drop:\n  tables: [old, Users]", "conflict", at: "Users]",
                    mentioning: ["table 'Users' is listed under drop"])
        expectError(Self.users + "drop:\n  columns: { users: [password, EMAIL] }", "conflict", at: "EMAIL")
        expectError(Self.users + "drop:\n  columns: { people: [password] }", "undeclaredReference", at: "people",
                    mentioning: ["table 'people'"])
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
        expectError(yaml, "conflict", at: "people]", mentioning: ["renamed_from"])
    }

    @Test func dropMustBeLists() {
        expectError(Self.users + "drop:\n  tables: legacy", "wrongType", at: "legacy", mentioning: ["a list"])
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
            """, "conflict", at: "<<", mentioning: ["merge keys (<<) are not supported"])
    }

    @Test func versionAndTablesAreRequired() {
        expectError("tables: {}\n", "missingKey", at: "tables", mentioning: ["'version'"])
        expectError("version: 1.0.0\n", "missingKey", at: "version", mentioning: ["'tables'"])
        let nullTables = loadError("version: 1.0.0\ntables:\n")
        #expect(nullTables?.caseName == "wrongType")
        #expect(nullTables?.location == at(2, 8))
        #expect(nullTables?.message.contains("{} for none") == true)
        let empty = loadError("# nothing yet\n")
        #expect(empty?.caseName == "missingKey")
        #expect(empty?.location == at(1, 1))
        expectError("- a\n- b\n", "wrongType", at: "- a", mentioning: ["a mapping with 'version' and 'tables'"])
    }
}
