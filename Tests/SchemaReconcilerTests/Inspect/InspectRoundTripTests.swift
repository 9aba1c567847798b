import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - inspect: a database → schema.yaml → the same database

/// For each kind of object a real app database holds: the printed schema.yaml, synced into a new
/// database, gives the same schema (read through SQLite's PRAGMAs); synced into the original
/// database (adopting it at the legacy version it is at), it changes no object and no row; and
/// the same database always prints the same bytes.
@Suite struct InspectRoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var sql: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "FTS5 with external content and its triggers", sql: """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT);
            CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='id', tokenize='porter unicode61');
            CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
              INSERT INTO notes_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
              INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
            END;
            INSERT INTO notes (title, body) VALUES ('first', 'hello world'), ('second', 'swift and sqlite');
            """),
        Case(name: "FTS5 without content, with prefix indexes", sql: """
            CREATE VIRTUAL TABLE tags USING fts5(tag, content='', prefix='2 3');
            INSERT INTO tags (rowid, tag) VALUES (1, 'swift'), (2, 'sqlite');
            """),
        Case(name: "FTS4 and R*Tree", sql: """
            CREATE VIRTUAL TABLE docs USING fts4(title, body, tokenize=porter);
            CREATE VIRTUAL TABLE boxes USING rtree(id, min_x, max_x, min_y, max_y);
            INSERT INTO docs (title, body) VALUES ('a', 'running dogs');
            INSERT INTO boxes VALUES (1, 0, 10, 0, 5), (2, 3, 4, 3, 4);
            """),
        Case(name: "expression, DESC and COLLATE index keys", sql: """
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT, created_at TEXT, data TEXT);
            CREATE UNIQUE INDEX users_email ON users (lower(email)) WHERE email IS NOT NULL;
            CREATE INDEX users_recent ON users (created_at DESC, id);
            CREATE INDEX users_name ON users (name COLLATE NOCASE);
            CREATE INDEX users_json ON users (json_extract(data, '$.id'), (id + 1));
            INSERT INTO users (email, name, created_at, data) VALUES ('A@x.org', 'Ada', '2020', '{"id": 1}');
            """),
        Case(name: "unicode and quoted names", sql: #"""
            CREATE TABLE "we""ird name" ("col ""q""" TEXT, "select" INTEGER, "Ünïcødé 表" TEXT, "a.b" TEXT, "null" TEXT,
              "has space" INTEGER DEFAULT 1, "a\#u{A0}b" TEXT);
            CREATE TABLE "a.b" (id INTEGER PRIMARY KEY);
            CREATE TABLE "child.x" (p INTEGER REFERENCES "a.b" (id), "true" TEXT);
            CREATE INDEX "idx; ""weird""" ON "we""ird name" ("select", "col ""q""" DESC, "Ünïcødé 表");
            CREATE VIEW "view; name" AS SELECT "select" FROM "we""ird name";
            INSERT INTO "we""ird name" VALUES ('q', 1, '表', 'x.y', 'n', 2, 'nbsp');
            """#),
        Case(name: "STRICT and WITHOUT ROWID", sql: """
            CREATE TABLE settings (key TEXT PRIMARY KEY, value ANY, at INT NOT NULL DEFAULT 0) STRICT, WITHOUT ROWID;
            CREATE TABLE counts (n INTEGER PRIMARY KEY, label TEXT) STRICT;
            CREATE TABLE pairs (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            INSERT INTO settings VALUES ('theme', 'dark', 1);
            """),
        Case(name: "generated columns", sql: """
            CREATE TABLE items (id INTEGER PRIMARY KEY, price REAL, qty INTEGER,
              total REAL GENERATED ALWAYS AS (price * qty) STORED, label TEXT AS ('#' || id) VIRTUAL);
            INSERT INTO items (price, qty) VALUES (2.5, 4);
            """),
        Case(name: "composite keys and foreign keys with actions", sql: """
            CREATE TABLE teams (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE);
            CREATE TABLE members (team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE ON UPDATE SET NULL,
              user_id INTEGER NOT NULL, role TEXT CHECK (role IN ('owner', 'member')),
              PRIMARY KEY (team_id, user_id), UNIQUE (user_id, role));
            CREATE TABLE grants (team_id INTEGER, user_id INTEGER, team_code TEXT REFERENCES teams (code) DEFERRABLE INITIALLY DEFERRED,
              FOREIGN KEY (team_id, user_id) REFERENCES members (team_id, user_id) ON DELETE RESTRICT, CHECK (team_id > 0));
            INSERT INTO teams VALUES (1, 'core');
            INSERT INTO members VALUES (1, 7, 'owner');
            INSERT INTO grants VALUES (1, 7, 'core');
            """),
        Case(name: "named constraints of every kind, on columns and on the table", sql: """
            CREATE TABLE teams (id INTEGER CONSTRAINT teams_pk PRIMARY KEY AUTOINCREMENT, code TEXT CONSTRAINT teams_code_key UNIQUE,
              size INTEGER CONSTRAINT "teams size check" CHECK (size > 0));
            CREATE TABLE members (team_id INTEGER CONSTRAINT members_team_fk REFERENCES teams (id) ON DELETE CASCADE,
              user_id INTEGER, role TEXT, boss_id INTEGER,
              CONSTRAINT members_pk PRIMARY KEY (team_id, user_id), CONSTRAINT members_role_key UNIQUE (user_id, role),
              CONSTRAINT members_role_check CHECK (role IN ('owner', 'member')),
              CONSTRAINT members_boss_fk FOREIGN KEY (boss_id) REFERENCES teams (id) DEFERRABLE INITIALLY DEFERRED);
            INSERT INTO teams (code, size) VALUES ('core', 3);
            INSERT INTO members VALUES (1, 7, 'owner', 1);
            """),
        Case(name: "AUTOINCREMENT with a counter", sql: """
            CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL DEFAULT 'x');
            INSERT INTO log (what) VALUES ('a'), ('b'), ('c');
            DELETE FROM log WHERE id = 3;
            """),
        Case(name: "views that name their columns, and triggers on views", sql: """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            CREATE VIEW named (key, value) AS SELECT id, v FROM t;
            CREATE VIEW plain AS SELECT id FROM t WHERE v IS NOT NULL;
            CREATE TRIGGER named_insert INSTEAD OF INSERT ON named BEGIN INSERT INTO t (id, v) VALUES (NEW.key, NEW.value); END;
            """),
        Case(name: "defaults of every spelling", sql: """
            CREATE TABLE d (a TEXT DEFAULT 'null', b TEXT DEFAULT '0', c TEXT DEFAULT '', e INT DEFAULT 0x10,
              f DEFAULT TRUE, g REAL DEFAULT +1.5, h TEXT DEFAULT CURRENT_TIMESTAMP, i INT DEFAULT (1 + 1),
              j TEXT DEFAULT 'it''s', k REAL DEFAULT 1.0, l TEXT DEFAULT NULL, m TEXT DEFAULT "dq", n DEFAULT -7,
              o TEXT DEFAULT 'true', p TEXT DEFAULT ' padded ');
            """),
    ]

    @Test(arguments: cases)
    func aDatabasePrintsAFileThatBuildsItAgainAndAdoptsItUnchanged(_ example: Case) throws {
        let space = try Workspace()
        try DatabaseQueue(path: space.databasePath).writeWithoutTransaction { try $0.execute(sql: example.sql) }
        let original = try space.read { try SchemaSnapshot($0) }
        let rows = try allRows(space.databasePath)

        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(inspected.isComplete, "\(inspected.undeclarable) \(String(describing: inspected.loadError))")
        let file = try #require(inspected.file, Comment(rawValue: inspected.yaml))

        // A new database synced from the file has the same schema.
        let fresh = space.url.appendingPathComponent("fresh.sqlite").path
        try Reconciler(schema: file).sync(databaseAt: fresh)
        let rebuilt = try DatabaseQueue(path: fresh).read { try SchemaSnapshot($0) }
        #expect(rebuilt == original, "\(inspected.yaml)\n--- original\n\(original)\n--- rebuilt\n\(rebuilt)")

        // Syncing the original with it changes nothing but the recorded version.
        let catalog = try objects(space.databasePath)
        let report = try Reconciler(schema: file, options: Reconciler.Options(legacyVersion: "1.0.0")).sync(databaseAt: space.databasePath)
        #expect(report.plan.steps.isEmpty && report.upgrades.isEmpty && report.statements.isEmpty)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try objects(space.databasePath) == catalog)
        #expect(try allRows(space.databasePath) == rows)
        #expect(try space.read { try StoredState.read($0)?.version } == "1.0.0")

        // The same database prints the same bytes.
        #expect(try space.reconciler().inspect(databaseAt: space.databasePath).yaml == inspected.yaml)
    }

    @Test func whatTheFormatCannotSayIsWrittenAsAComment() throws {
        let space = try Workspace()
        try DatabaseQueue(path: space.databasePath).writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT, CONSTRAINT one_code UNIQUE (code COLLATE NOCASE) ON CONFLICT REPLACE);
                CREATE TABLE orphan (id INTEGER PRIMARY KEY, gone_id INTEGER REFERENCES gone (id));
                """)
        }
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(!inspected.isComplete && inspected.loadError == nil)
        #expect(inspected.undeclarable == [
            UndeclarableClause(kind: .table, name: "t", clause: "UNIQUE (\"code\" COLLATE NOCASE)"),
            UndeclarableClause(kind: .table, name: "orphan", clause: "REFERENCES gone (id): there is no table gone"),
        ])
        for clause in inspected.undeclarable {
            #expect(inspected.yaml.contains("# not declarable: \(clause)"))
        }
        #expect(inspected.yaml.contains("- {columns: [code], name: one_code, on_conflict: replace}"), "\(inspected.yaml)")
        // The file still loads. A sync keeps the clauses of `t` it cannot declare, but the foreign
        // key to a table that does not exist is not in the file: a sync would remove it.
        let file = try #require(inspected.file)
        let plan = try Reconciler(schema: file).plan(databaseAt: space.databasePath)
        #expect(plan.changes == [.alterTable(table: "orphan", difference: .foreignKey(columns: ["gone_id"], parent: "gone",
                                                                                     isAdded: false))])
    }

    // MARK: Helpers

    /// Every object's stored SQL, the reconciler's own tables aside.
    func objects(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: """
                SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master
                WHERE tbl_name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY type, name
                """)
        }
    }

    /// Every row of every table (shadow tables and sqlite_sequence included), as text.
    func allRows(_ path: String) throws -> [String: [String]] {
        try DatabaseQueue(path: path).read { db in
            var rows: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_reconciler%' ESCAPE '\\'
                """) {
                guard let fetched = try? Row.fetchAll(db, sql: "SELECT * FROM \(SQLText.quote(table))") else { continue }
                rows[table] = fetched.map(\.description).sorted()
            }
            return rows
        }
    }
}
