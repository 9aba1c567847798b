import Testing
@testable import SchemaReconciler

@Suite("SQL: CREATE TABLE syntax")
struct CreateTableStatementTests {
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
        #expect(try CreateTableStatement(sql: "CREATE TABLE \"Ünïcødé 表\"(名前 TEXT)").columns
            == [.init(name: "名前", type: "TEXT", sql: "名前 TEXT")])
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

    @Test func keysNullsAndUniques() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK AUTOINCREMENT,
                email TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE "NOCASE",
                age INT NULL, code PRIMARY KEY DESC, tag UNIQUE NOT NULL
            )
            """)
        #expect(statement.columns[0] == CreateTableStatement.Column(
            name: "id", type: "INTEGER",
            constraints: [.init(name: "pk", clause: .primaryKey(order: "ASC", conflict: "ROLLBACK", isAutoincrement: true))],
            sql: "id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK AUTOINCREMENT"))
        #expect(statement.columns[1].constraints == [
            .init(clause: .notNull(conflict: "ABORT")), .init(clause: .unique(conflict: "IGNORE")),
            .init(clause: .collate("NOCASE")),
        ])
        #expect(statement.columns[2].constraints == [.init(clause: .null)])
        #expect(statement.columns[3].constraints == [.init(clause: .primaryKey(order: "DESC", conflict: nil, isAutoincrement: false))])
        #expect(statement.columns[4].constraints == [.init(clause: .unique(conflict: nil)), .init(clause: .notNull(conflict: nil))])
    }

    @Test func checksAndGeneratedColumns() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                age INT CHECK (age >= 0) CONSTRAINT adult CHECK(age < (150 + (1))) ON CONFLICT FAIL,
                label TEXT GENERATED ALWAYS AS (email || ' (' || id || ')') STORED,
                v AS (id * 2) VIRTUAL,
                w INT AS (id)
            )
            """)
        #expect(statement.columns[0].constraints == [
            .init(clause: .check("age >= 0")), .init(name: "adult", clause: .check("age < (150 + (1))")),
        ])
        #expect(statement.columns[1].constraints == [.init(clause: .generated(expression: "email || ' (' || id || ')'", isStored: true))])
        #expect(statement.columns[1].type == "TEXT")
        #expect(statement.columns[2].constraints == [.init(clause: .generated(expression: "id * 2", isStored: false))])
        #expect(statement.columns[2].type == nil)
        #expect(statement.columns[3].constraints == [.init(clause: .generated(expression: "id", isStored: false))])
        #expect(statement.columns[3].type == "INT")
    }

    @Test func references() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                team INTEGER REFERENCES teams ON DELETE CASCADE ON UPDATE SET NULL MATCH SIMPLE,
                owner REFERENCES "users" ("id") DEFERRABLE INITIALLY DEFERRED,
                other REFERENCES users(id) NOT DEFERRABLE INITIALLY DEFERRED,
                late REFERENCES users ON INSERT CASCADE CONSTRAINT d DEFERRABLE INITIALLY DEFERRED,
                two CONSTRAINT first REFERENCES a REFERENCES b (x) ON DELETE NO ACTION DEFERRABLE INITIALLY IMMEDIATE
            )
            """)
        #expect(statement.columns.map(\.constraints) == [
            [.init(clause: .references(ForeignKeyClause(table: "teams", onDelete: "CASCADE", onUpdate: "SET NULL")))],
            [.init(clause: .references(ForeignKeyClause(table: "users", columns: ["id"], isDeferred: true)))],
            [.init(clause: .references(ForeignKeyClause(table: "users", columns: ["id"])))],
            // A deferral written apart applies to the REFERENCES before it; the name before it names nothing.
            [.init(clause: .references(ForeignKeyClause(table: "users", isDeferred: true)))],
            [
                .init(name: "first", clause: .references(ForeignKeyClause(table: "a"))),
                .init(clause: .references(ForeignKeyClause(table: "b", columns: ["x"], onDelete: "NO ACTION"))),
            ],
        ])
    }

    /// A default of each kind SQLite reads; the last DEFAULT of a column counts.
    static let defaults = """
        CREATE TABLE t (
            a DEFAULT 'active', b DEFAULT 0, c DEFAULT -1, d DEFAULT 1.5, e DEFAULT NULL, f DEFAULT TRUE,
            g DEFAULT CURRENT_TIMESTAMP, h DEFAULT (strftime('%s','now')), i DEFAULT + 2, j DEFAULT 'a,b)c',
            k DEFAULT ((1) + (2)), l DEFAULT 'it''s' COLLATE nocase, m DEFAULT x'00ff', n DEFAULT active,
            o DEFAULT 0x1F, p DEFAULT -0x10, q DEFAULT 0xFFFFFFFFFFFFFFFF, r DEFAULT "dq", s DEFAULT [br],
            u DEFAULT 1 DEFAULT 2
        )
        """

    @Test func defaultsAsWritten() throws {
        let statement = try CreateTableStatement(sql: Self.defaults)
        #expect(statement.columns.map(\.defaultExpression) == [
            "'active'", "0", "-1", "1.5", "NULL", "TRUE", "CURRENT_TIMESTAMP", "strftime('%s','now')", "+ 2",
            "'a,b)c'", "(1) + (2)", "'it''s'", "x'00ff'", "active", "0x1F", "-0x10", "0xFFFFFFFFFFFFFFFF", "\"dq\"", "[br]",
            "2",
        ])
        #expect(statement.columns[11].constraints == [.init(clause: .defaultValue("'it''s'")), .init(clause: .collate("nocase"))])
    }

    @Test func constraintNames() throws {
        let statement = try CreateTableStatement(sql: """
            CREATE TABLE t (
                a CONSTRAINT "not null" NOT NULL CONSTRAINT [u] UNIQUE CONSTRAINT `c` CHECK (a > 0) CONSTRAINT d DEFAULT 1,
                b CONSTRAINT first CONSTRAINT second NOT NULL CONSTRAINT dangling,
                CONSTRAINT "the key" PRIMARY KEY (a), CONSTRAINT 'fk' FOREIGN KEY (b) REFERENCES p
            )
            """)
        #expect(statement.columns[0].constraints.map(\.name) == ["not null", "u", "c", "d"])
        // The last name before a clause names it; a name with no clause after it names nothing.
        #expect(statement.columns[1].constraints == [.init(name: "second", clause: .notNull(conflict: nil))])
        #expect(statement.constraints.map(\.name) == ["the key", "fk"])
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
            .init(name: "pk", clause: .primaryKey([.init(column: "a", suffix: "DESC"), .init(column: "b", suffix: "COLLATE nocase")],
                                                  isAutoincrement: false, conflict: "REPLACE")),
            .init(clause: .unique([.init(column: "b"), .init(column: "c")], conflict: nil)),
            .init(clause: .unique([.init(column: "d")], conflict: nil)),
            .init(name: "positive", clause: .check("a > 0 AND (c IS NULL OR c <> ',')")),
            .init(clause: .foreignKey(columns: ["c", "d"], ForeignKeyClause(
                table: "parent", columns: ["x", "y"], onDelete: "SET DEFAULT", onUpdate: "NO ACTION", isDeferred: true))),
            .init(clause: .foreignKey(columns: ["b"], ForeignKeyClause(table: "other", onUpdate: "RESTRICT"))),
        ])
        #expect(statement.isWithoutRowID && !statement.isStrict)
        #expect(try CreateTableStatement(sql: "CREATE TABLE t (id INTEGER, PRIMARY KEY (id AUTOINCREMENT))").constraints
            == [.init(clause: .primaryKey([.init(column: "id")], isAutoincrement: true, conflict: nil))])
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

    @Test func commentsAndQuotedText() throws {
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
        #expect(statement.columns[0].constraints == [.init(clause: .defaultValue("'x, y'")),
                                                     .init(clause: .check("a IN ('(', ')', ',', '--')"))])
        #expect(statement.columns[0].sql == "a TEXT DEFAULT 'x, y' /* a comma, ) */ CHECK (a IN ('(', ')', ',', '--'))")
        #expect(statement.columns[1].constraints == [.init(clause: .defaultValue("abs(-(1 + (2 * 3)))")),
                                                     .init(clause: .check("(b) BETWEEN -1 AND (10)"))])
        #expect(statement.columns[3].constraints == [.init(clause: .collate("nocase"))])
        #expect(statement.constraints == [.init(clause: .check("length(a) > (SELECT 0)"))])
        // A comment inside an expression is kept; one just inside its parentheses is not.
        let check = try CreateTableStatement(sql: "CREATE TABLE t (a CHECK ( /* lead */ a > 0 /* mid */ AND a < 9 -- tail\n ))")
        #expect(check.columns[0].constraints == [.init(clause: .check("a > 0 /* mid */ AND a < 9"))])
    }

    @Test func crlfLineEnds() throws {
        let sql = "CREATE TABLE t ( -- first, line\r\n  a TEXT CHECK (a <> '\r\n'), -- second\r\n  b INT\r\n) STRICT"
        let statement = try CreateTableStatement(sql: sql)
        #expect(statement.columns.map(\.name) == ["a", "b"])
        #expect(statement.columns[0].constraints == [.init(clause: .check("a <> '\r\n'"))])
        #expect(statement.isStrict)
    }

    @Test func keywordsAsNames() throws {
        let statement = try CreateTableStatement(sql: #"CREATE TABLE "order" ([select] TEXT, "from" INT, key TEXT, action, `group` TEXT)"#)
        #expect(statement.name == "order")
        #expect(statement.columns.map(\.name) == ["select", "from", "key", "action", "group"])
        #expect(statement.columns.map(\.type) == ["TEXT", "INT", "TEXT", nil, "TEXT"])
    }

    @Test func columnsEndWhereAddColumnWrites() throws {
        let sql = "CREATE TABLE t (a INT, b TEXT NOT NULL, UNIQUE (a))"
        let statement = try CreateTableStatement(sql: sql)
        #expect(String(decoding: Array(sql.utf8.prefix(statement.columnsEnd)), as: UTF8.self) == "CREATE TABLE t (a INT, b TEXT NOT NULL")
    }

    @Test func rejectsWhatIsNotACreateTable() {
        for sql in [
            "", "CREATE TABLE t", "CREATE TABLE t ()", "CREATE TABLE t (a", "CREATE TABLE t AS SELECT 1",
            "CREATE INDEX i ON t(a)", "CREATE TABLE t (a) garbage", "CREATE TABLE t (a CHECK a > 0)",
            "CREATE TABLE t (a, PRIMARY KEY (a) b INT)", "CREATE TABLE t (a) WITHOUT something",
            "CREATE TABLE t (a REFERENCES p ON DELETE EXPLODE)", "CREATE TABLE t (a DEFERRABLE INITIALLY DEFERRED)",
            "CREATE TABLE t (a REFERENCES p DEFERRABLE INITIALLY LATER)", "CREATE TABLE t (a, FOREIGN KEY (a + 1) REFERENCES p)",
            "CREATE TABLE t (a DEFAULT ?)", "CREATE TABLE t (a NOT NULL ON CONFLICT)",
        ] {
            #expect(throws: CreateStatementParseError.self, "\(sql)") { try CreateTableStatement(sql: sql) }
        }
    }
}

@Suite("SQL: CREATE INDEX and CREATE VIEW syntax")
struct CreateIndexStatementTests {
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
