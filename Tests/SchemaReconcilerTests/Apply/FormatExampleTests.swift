import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The format reference's complete example, synced for real

@Suite struct FormatExampleTests {
    static let example = """
        version: 2.1.0

        tables:
          teams:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, unique: true, collate: NOCASE }

          users:
            renamed_from: people
            strict: false
            without_rowid: false
            columns:
              id:         { type: INTEGER, primary_key: true, autoincrement: true }
              email:      { type: TEXT, not_null: true, unique: true }
              nickname:   TEXT
              score:      { type: REAL, not_null: true, default: 0 }
              status:     { type: TEXT, default: active }
              created_at: { type: TEXT, default_sql: CURRENT_TIMESTAMP }
              age:        { type: INTEGER, check: "age >= 0" }
              team_id:    { type: INTEGER, references: teams.id, on_delete: CASCADE }
              full_name:  { type: TEXT, renamed_from: name }
              label:      { type: TEXT, generated: "nickname || '#' || id", stored: false }
            indexes:
              users_by_team: [team_id, created_at]
              users_active:  { columns: [email], unique: true, where: "status = 'active'" }

          memberships:
            primary_key: [user_id, team_id]
            unique: [[role, since]]
            checks: ["role IN ('owner', 'member')"]
            foreign_keys:
              - { columns: [user_id], references: { table: users, columns: [id] }, on_delete: CASCADE }
            columns:
              user_id: { type: INTEGER, not_null: true }
              team_id: { type: INTEGER, not_null: true, references: { table: teams, column: id, deferrable: true } }
              role:    TEXT
              since:   TEXT
              data:    {}

        views:
          active_users: SELECT id, email FROM users WHERE status = 'active'

        triggers:
          users_touch: |
            CREATE TRIGGER users_touch AFTER UPDATE OF email ON users
            BEGIN UPDATE users SET status = 'changed' WHERE id = NEW.id; END

        drop:
          tables: [legacy_cache]
          columns: { users: [password_plain] }
          indexes: [users_old_idx]
          views: [old_report]
          triggers: [old_audit]

        upgrades:
          1.4.0: upgrades/1.4.0-split-names.sql
          2.0.0: [upgrades/2.0.0-backfill-teams.sql, upgrades/2.0.0-dedupe-emails.sql]
        """

    func workspace() throws -> Workspace {
        let space = try Workspace()
        try space.write("UPDATE users SET full_name = trim(full_name);\n", to: "upgrades/1.4.0-split-names.sql")
        try space.write("UPDATE users SET team_id = NULL WHERE team_id NOT IN (SELECT id FROM teams);\n",
                        to: "upgrades/2.0.0-backfill-teams.sql")
        try space.write("DELETE FROM users WHERE id NOT IN (SELECT min(id) FROM users GROUP BY lower(email));\n",
                        to: "upgrades/2.0.0-dedupe-emails.sql")
        try space.writeSchema(Self.example)
        return space
    }

    @Test func aNewDatabaseGetsEveryFeatureAndInspectsBackEqual() throws {
        let space = try workspace()
        let report = try space.sync()
        #expect(report.didChange)
        #expect(report.upgrades.isEmpty)
        let file = try SchemaLoader().load(contentsOf: space.schemaURL)
        let live = try space.inspect()
        let diff = try SchemaDiff(declared: file.schema, drop: file.drop, live: live)
        #expect(diff.changes.isEmpty)
        #expect(diff.undeclared.isEmpty)
        for table in file.schema.tables {
            let inspected = try #require(live.table(named: table.name))
            #expect(TableShape(inspected, in: live) == TableShape(table, in: file.schema))
        }
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange)
        #expect(try space.fileBytes() == bytes)
    }

    @Test func anOldDatabaseIsRenamedUpgradedAndCleanedUp() throws {
        let space = try workspace()
        try space.execute("""
            CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);
            CREATE TABLE people (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL, name TEXT,
                                 password_plain TEXT, team_id INTEGER);
            CREATE INDEX users_old_idx ON people (email);
            CREATE TABLE legacy_cache (k TEXT, v BLOB);
            CREATE VIEW old_report AS SELECT count(*) FROM people;
            CREATE TRIGGER old_audit AFTER DELETE ON people BEGIN SELECT 1; END;
            INSERT INTO teams (id, name) VALUES (1, 'Core');
            INSERT INTO people (id, email, name, password_plain, team_id)
                 VALUES (1, 'ana@x.org', '  Ana  ', 'x', 1), (2, 'ANA@x.org', 'Ana 2', 'y', 1), (3, 'bo@x.org', 'Bo', NULL, 9);
            INSERT INTO legacy_cache VALUES ('k', x'00');
            """)
        let report = try space.sync()
        #expect(report.upgrades.map(\.name) == [
            "upgrades/1.4.0-split-names.sql", "upgrades/2.0.0-backfill-teams.sql", "upgrades/2.0.0-dedupe-emails.sql",
        ])
        let rows = try space.read { try Row.fetchAll($0, sql: "SELECT id, email, full_name, team_id, score, status FROM users ORDER BY id") }
        #expect(rows == [
            ["id": 1, "email": "ana@x.org", "full_name": "Ana", "team_id": 1, "score": 0.0, "status": "active"],
            ["id": 3, "email": "bo@x.org", "full_name": "Bo", "team_id": nil, "score": 0.0, "status": "active"],
        ])
        let live = try space.inspect()
        #expect(live.tables.map(\.name).sorted() == ["memberships", "teams", "users"])
        #expect(live.views.map(\.name) == ["active_users"])
        #expect(live.triggers.map(\.name) == ["users_touch"])
        #expect(live.table(named: "users")?.column(named: "password_plain") == nil)
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'users'") } == 3)
        #expect(try !space.sync().didChange)
    }
}
