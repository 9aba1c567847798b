import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

@Suite("Inspect: SchemaInspector")
struct SchemaInspectorTests {
    // MARK: Helpers

    /// A fresh in-memory database after running `statements`.
    private func database(_ statements: [String]) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            for sql in statements { try db.execute(sql: sql) }
        }
        return dbQueue
    }

    private func inspect(_ statements: String...) throws -> Schema {
        try database(statements).read { db in try SchemaInspector().inspect(db) }
    }

    /// Kept clauses of one constraint; `onTable` for a primary key whose terms a table
    /// constraint writes.
    private func kept(_ constraint: KeptClauses.Constraint, name: String? = nil,
                      terms: [KeptClauses.KeyTerm]? = nil, onTable: Bool = false) -> KeptClauses {
        var clauses = kept([(constraint, name)])
        clauses.keyTerms[constraint] = terms
        clauses.isPrimaryKeyOnTable = onTable
        return clauses
    }

    /// Kept names of several constraints.
    private func kept(_ entries: [(KeptClauses.Constraint, String?)]) -> KeptClauses {
        var clauses = KeptClauses()
        for (constraint, name) in entries {
            clauses.names[constraint] = name
        }
        return clauses
    }

    /// The stored `CREATE` statement of an object.
    private func storedSQL(_ dbQueue: DatabaseQueue, _ name: String) throws -> String? {
        try dbQueue.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name])
        }
    }

    // MARK: Primary keys

    @Test func compositePrimaryKey() throws {
        let schema = try inspect(
            "CREATE TABLE pairs (a INTEGER NOT NULL, b TEXT, c, PRIMARY KEY (a, b))",
            #"CREATE TABLE "Pairs 2" (a INTEGER, "B" TEXT, CONSTRAINT pk PRIMARY KEY ("A", [b] DESC) ON CONFLICT ABORT)"#,
            "create table one (id integer, primary key (id))")
        #expect(schema.tables == [
            Schema.Table(name: "pairs",
                  columns: [Schema.Column(name: "a", type: "INTEGER", isNotNull: true), Schema.Column(name: "b", type: "TEXT"),
                            Schema.Column(name: "c")],
                  primaryKey: ["a", "b"]),
            Schema.Table(name: "Pairs 2",
                  columns: [Schema.Column(name: "a", type: "INTEGER"), Schema.Column(name: "B", type: "TEXT")],
                  primaryKey: ["a", "B"],
                  keptClauses: kept(.primaryKey(columns: ["a", "B"]), name: "pk",
                                    terms: [.init(column: "a", suffix: ""), .init(column: "B", suffix: "DESC")], onTable: true)),
            Schema.Table(name: "one", columns: [Schema.Column(name: "id", type: "integer")], primaryKey: ["id"]),
        ])
    }

    @Test func autoincrement() throws {
        let schema = try inspect(
            #"CREATE TABLE "log" (id INTEGER PRIMARY KEY AUTOINCREMENT, msg TEXT)"#,
            "create table log2 (id integer constraint pk primary key asc on conflict fail autoincrement)",
            "CREATE TABLE log3 (id INTEGER, note, PRIMARY KEY (id AUTOINCREMENT))",
            "CREATE TABLE plain (id INTEGER PRIMARY KEY)",
            "INSERT INTO log (msg) VALUES ('created sqlite_sequence')")
        #expect(schema.tables == [
            Schema.Table(name: "log", columns: [
                Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true),
                Schema.Column(name: "msg", type: "TEXT"),
            ]),
            Schema.Table(name: "log2", columns: [
                Schema.Column(name: "id", type: "integer", isPrimaryKey: true, isAutoincrement: true),
            ], keptClauses: kept(.primaryKey(columns: ["id"]), name: "pk", terms: [.init(column: "id", suffix: "ASC")]),
               conflictResolutions: [.primaryKey(columns: ["id"]): .fail]),
            Schema.Table(name: "log3",
                  columns: [Schema.Column(name: "id", type: "INTEGER", isAutoincrement: true), Schema.Column(name: "note")],
                  primaryKey: ["id"]),
            Schema.Table(name: "plain", columns: [Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true)]),
        ])
    }

    @Test func strictAndWithoutRowID() throws {
        let schema = try inspect(
            "CREATE TABLE kv (k TEXT PRIMARY KEY, v ANY NOT NULL) STRICT, WITHOUT ROWID",
            "CREATE TABLE kv2 (a INT, b TEXT NOT NULL, c BLOB, PRIMARY KEY (a, b)) without rowid",
            "CREATE TABLE s (x INTEGER, y REAL)strict",
            "CREATE TABLE w (id INTEGER PRIMARY KEY NOT NULL) Without RowID ,Strict",
            "CREATE TABLE r (a)")
        #expect(schema.tables == [
            Schema.Table(name: "kv",
                  columns: [Schema.Column(name: "k", type: "TEXT", isPrimaryKey: true),
                            Schema.Column(name: "v", type: "ANY", isNotNull: true)],
                  isStrict: true, isWithoutRowID: true),
            Schema.Table(name: "kv2",
                  columns: [Schema.Column(name: "a", type: "INT"), Schema.Column(name: "b", type: "TEXT", isNotNull: true),
                            Schema.Column(name: "c", type: "BLOB")],
                  primaryKey: ["a", "b"], isWithoutRowID: true),
            Schema.Table(name: "s", columns: [Schema.Column(name: "x", type: "INTEGER"), Schema.Column(name: "y", type: "REAL")],
                  isStrict: true),
            Schema.Table(name: "w", columns: [Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isNotNull: true)],
                  isStrict: true, isWithoutRowID: true),
            Schema.Table(name: "r", columns: [Schema.Column(name: "a")]),
        ])
    }

    // MARK: Columns

    @Test func typesAsWritten() throws {
        let table = try #require(try inspect("""
            CREATE TABLE t (a numeric(15, 4), b VARYING CHARACTER(20), c UNSIGNED BIG INT, d, e integer,
                            f "quoted type", g "INT", h Text, i DOUBLE  PRECISION, j GENERATED ALWAYS, k generated,
                            l UNSIGNED BIG INT ALWAYS)
            """).tables.first)
        #expect(table.columns.map(\.type) == [
            "numeric(15, 4)", "VARYING CHARACTER(20)", "UNSIGNED BIG INT", nil, "integer", "quoted type", "INT",
            "Text", "DOUBLE  PRECISION", nil, "generated", "UNSIGNED BIG INT",
        ])
    }

    @Test func generatedColumns() throws {
        let schema = try inspect("""
            CREATE TABLE g (
                a INTEGER, b TEXT,
                c INTEGER GENERATED ALWAYS AS (a+1) STORED,
                d AS (a * 2),
                e TEXT AS (upper(b)) VIRTUAL,
                f INT GENERATED ALWAYS AS ((a)) NOT NULL,
                "g g" text generated always as (b || ' (' || a || ')') stored
            )
            """)
        #expect(schema.tables == [Schema.Table(name: "g", columns: [
            Schema.Column(name: "a", type: "INTEGER"),
            Schema.Column(name: "b", type: "TEXT"),
            Schema.Column(name: "c", type: "INTEGER", generated: GeneratedColumn(expression: "a+1", isStored: true)),
            Schema.Column(name: "d", generated: GeneratedColumn(expression: "a * 2", isStored: false)),
            Schema.Column(name: "e", type: "TEXT", generated: GeneratedColumn(expression: "upper(b)", isStored: false)),
            Schema.Column(name: "f", type: "INT", isNotNull: true, generated: GeneratedColumn(expression: "(a)", isStored: false)),
            Schema.Column(name: "g g", type: "text",
                   generated: GeneratedColumn(expression: "b || ' (' || a || ')'", isStored: true)),
        ])])
    }

    @Test func checks() throws {
        let schema = try inspect("""
            CREATE TABLE c (
                age INTEGER CHECK (age >= 0) CONSTRAINT sane CHECK(age < (150)),
                name TEXT CHECK(name <> ''),
                CHECK (age IS NOT NULL OR name IS NOT NULL),
                CONSTRAINT named CHECK ( length(name) < 100 ) ON CONFLICT FAIL
            )
            """)
        #expect(schema.tables == [Schema.Table(
            name: "c",
            columns: [Schema.Column(name: "age", type: "INTEGER", check: "age >= 0"),
                      Schema.Column(name: "name", type: "TEXT", check: "name <> ''")],
            checks: ["age < (150)", "age IS NOT NULL OR name IS NOT NULL", "length(name) < 100"],
            keptClauses: kept([(.check(expression: "age < (150)"), "sane"),
                               (.check(expression: "length(name) < 100"), "named")]))])
    }

    @Test func collations() throws {
        let schema = try inspect(#"CREATE TABLE c (a TEXT COLLATE NOCASE, b TEXT collate "rtrim", c COLLATE [binary], d TEXT)"#)
        #expect(schema.tables == [Schema.Table(name: "c", columns: [
            Schema.Column(name: "a", type: "TEXT", collation: "NOCASE"),
            Schema.Column(name: "b", type: "TEXT", collation: "rtrim"),
            Schema.Column(name: "c", collation: "binary"),
            Schema.Column(name: "d", type: "TEXT"),
        ])])
    }

    @Test func defaults() throws {
        let schema = try inspect("""
            CREATE TABLE d (
                status TEXT DEFAULT 'active', zero INTEGER DEFAULT 0, minus INTEGER DEFAULT -1, ratio REAL DEFAULT 1.5,
                empty TEXT DEFAULT NULL, flag BOOLEAN DEFAULT TRUE, created TEXT DEFAULT CURRENT_TIMESTAMP,
                epoch INTEGER DEFAULT (strftime('%s','now')), quote TEXT DEFAULT 'it''s', plus REAL DEFAULT +2.5,
                paren INTEGER DEFAULT (7), off BOOLEAN DEFAULT false, none TEXT
            )
            """)
        let table = try #require(schema.tables.first)
        // A literal whose spelling is not the one the literal is written with keeps its spelling,
        // and still compares as the value it is.
        #expect(table.columns.map(\.defaultValue) == [
            .text("active"), .integer(0), .integer(-1), .real(1.5), .null, .sql("TRUE"), .sql("CURRENT_TIMESTAMP"),
            .sql("strftime('%s','now')"), .text("it's"), .sql("+2.5"), .integer(7), .sql("false"), nil,
        ])
        #expect(DefaultValue.sql("TRUE").comparisonKey == DefaultValue.boolean(true).comparisonKey)
        #expect(DefaultValue.sql("+2.5").comparisonKey == DefaultValue.real(2.5).comparisonKey)
        #expect(DefaultValue.sql("false").comparisonKey == DefaultValue.boolean(false).comparisonKey)
        #expect(table.columns[0] == Schema.Column(name: "status", type: "TEXT", defaultValue: .text("active")))
    }

    // MARK: Foreign keys

    @Test func foreignKeys() throws {
        let schema = try inspect(
            "CREATE TABLE teams (id INTEGER PRIMARY KEY, code TEXT UNIQUE)",
            "CREATE TABLE parent (x INT, y INT, PRIMARY KEY (x, y))",
            """
            CREATE TABLE child (
                id INTEGER PRIMARY KEY,
                team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE ON UPDATE SET NULL,
                team_code TEXT REFERENCES "teams"("code") DEFERRABLE INITIALLY DEFERRED,
                any_team REFERENCES teams,
                other INTEGER CONSTRAINT fk REFERENCES [teams] (id) ON DELETE RESTRICT NOT DEFERRABLE INITIALLY DEFERRED,
                px INT, py INT,
                FOREIGN KEY (px, py) REFERENCES parent (x, y) ON DELETE SET DEFAULT ON UPDATE NO ACTION
                    DEFERRABLE INITIALLY DEFERRED,
                CONSTRAINT fk_any FOREIGN KEY ([PX]) REFERENCES teams MATCH FULL
            )
            """)
        let child = try #require(schema.table(named: "child"))
        #expect(child == Schema.Table(
            name: "child",
            columns: [
                Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
                Schema.Column(name: "team_id", type: "INTEGER",
                       reference: ColumnReference(table: "teams", column: "id", onDelete: .cascade, onUpdate: .setNull)),
                Schema.Column(name: "team_code", type: "TEXT",
                       reference: ColumnReference(table: "teams", column: "code", isDeferred: true)),
                Schema.Column(name: "any_team", reference: ColumnReference(table: "teams")),
                Schema.Column(name: "other", type: "INTEGER",
                       reference: ColumnReference(table: "teams", column: "id", onDelete: .restrict)),
                Schema.Column(name: "px", type: "INT"),
                Schema.Column(name: "py", type: "INT"),
            ],
            foreignKeys: [
                Schema.ForeignKey(columns: ["px", "py"], table: "parent", referencedColumns: ["x", "y"],
                           onDelete: .setDefault, onUpdate: .noAction, isDeferred: true),
                Schema.ForeignKey(columns: ["px"], table: "teams"),
            ],
            keptClauses: kept([(.foreignKey(columns: ["other"]), "fk"), (.foreignKey(columns: ["px"]), "fk_any")])))
        // SQLite agrees on what references what.
        let pragmaCount = try database([
            "CREATE TABLE teams (id INTEGER PRIMARY KEY)",
            "CREATE TABLE c (a REFERENCES teams, b, FOREIGN KEY (b) REFERENCES teams (id))",
        ]).read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(c)").count }
        #expect(pragmaCount == 2)
    }

    // MARK: Indexes

    @Test func indexes() throws {
        let dbQueue = try database([
            "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, status TEXT, created_at TEXT)",
            "CREATE INDEX users_by_created ON users (created_at)",
            #"CREATE UNIQUE INDEX "users active email" ON users (email) WHERE status = 'active'"#,
            "CREATE INDEX users_lower ON users (lower(email), name COLLATE NOCASE, created_at DESC, [status] ASC, (id))",
            "CREATE INDEX IF NOT EXISTS main.users_multi ON Users (Status, created_at) WHERE (created_at > '2020' AND id > 0)",
            "CREATE INDEX _reconciler_idx ON users (name)",
            "CREATE TABLE other (a UNIQUE, b, UNIQUE (a, b))",
        ])
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        let users = try #require(schema.table(named: "users"))
        #expect(users.indexes == [
            Schema.Index(name: "users_by_created", columns: ["created_at"],
                  sql: "CREATE INDEX users_by_created ON users (created_at)"),
            Schema.Index(name: "users active email", columns: ["email"], isUnique: true, condition: "status = 'active'",
                  sql: #"CREATE UNIQUE INDEX "users active email" ON users (email) WHERE status = 'active'"#),
            Schema.Index(name: "users_lower",
                  terms: [.expression("lower(email)"), .expression("name COLLATE NOCASE"), .expression("created_at DESC"),
                          .column("status"), .column("id")],
                  sql: "CREATE INDEX users_lower ON users (lower(email), name COLLATE NOCASE, created_at DESC, [status] ASC, (id))"),
            Schema.Index(name: "users_multi", columns: ["status", "created_at"],
                  condition: "(created_at > '2020' AND id > 0)",
                  sql: try storedSQL(dbQueue, "users_multi")),
        ])
        #expect(users.columns[1].isUnique)
        // Automatic indexes of UNIQUE constraints are not listed.
        let other = try #require(schema.table(named: "other"))
        #expect(other == Schema.Table(name: "other", columns: [Schema.Column(name: "a", isUnique: true), Schema.Column(name: "b")],
                               uniqueConstraints: [["a", "b"]]))
    }

    @Test func indexesInCreationOrder() throws {
        let schema = try inspect(
            "CREATE TABLE t (a, b, c)",
            "CREATE INDEX t_c ON t (c)",
            "CREATE INDEX t_a ON t (a)",
            "CREATE INDEX t_b ON t (b)",
            "DROP INDEX t_a",
            "CREATE INDEX t_a ON t (a, b)")
        #expect(schema.tables.first?.indexes.map(\.name) == ["t_c", "t_b", "t_a"])
        #expect(schema.tables.first?.indexes.last?.columns == ["a", "b"])
    }

    @Test func uniqueConstraints() throws {
        let schema = try inspect(
            "CREATE TABLE u (a TEXT UNIQUE ON CONFLICT REPLACE, b, c, UNIQUE (b, c), CONSTRAINT uc UNIQUE ([C] COLLATE nocase) UNIQUE (a, b))")
        #expect(schema.tables == [Schema.Table(
            name: "u",
            columns: [Schema.Column(name: "a", type: "TEXT", isUnique: true), Schema.Column(name: "b"), Schema.Column(name: "c")],
            uniqueConstraints: [["b", "c"], ["c"], ["a", "b"]],
            keptClauses: {
                var clauses = kept([(.unique(columns: ["c"]), "uc")])
                clauses.keyTerms[.unique(columns: ["c"])] = [.init(column: "c", suffix: "COLLATE nocase")]
                return clauses
            }(),
            conflictResolutions: [.unique(columns: ["a"]): .replace])])
    }

    // MARK: Names

    @Test func weirdNames() throws {
        let dbQueue = try database([
            #"CREATE TABLE "we""ird name" ("col ""q""" TEXT, [select] INTEGER, `semi;colon` TEXT, 'single' TEXT, "Ünïcødé 表" TEXT, "order" INT)"#,
            #"CREATE TABLE IF NOT EXISTS main."a;b" (";" INTEGER PRIMARY KEY, "x)" TEXT CHECK ("x)" <> ';') REFERENCES "we""ird name")"#,
            #"CREATE INDEX "idx; ""weird""" ON "we""ird name" ([select], "col ""q""" DESC, "Ünïcødé 表")"#,
            #"CREATE VIEW "view; name" AS SELECT [select] FROM "we""ird name";"#,
            #"CREATE TRIGGER "trg""1" AFTER INSERT ON "a;b" BEGIN UPDATE "a;b" SET "x)" = 'a;b'; END"#,
            "CREATE TABLE 表 (名前 TEXT PRIMARY KEY, ✓ INTEGER DEFAULT 1)",
        ])
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        #expect(schema.tables == [
            Schema.Table(
                name: #"we"ird name"#,
                columns: [
                    Schema.Column(name: #"col "q""#, type: "TEXT"), Schema.Column(name: "select", type: "INTEGER"),
                    Schema.Column(name: "semi;colon", type: "TEXT"), Schema.Column(name: "single", type: "TEXT"),
                    Schema.Column(name: "Ünïcødé 表", type: "TEXT"), Schema.Column(name: "order", type: "INT"),
                ],
                indexes: [Schema.Index(name: #"idx; "weird""#,
                                       terms: [.column("select"), .expression(#""col ""q""" DESC"#), .column("Ünïcødé 表")],
                                sql: try storedSQL(dbQueue, #"idx; "weird""#))]),
            Schema.Table(name: "a;b", columns: [
                Schema.Column(name: ";", type: "INTEGER", isPrimaryKey: true),
                Schema.Column(name: "x)", type: "TEXT", check: #""x)" <> ';'"#,
                       reference: ColumnReference(table: #"we"ird name"#)),
            ]),
            Schema.Table(name: "表", columns: [
                Schema.Column(name: "名前", type: "TEXT", isPrimaryKey: true),
                Schema.Column(name: "✓", type: "INTEGER", defaultValue: .integer(1)),
            ]),
        ])
        #expect(schema.views == [Schema.View(name: "view; name", select: #"SELECT [select] FROM "we""ird name""#)])
        #expect(schema.triggers == [Schema.Trigger(name: #"trg"1"#, table: "a;b",
                                            sql: try #require(try storedSQL(dbQueue, #"trg"1"#)))])
    }

    @Test func lineEndingsAndComments() throws {
        let schema = try inspect(
            "CREATE TABLE t ( -- the first line, (with a parenthesis\r\n  a TEXT NOT NULL, -- a comment\r\n"
                + "  b INTEGER /* inline, ) */ CHECK (b > 0)\r\n) STRICT")
        #expect(schema.tables == [Schema.Table(
            name: "t",
            columns: [Schema.Column(name: "a", type: "TEXT", isNotNull: true), Schema.Column(name: "b", type: "INTEGER", check: "b > 0")],
            isStrict: true)])
    }

    // MARK: Views and triggers

    @Test func viewsAndTriggers() throws {
        let dbQueue = try database([
            "CREATE TABLE t (a INTEGER, b TEXT)",
            "CREATE VIEW v2 AS SELECT a FROM t",
            "CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN SELECT ';'; UPDATE t SET b = 'x;' WHERE a = NEW.a; END",
            "CREATE VIEW IF NOT EXISTS v1 (x, y) AS\n  SELECT a, b FROM t WHERE b <> ';' ;",
            "create trigger if not exists main.v1_ins instead of insert on v1 begin insert into t values (new.x, new.y); end",
        ])
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        #expect(schema.views == [
            Schema.View(name: "v2", select: "SELECT a FROM t"),
            Schema.View(name: "v1", select: "SELECT a, b FROM t WHERE b <> ';'", columnNames: ["x", "y"]),
        ])
        #expect(schema.triggers == [
            Schema.Trigger(name: "t_ins", table: "t",
                    sql: "CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN SELECT ';'; UPDATE t SET b = 'x;' WHERE a = NEW.a; END"),
            Schema.Trigger(name: "v1_ins", table: "v1", sql: try #require(try storedSQL(dbQueue, "v1_ins"))),
        ])
    }

    // MARK: Skipped objects

    @Test func skippedObjects() throws {
        let dbQueue = try database([
            "CREATE TABLE kept (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT)",
            "INSERT INTO kept (body) VALUES ('x')",
            "CREATE TABLE _reconciler_state (key TEXT PRIMARY KEY, value TEXT)",
            "CREATE TABLE _RECONCILER_Log (x)",
            "CREATE INDEX _reconciler_kept_idx ON kept (body)",
            "CREATE INDEX _Reconciler_state_idx ON _reconciler_state (value)",
            "CREATE TRIGGER _reconciler_trg AFTER INSERT ON kept BEGIN SELECT 1; END",
            "CREATE TRIGGER state_touch AFTER INSERT ON _reconciler_state BEGIN SELECT 1; END",
            "CREATE VIEW _reconciler_view AS SELECT 1",
            "ANALYZE",
            "CREATE TEMP TABLE temp_only (x)",
            "CREATE TEMP VIEW temp_view AS SELECT 1",
            "CREATE TABLE after_all (x)",
        ])
        let names = try dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
        }
        #expect(names.contains("sqlite_sequence") && names.contains("sqlite_stat1"))
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        #expect(schema == Schema(tables: [
            Schema.Table(name: "kept", columns: [
                Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true),
                Schema.Column(name: "body", type: "TEXT"),
            ]),
            Schema.Table(name: "after_all", columns: [Schema.Column(name: "x")]),
        ]))
        #expect(try dbQueue.read { db in try Catalog(db).shadowTables }.isEmpty)
    }

    @Test func virtualTables() throws {
        let dbQueue = try database(["CREATE TABLE before (x)"])
        let created: [String] = try dbQueue.write { db in
            var created: [String] = []
            for (name, sql) in [
                ("docs", "CREATE VIRTUAL TABLE docs USING fts5(title, body)"),
                ("places", "CREATE VIRTUAL TABLE places USING rtree(id, minX, maxX)"),
                ("old_docs", "CREATE VIRTUAL TABLE old_docs USING fts4(body)"),
            ] {
                do {
                    try db.execute(sql: sql)
                    created.append(name)
                } catch {
                    // This SQLite does not have the module.
                }
            }
            try db.execute(sql: "CREATE TABLE after (y)")
            return created
        }
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        #expect(schema.tables.map(\.name) == ["before", "after"])
        let catalog = try dbQueue.read { db in try Catalog(db) }
        let shadows = catalog.entries.filter { catalog.isShadow($0) }.map(\.name)
        var expectedTables: [Schema.VirtualTable] = []
        var expectedShadows: [String] = []
        if created.contains("docs") {
            expectedTables.append(Schema.VirtualTable(name: "docs", module: "fts5", arguments: ["title", "body"],
                                                      columns: ["title", "body"]))
            expectedShadows += ["docs_data", "docs_idx", "docs_content", "docs_docsize", "docs_config"]
        }
        if created.contains("places") {
            expectedTables.append(Schema.VirtualTable(name: "places", module: "rtree", arguments: ["id", "minX", "maxX"],
                                                      columns: ["id", "minX", "maxX"]))
            expectedShadows += ["places_rowid", "places_node", "places_parent"]
        }
        if created.contains("old_docs") {
            expectedTables.append(Schema.VirtualTable(name: "old_docs", module: "fts4", arguments: ["body"], columns: ["body"]))
            expectedShadows += ["old_docs_content", "old_docs_segments", "old_docs_segdir", "old_docs_docsize", "old_docs_stat"]
        }
        #expect(schema.virtualTables == expectedTables)
        #expect(Set(shadows) == Set(expectedShadows))
    }

    @Test func temporaryObjectsShadowingMainOnesAreIgnored() throws {
        let schema = try inspect(
            "CREATE TABLE t (a INTEGER NOT NULL)",
            "CREATE TEMP TABLE t (z TEXT, y TEXT)",
            "CREATE INDEX main.t_a ON t (a)")
        #expect(schema.tables == [Schema.Table(name: "t", columns: [Schema.Column(name: "a", type: "INTEGER", isNotNull: true)],
                                        indexes: [Schema.Index(name: "t_a", columns: ["a"], sql: "CREATE INDEX t_a ON t (a)")])])
    }

    // MARK: Altered tables

    @Test func alteredTables() throws {
        let schema = try inspect(
            "CREATE TABLE t (a INTEGER)",
            "ALTER TABLE t ADD COLUMN b TEXT NOT NULL DEFAULT 'x' COLLATE NOCASE CHECK (b <> '')",
            #"ALTER TABLE t RENAME COLUMN a TO "new a""#,
            #"ALTER TABLE t RENAME TO "T 2""#,
            "ALTER TABLE \"T 2\" ADD COLUMN c REFERENCES \"T 2\" (\"new a\")",
            "CREATE TABLE d (a, gone TEXT, b)",
            "ALTER TABLE d DROP COLUMN gone")
        #expect(schema.tables == [
            Schema.Table(name: "T 2", columns: [
                Schema.Column(name: "new a", type: "INTEGER"),
                Schema.Column(name: "b", type: "TEXT", isNotNull: true, defaultValue: .text("x"), collation: "NOCASE",
                       check: "b <> ''"),
                Schema.Column(name: "c", reference: ColumnReference(table: "T 2", column: "new a")),
            ]),
            Schema.Table(name: "d", columns: [Schema.Column(name: "a"), Schema.Column(name: "b")]),
        ])
    }

    // MARK: A whole schema

    @Test func wholeSchemaMatchesTheDeclaredModel() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("inspect-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let dbQueue = try DatabaseQueue(path: url.path)
            try dbQueue.write { db in
                try db.execute(sql: """
                    CREATE TABLE "teams" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE COLLATE NOCASE);
                    CREATE TABLE "users" (
                        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                        "email" TEXT NOT NULL UNIQUE,
                        "nickname" TEXT,
                        "score" REAL NOT NULL DEFAULT 0,
                        "status" TEXT DEFAULT 'active',
                        "created_at" TEXT DEFAULT CURRENT_TIMESTAMP,
                        "age" INTEGER CHECK (age >= 0),
                        "team_id" INTEGER REFERENCES "teams" ("id") ON DELETE CASCADE,
                        "full_name" TEXT,
                        "label" TEXT GENERATED ALWAYS AS (nickname || '#' || id) VIRTUAL
                    );
                    CREATE INDEX "users_by_team" ON "users" ("team_id", "created_at");
                    CREATE UNIQUE INDEX "users_active" ON "users" ("email") WHERE status = 'active';
                    CREATE VIEW "active_users" AS SELECT id, email FROM users WHERE status = 'active';
                    CREATE TRIGGER users_touch AFTER UPDATE OF email ON users
                    BEGIN UPDATE users SET status = 'changed' WHERE id = NEW.id; END;
                    """)
            }
            try dbQueue.close()
        }
        let dbQueue = try DatabaseQueue(path: url.path)
        let schema = try dbQueue.read { db in try SchemaInspector().inspect(db) }
        let expected = Schema(
            tables: [
                Schema.Table(name: "teams", columns: [
                    Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
                    Schema.Column(name: "name", type: "TEXT", isNotNull: true, isUnique: true, collation: "NOCASE"),
                ]),
                Schema.Table(
                    name: "users",
                    columns: [
                        Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true),
                        Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true),
                        Schema.Column(name: "nickname", type: "TEXT"),
                        Schema.Column(name: "score", type: "REAL", isNotNull: true, defaultValue: .integer(0)),
                        Schema.Column(name: "status", type: "TEXT", defaultValue: .text("active")),
                        Schema.Column(name: "created_at", type: "TEXT", defaultValue: .sql("CURRENT_TIMESTAMP")),
                        Schema.Column(name: "age", type: "INTEGER", check: "age >= 0"),
                        Schema.Column(name: "team_id", type: "INTEGER",
                               reference: ColumnReference(table: "teams", column: "id", onDelete: .cascade)),
                        Schema.Column(name: "full_name", type: "TEXT"),
                        Schema.Column(name: "label", type: "TEXT",
                               generated: GeneratedColumn(expression: "nickname || '#' || id", isStored: false)),
                    ],
                    indexes: [
                        Schema.Index(name: "users_by_team", columns: ["team_id", "created_at"],
                              sql: #"CREATE INDEX "users_by_team" ON "users" ("team_id", "created_at")"#),
                        Schema.Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'",
                              sql: #"CREATE UNIQUE INDEX "users_active" ON "users" ("email") WHERE status = 'active'"#),
                    ]),
            ],
            views: [Schema.View(name: "active_users", select: "SELECT id, email FROM users WHERE status = 'active'")],
            triggers: [Schema.Trigger(name: "users_touch", table: "users", sql: """
                CREATE TRIGGER users_touch AFTER UPDATE OF email ON users
                BEGIN UPDATE users SET status = 'changed' WHERE id = NEW.id; END
                """)])
        #expect(schema == expected)
        try dbQueue.close()
    }

    @Test func brokenViewsDoNotStopTheInspection() throws {
        let schema = try inspect(
            "CREATE TABLE t (a)",
            "CREATE VIEW v AS SELECT a FROM t",
            "CREATE VIEW missing AS SELECT * FROM nowhere",
            "DROP TABLE t",
            "CREATE TABLE u (b)")
        #expect(schema == Schema(
            tables: [Schema.Table(name: "u", columns: [Schema.Column(name: "b")])],
            views: [Schema.View(name: "v", select: "SELECT a FROM t"), Schema.View(name: "missing", select: "SELECT * FROM nowhere")]))
    }

    @Test func columnTypeResolution() {
        #expect(SchemaInspector.columnType(written: "integer", reported: "INTEGER", isGenerated: false) == "integer")
        #expect(SchemaInspector.columnType(written: nil, reported: "", isGenerated: false) == nil)
        #expect(SchemaInspector.columnType(written: nil, reported: "TEXT", isGenerated: false) == "TEXT")
        #expect(SchemaInspector.columnType(written: "INTEGER", reported: "INTEGER GENERATED ALWAYS", isGenerated: true)
                == "INTEGER")
        #expect(SchemaInspector.columnType(written: nil, reported: "GENERATED ALWAYS", isGenerated: true) == nil)
        #expect(SchemaInspector.columnType(written: "odd", reported: "other", isGenerated: false) == "other")
        // SQLite drops a type that ends the column definition with `GENERATED ALWAYS`.
        #expect(SchemaInspector.columnType(written: "GENERATED ALWAYS", reported: "", isGenerated: false) == nil)
    }
}
