import Testing
@testable import SchemaReconciler

@Suite("Inspect: CreateTableStatement")
struct InspectCreateTableStatementTests {
    @Test func headerSpellings() throws {
        let plain = try CreateTableStatement(sql: "CREATE TABLE t (a)")
        #expect(plain.name == "t")
        #expect(plain.head.schemaName == nil)
        #expect(!plain.head.isTemporary && !plain.head.ifNotExists)

        let full = try CreateTableStatement(sql: #"create temporary table if not exists main."we""ird name"(a)"#)
        #expect(full.name == #"we"ird name"#)
        #expect(full.head.schemaName == "main")
        #expect(full.head.isTemporary && full.head.ifNotExists)

        #expect(try CreateTableStatement(sql: "CREATE TEMP TABLE [my table](a);").name == "my table")
        #expect(try CreateTableStatement(sql: "CREATE TABLE `back``tick`(a)").name == "back`tick")
        #expect(try CreateTableStatement(sql: "CREATE TABLE 'single''quoted'(a)").name == "single'quoted")
        #expect(try CreateTableStatement(sql: "CREATE TABLE \"a;b\"(\"c;d\")").columns.map(\.name) == ["c;d"])
        #expect(try CreateTableStatement(sql: "CREATE TABLE \"Ünïcødé 表\"(名前 TEXT)").table
            == Schema.Table(name: "Ünïcødé 表", columns: [Schema.Column(name: "名前", type: "TEXT")]))
    }

    @Test func typesAsWritten() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                a numeric(15,  4), b VARYING CHARACTER(20) NOT NULL, c UNSIGNED BIG INT, d, e integer,
                f "quoted type", g DOUBLE PRECISION DEFAULT 1, h decimal(-5, +3), i GENERATED, j key,
                k GENERATED ALWAYS, l UNSIGNED BIG INT ALWAYS, m INT ALWAYS
            )
            """)
        #expect(statement.columns.map(\.type) == [
            "numeric(15,  4)", "VARYING CHARACTER(20)", "UNSIGNED BIG INT", nil, "integer",
            "quoted type", "DOUBLE PRECISION", "decimal(-5, +3)", "GENERATED", "key", nil, "UNSIGNED BIG INT", "INT ALWAYS",
        ])
    }

    @Test func columnConstraints() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK AUTOINCREMENT,
                email TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE "NOCASE",
                age INT NULL CHECK (age >= 0) CONSTRAINT adult CHECK(age < (150 + (1))),
                team INTEGER REFERENCES teams ON DELETE CASCADE ON UPDATE SET NULL MATCH SIMPLE,
                owner REFERENCES "users" ("id") DEFERRABLE INITIALLY DEFERRED,
                other REFERENCES users(id) NOT DEFERRABLE INITIALLY DEFERRED,
                late REFERENCES users ON INSERT CASCADE CONSTRAINT d DEFERRABLE INITIALLY DEFERRED,
                label TEXT GENERATED ALWAYS AS (email || ' (' || id || ')') STORED,
                v AS (id * 2) VIRTUAL,
                w INT AS (id)
            )
            """)
        let columns = statement.columns
        var id = CreateTableStatement.ColumnDefinition(
            name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true,
            sql: "id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK AUTOINCREMENT")
        id.primaryKeyOrder = "ASC"
        id.conflicts = ["PRIMARY KEY": "ROLLBACK"]
        id.constraintNames = ["PRIMARY KEY": "pk"]
        #expect(columns[0] == id)
        var email = CreateTableStatement.ColumnDefinition(
            name: "email", type: "TEXT", isNotNull: true, isUnique: true, collation: "NOCASE",
            sql: #"email TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE "NOCASE""#)
        email.conflicts = ["NOT NULL": "ABORT", "UNIQUE": "IGNORE"]
        #expect(columns[1] == email)
        #expect(columns[2].constraintNames == ["CHECK#1": "adult"])
        // A name written before a lone deferral names no constraint.
        #expect(columns[6].constraintNames.isEmpty)
        #expect(columns[2].checks == ["age >= 0", "age < (150 + (1))"])
        #expect(!columns[2].isNotNull)
        #expect(columns[3].references == [ColumnReference(table: "teams", onDelete: .cascade, onUpdate: .setNull)])
        #expect(columns[4].references == [ColumnReference(table: "users", column: "id", isDeferred: true)])
        #expect(columns[5].references == [ColumnReference(table: "users", column: "id")])
        #expect(columns[6].references == [ColumnReference(table: "users", isDeferred: true)])
        #expect(columns[7].generated == GeneratedColumn(expression: "email || ' (' || id || ')'", isStored: true))
        #expect(columns[7].type == "TEXT")
        #expect(columns[8].generated == GeneratedColumn(expression: "id * 2", isStored: false))
        #expect(columns[8].type == nil)
        #expect(columns[9].generated == GeneratedColumn(expression: "id", isStored: false))
        #expect(columns[9].type == "INT")
    }

    @Test func defaults() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                a DEFAULT 'active', b DEFAULT 0, c DEFAULT -1, d DEFAULT 1.5, e DEFAULT NULL, f DEFAULT TRUE,
                g DEFAULT CURRENT_TIMESTAMP, h DEFAULT (strftime('%s','now')), i DEFAULT + 2, j DEFAULT 'a,b)c',
                k DEFAULT ((1) + (2)), l DEFAULT 'it''s' COLLATE nocase, m DEFAULT x'00ff', n DEFAULT active,
                o DEFAULT 0x1F, p DEFAULT -0x10, q DEFAULT 0xFFFFFFFFFFFFFFFF, r DEFAULT "dq", s DEFAULT [br]
            )
            """)
        #expect(statement.columns.map(\.defaultExpression) == [
            "'active'", "0", "-1", "1.5", "NULL", "TRUE", "CURRENT_TIMESTAMP", "strftime('%s','now')", "+ 2",
            "'a,b)c'", "(1) + (2)", "'it''s'", "x'00ff'", "active", "0x1F", "-0x10", "0xFFFFFFFFFFFFFFFF", "\"dq\"", "[br]",
        ])
        #expect(statement.columns[11].collation == "nocase")
        // What SQLite stores for each: a bare or quoted name after DEFAULT is text, hex is a 64-bit integer.
        #expect(statement.table.columns.map(\.defaultValue) == [
            .text("active"), .integer(0), .integer(-1), .real(1.5), .null, .boolean(true), .sql("CURRENT_TIMESTAMP"),
            .sql("strftime('%s','now')"), .integer(2), .text("a,b)c"), .sql("(1) + (2)"), .text("it's"),
            .sql("x'00ff'"), .text("active"), .integer(31), .integer(-16), .integer(-1), .text("dq"), .text("br"),
        ])
    }

    @Test func tableConstraints() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                A INTEGER, b TEXT, c, d,
                CONSTRAINT pk PRIMARY KEY ("a" DESC, b COLLATE nocase) ON CONFLICT REPLACE,
                UNIQUE (b, c) UNIQUE ([d]) CONSTRAINT positive CHECK (a > 0 AND (c IS NULL OR c <> ','))
                FOREIGN KEY (c, d) REFERENCES parent (x, y) ON DELETE SET DEFAULT ON UPDATE NO ACTION
                    DEFERRABLE INITIALLY DEFERRED,
                FOREIGN KEY (b) REFERENCES other ON UPDATE RESTRICT DEFERRABLE INITIALLY IMMEDIATE
            ) WITHOUT ROWID
            """)
        #expect(statement.constraints == [
            .primaryKey(columns: ["a", "b"], isAutoincrement: false),
            .unique(columns: ["b", "c"]),
            .unique(columns: ["d"]),
            .check("a > 0 AND (c IS NULL OR c <> ',')"),
            .foreignKey(Schema.ForeignKey(columns: ["c", "d"], table: "parent", referencedColumns: ["x", "y"],
                                   onDelete: .setDefault, onUpdate: .noAction, isDeferred: true)),
            .foreignKey(Schema.ForeignKey(columns: ["b"], table: "other", onUpdate: .restrict)),
        ])
        #expect(statement.isWithoutRowID && !statement.isStrict)
        // The model takes the spelling of the column definitions.
        #expect(statement.table.primaryKey == ["A", "b"])
    }

    @Test func tableOptions() throws {
        for (sql, strict, withoutRowID) in [
            ("CREATE TABLE t (a INT PRIMARY KEY)", false, false),
            ("CREATE TABLE t (a INT PRIMARY KEY) STRICT", true, false),
            ("CREATE TABLE t (a INT PRIMARY KEY)without rowid", false, true),
            ("CREATE TABLE t (a INT PRIMARY KEY) STRICT, WITHOUT ROWID;", true, true),
            ("CREATE TABLE t (a INT PRIMARY KEY) Without RowID ,strict", true, true),
            ("CREATE TABLE t (a INT PRIMARY KEY) /* options */ STRICT -- done", true, false),
        ] {
            let statement = try CreateTableStatement(sql: sql)
            #expect(statement.isStrict == strict, "\(sql)")
            #expect(statement.isWithoutRowID == withoutRowID, "\(sql)")
        }
    }

    @Test func trickyText() throws {
        let sql = """
            CREATE TABLE "t" ( -- the table, (with a paren
                a TEXT DEFAULT 'x, y' /* a comma, ) */ CHECK (a IN ('(', ')', ',', '--')),
                b INTEGER DEFAULT (abs(-(1 + (2 * 3)))) CHECK ((b) BETWEEN -1 AND (10)),
                "c,d" TEXT, -- a trailing comment, with a comma
                [e)f] TEXT COLLATE "nocase",
                CHECK (length(a) > (SELECT 0)) -- ends here
            );
            """
        let statement = try CreateTableStatement(sql: sql)
        #expect(statement.columns.map(\.name) == ["a", "b", "c,d", "e)f"])
        #expect(statement.columns[0].defaultExpression == "'x, y'")
        #expect(statement.columns[0].checks == ["a IN ('(', ')', ',', '--')"])
        #expect(statement.columns[0].sql == "a TEXT DEFAULT 'x, y' /* a comma, ) */ CHECK (a IN ('(', ')', ',', '--'))")
        #expect(statement.columns[1].defaultExpression == "abs(-(1 + (2 * 3)))")
        #expect(statement.columns[1].checks == ["(b) BETWEEN -1 AND (10)"])
        #expect(statement.columns[3].collation == "nocase")
        #expect(statement.constraints == [.check("length(a) > (SELECT 0)")])
    }

    @Test func commentsInsideExpressionsAreKept() throws {
        let statement = try CreateTableStatement(sql: "CREATE TABLE t (a CHECK ( /* lead */ a > 0 /* mid */ AND a < 9 -- tail\n ))")
        #expect(statement.columns[0].checks == ["a > 0 /* mid */ AND a < 9"])
    }

    @Test func crlfLineEnds() throws {
        let sql = "CREATE TABLE t ( -- first, line\r\n  a TEXT CHECK (a <> '\r\n'), -- second\r\n  b INT\r\n) STRICT"
        let statement = try CreateTableStatement(sql: sql)
        #expect(statement.columns.map(\.name) == ["a", "b"])
        #expect(statement.columns[0].checks == ["a <> '\r\n'"])
        #expect(statement.isStrict)
    }

    @Test func autoincrementInTableLevelKey() throws {
        let statement = try CreateTableStatement(sql: "CREATE TABLE t (id INTEGER, name TEXT, PRIMARY KEY (id AUTOINCREMENT))")
        #expect(statement.constraints == [.primaryKey(columns: ["id"], isAutoincrement: true)])
        #expect(statement.table == Schema.Table(
            name: "t",
            columns: [Schema.Column(name: "id", type: "INTEGER", isAutoincrement: true), Schema.Column(name: "name", type: "TEXT")],
            primaryKey: ["id"]))
    }

    @Test func modelFromSQL() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE CHECK (email LIKE '%@%') CHECK (length(email) < 100),
                team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE REFERENCES orgs,
                CHECK (id > 0)
            ) STRICT
            """)
        #expect(statement.table == Schema.Table(
            name: "users",
            columns: [
                Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
                Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true, check: "email LIKE '%@%'"),
                Schema.Column(name: "team_id", type: "INTEGER",
                       reference: ColumnReference(table: "teams", column: "id", onDelete: .cascade)),
            ],
            checks: ["length(email) < 100", "id > 0"],
            foreignKeys: [Schema.ForeignKey(columns: ["team_id"], table: "orgs")],
            isStrict: true))
    }

    @Test func keywordsAsNames() throws {
        let statement = try CreateTableStatement(sql: #"CREATE TABLE "order" ([select] TEXT, "from" INT, key TEXT, action, `group` TEXT)"#)
        #expect(statement.name == "order")
        #expect(statement.columns.map(\.name) == ["select", "from", "key", "action", "group"])
        #expect(statement.columns.map(\.type) == ["TEXT", "INT", "TEXT", nil, "TEXT"])
    }

    @Test func rejectsWhatIsNotACreateTable() {
        for sql in [
            "", "CREATE TABLE t", "CREATE TABLE t ()", "CREATE TABLE t (a", "CREATE TABLE t AS SELECT 1",
            "CREATE INDEX i ON t(a)", "CREATE TABLE t (a) garbage", "CREATE TABLE t (a CHECK a > 0)",
            "CREATE TABLE t (a, PRIMARY KEY (a) b INT)", "CREATE TABLE t (a) WITHOUT something",
            "CREATE TABLE t (a REFERENCES p ON DELETE EXPLODE)",
        ] {
            #expect(throws: CreateStatementParseError.self, "\(sql)") { try CreateTableStatement(sql: sql) }
        }
    }
}

@Suite("Inspect: CreateIndexStatement and CreateViewStatement")
struct InspectCreateIndexStatementTests {
    @Test func index() throws {
        let index = try CreateIndexStatement(sql: """
            CREATE UNIQUE INDEX IF NOT EXISTS main."by email" ON "users" (
                lower(email), created_at DESC, "name" COLLATE "NOCASE" ASC, (team), id ASC, coalesce(a, ',')
            ) WHERE deleted_at IS NULL AND (kind = 'a, b') -- why
            """)
        #expect(index.name == "by email")
        #expect(index.head.schemaName == "main")
        #expect(index.tableName == "users")
        #expect(index.isUnique && index.head.ifNotExists)
        #expect(index.terms == [
            .init(sql: "lower(email)"),
            .init(sql: "created_at DESC", columnName: "created_at", isDescending: true),
            .init(sql: #""name" COLLATE "NOCASE" ASC"#, columnName: "name", collation: "NOCASE"),
            .init(sql: "(team)", columnName: "team"),
            .init(sql: "id ASC", columnName: "id"),
            .init(sql: "coalesce(a, ',')"),
        ])
        #expect(index.condition == "deleted_at IS NULL AND (kind = 'a, b')")
        #expect(try CreateIndexStatement(sql: "create index i on t(a) where a > 0;").condition == "a > 0")
        #expect(try CreateIndexStatement(sql: "CREATE INDEX [i] ON [t] ([a])").condition == nil)
        #expect(throws: CreateStatementParseError.self) { try CreateIndexStatement(sql: "CREATE INDEX i ON t") }
        #expect(throws: CreateStatementParseError.self) { try CreateIndexStatement(sql: "CREATE INDEX i ON t(a) WHERE") }
    }

    @Test func view() throws {
        #expect(try CreateViewStatement(sql: "CREATE VIEW v AS SELECT 1;").select == "SELECT 1")
        let view = try CreateViewStatement(sql: """
            CREATE TEMP VIEW IF NOT EXISTS main."as" (a, "b c") AS
              SELECT x AS a, y AS "b c" FROM (SELECT 1 AS x, 2 AS y) ;\t
            """)
        #expect(view.name == "as")
        #expect(view.head.isTemporary && view.head.ifNotExists)
        #expect(view.columnNames == ["a", "b c"])
        #expect(view.select == #"SELECT x AS a, y AS "b c" FROM (SELECT 1 AS x, 2 AS y)"#)
        #expect(throws: CreateStatementParseError.self) { try CreateViewStatement(sql: "CREATE VIEW v") }
    }
}
