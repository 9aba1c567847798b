import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - The complete example of schema-format.md

@Suite struct LoadExampleTests {
    static let example = """
        version: 2.1.0                 # required: the app version this schema belongs to (semver)

        tables:                        # required: table name -> table; file order is kept
          teams:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, unique: true, collate: NOCASE }

          users:
            renamed_from: people       # optional rename hint (string or list of strings)
            strict: false              # optional, default false   (CREATE TABLE ... STRICT)
            without_rowid: false       # optional, default false   (CREATE TABLE ... WITHOUT ROWID)
            columns:                   # required, at least one; file order is the column order
              id:         { type: INTEGER, primary_key: true, autoincrement: true }
              email:      { type: TEXT, not_null: true, unique: true }
              nickname:   TEXT                                  # shorthand: the type alone
              score:      { type: REAL, not_null: true, default: 0 }
              status:     { type: TEXT, default: active }       # literal: DEFAULT 'active'
              created_at: { type: TEXT, default_sql: CURRENT_TIMESTAMP }   # raw SQL expression
              age:        { type: INTEGER, check: "age >= 0" }
              team_id:    { type: INTEGER, references: teams.id, on_delete: CASCADE }
              full_name:  { type: TEXT, renamed_from: name }
              label:      { type: TEXT, generated: "nickname || '#' || id", stored: false }
            indexes:
              users_by_team: [team_id, created_at]             # shorthand: the column list
              users_active:  { columns: [email], unique: true, where: "status = 'active'" }

        views:                         # optional: view name -> its SELECT
          active_users: SELECT id, email FROM users WHERE status = 'active'

        triggers:                      # optional: trigger name -> its whole CREATE TRIGGER statement
          users_touch: |
            CREATE TRIGGER users_touch AFTER UPDATE OF email ON users
            BEGIN UPDATE users SET status = 'changed' WHERE id = NEW.id; END

        drop:                          # optional: what may be removed from an existing database
          tables: [legacy_cache]
          columns: { users: [password_plain] }   # keyed by the declared (new) table name
          indexes: [users_old_idx]
          views: [old_report]
          triggers: [old_audit]

        upgrades:                      # optional: data-migration scripts keyed by app version
          1.4.0: upgrades/1.4.0-split-names.sql
          2.0.0: [upgrades/2.0.0-backfill-teams.sql, upgrades/2.0.0-dedupe-emails.sql]
        """

    static let scripts = [
        "upgrades/1.4.0-split-names.sql": "UPDATE users SET full_name = name;\n",
        "upgrades/2.0.0-backfill-teams.sql": "INSERT INTO teams(name) SELECT DISTINCT team FROM users;\n",
        "upgrades/2.0.0-dedupe-emails.sql": "DELETE FROM users WHERE id NOT IN (SELECT min(id) FROM users GROUP BY email);\n",
    ]

    /// Writes the example and its scripts into a temporary directory and loads it from disk.
    func loadExample() throws -> (file: SchemaFile, directory: URL) {
        let directory = try makeTemporaryDirectory()
        try write(Self.example, to: "schema.yaml", in: directory)
        for (path, sql) in Self.scripts { try write(sql, to: path, in: directory) }
        let file = try SchemaLoader().load(contentsOf: directory.appendingPathComponent("schema.yaml"))
        return (file, directory)
    }

    @Test func versionTablesAndColumnsInFileOrder() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.version == SemanticVersion("2.1.0"))
        #expect(file.schema.tables.map(\.name) == ["teams", "users"])
        let users = try #require(file.schema.table(named: "users"))
        #expect(users.columns.map(\.name) == [
            "id", "email", "nickname", "score", "status", "created_at", "age", "team_id", "full_name", "label",
        ])
        #expect(users.renamedFrom == ["people"])
        #expect(users.isStrict == false)
        #expect(users.isWithoutRowID == false)
    }

    @Test func teamsColumns() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        let teams = try #require(file.schema.table(named: "teams"))
        #expect(teams.columns == [
            Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
            Schema.Column(name: "name", type: "TEXT", isNotNull: true, isUnique: true, collation: "NOCASE"),
        ])
    }

    @Test func usersColumns() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        let users = try #require(file.schema.table(named: "users"))
        func column(_ name: String) throws -> Schema.Column { try #require(users.column(named: name)) }

        #expect(try column("id") == Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true))
        #expect(try column("email") == Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true))
        #expect(try column("nickname") == Schema.Column(name: "nickname", type: "TEXT"))
        #expect(try column("score") == Schema.Column(name: "score", type: "REAL", isNotNull: true, defaultValue: .integer(0)))
        #expect(try column("status").defaultValue == .text("active"))
        #expect(try column("created_at").defaultValue == .sql("CURRENT_TIMESTAMP"))
        #expect(try column("age").check == "age >= 0")
        #expect(try column("team_id").reference == ColumnReference(table: "teams", column: "id", onDelete: .cascade))
        #expect(try column("full_name").renamedFrom == ["name"])
        #expect(try column("label").generated == GeneratedColumn(expression: "nickname || '#' || id", isStored: false))
        #expect(try column("label").defaultValue == nil)
        #expect(users.allForeignKeys == [
            Schema.ForeignKey(columns: ["team_id"], table: "teams", referencedColumns: ["id"], onDelete: .cascade),
        ])
    }

    @Test func indexes() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        let users = try #require(file.schema.table(named: "users"))
        #expect(users.indexes == [
            Schema.Index(name: "users_by_team", columns: ["team_id", "created_at"]),
            Schema.Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'"),
        ])
        #expect(file.schema.table(named: "teams")?.indexes == [])
    }

    @Test func viewsAndTriggers() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.schema.views == [
            Schema.View(name: "active_users", select: "SELECT id, email FROM users WHERE status = 'active'"),
        ])
        let trigger = try #require(file.schema.triggers.first)
        #expect(file.schema.triggers.count == 1)
        #expect(trigger.name == "users_touch")
        #expect(trigger.table == "users")
        #expect(trigger.sql.hasPrefix("CREATE TRIGGER users_touch AFTER UPDATE OF email ON users\nBEGIN"))
        #expect(trigger.sql.hasSuffix("WHERE id = NEW.id; END"))
    }

    @Test func dropList() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.drop.tables == ["legacy_cache"])
        #expect(file.drop.columns(of: "users") == ["password_plain"])
        #expect(file.drop.indexes == ["users_old_idx"])
        #expect(file.drop.views == ["old_report"])
        #expect(file.drop.triggers == ["old_audit"])
    }

    @Test func upgradesWithTheirScripts() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.upgrades.map(\.version) == [SemanticVersion("1.4.0"), SemanticVersion("2.0.0")])
        #expect(file.upgrades.map { $0.scripts.map(\.path) } == [
            ["upgrades/1.4.0-split-names.sql"],
            ["upgrades/2.0.0-backfill-teams.sql", "upgrades/2.0.0-dedupe-emails.sql"],
        ])
        for upgrade in file.upgrades {
            for script in upgrade.scripts { #expect(script.sql == Self.scripts[script.path]) }
        }
        let first = try #require(file.upgrades.first?.scripts.first)
        #expect(first.location?.line == 44)
        #expect(first.location?.column == 10)
    }

    @Test func contentsAndLocations() throws {
        let (file, directory) = try loadExample()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.contents == Data(Self.example.utf8))
        func location(_ declaration: Declaration) -> (Int, Int)? {
            file.locations[declaration].map { ($0.line, $0.column) }
        }
        #expect(location(.table("teams"))! == (4, 3))
        #expect(location(.table("USERS"))! == (9, 3))
        #expect(location(.column(table: "users", column: "email"))! == (15, 7))
        #expect(location(.index(table: "users", index: "users_active"))! == (26, 7))
        #expect(location(.view("active_users"))! == (29, 3))
        #expect(location(.trigger("users_touch"))! == (32, 3))
        #expect(location(.upgrade("2.0.0"))! == (45, 3))
        #expect(file.locations[.column(table: "users", column: "email")]?.file.hasSuffix("schema.yaml") == true)
    }
}
