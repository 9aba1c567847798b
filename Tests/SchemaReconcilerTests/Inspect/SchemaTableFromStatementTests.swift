import Testing
@testable import SchemaReconciler

@Suite("Inspect: the table a CREATE TABLE statement describes")
struct SchemaTableFromStatementTests {
    private func table(_ sql: String) throws -> Schema.Table {
        Schema.Table(try CreateTableStatement(sql: sql))
    }

    @Test func modelFromSQL() throws {
        #expect(try table("""
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE CHECK (email LIKE '%@%') CHECK (length(email) < 100),
                team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE REFERENCES orgs,
                CHECK (id > 0)
            ) STRICT
            """) == Schema.Table(
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
        #expect(try table("CREATE TABLE \"Ünïcødé 表\"(名前 TEXT)")
            == Schema.Table(name: "Ünïcødé 表", columns: [Schema.Column(name: "名前", type: "TEXT")]))
        // The table finds its columns by name, as SQLite does.
        #expect(try table("CREATE TABLE t (a, \"B\")").column(named: "b")?.name == "B")
    }

    @Test func columnConstraints() throws {
        let columns = try table("""
            CREATE TABLE t (
                id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK AUTOINCREMENT,
                email TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE "NOCASE",
                age INT NULL CHECK (age >= 0) CONSTRAINT adult CHECK(age < (150 + (1))),
                team INTEGER REFERENCES teams ON DELETE CASCADE ON UPDATE SET NULL MATCH SIMPLE,
                owner REFERENCES "users" ("id") DEFERRABLE INITIALLY DEFERRED,
                late REFERENCES users ON INSERT CASCADE CONSTRAINT d DEFERRABLE INITIALLY DEFERRED,
                label TEXT GENERATED ALWAYS AS (email || ' (' || id || ')') STORED COLLATE a COLLATE b
            )
            """).columns
        #expect(columns[0] == Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true))
        #expect(columns[1] == Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true, collation: "NOCASE"))
        #expect(columns[2] == Schema.Column(name: "age", type: "INT", check: "age >= 0"))
        #expect(columns[3].reference == ColumnReference(table: "teams", onDelete: .cascade, onUpdate: .setNull))
        #expect(columns[4].reference == ColumnReference(table: "users", column: "id", isDeferred: true))
        #expect(columns[5].reference == ColumnReference(table: "users", isDeferred: true))
        #expect(columns[6].generated == GeneratedColumn(expression: "email || ' (' || id || ')'", isStored: true))
        // The last COLLATE counts, as in SQLite.
        #expect(columns[6].collation == "b")
    }

    @Test func defaultValues() throws {
        let columns = try table(CreateTableStatementTests.defaults).columns
        // What SQLite stores for each: a bare or quoted name after DEFAULT is text, hex is a 64-bit integer.
        #expect(columns.map(\.defaultValue) == [
            .text("active"), .integer(0), .integer(-1), .real(1.5), .null, .boolean(true), .sql("CURRENT_TIMESTAMP"),
            .sql("strftime('%s','now')"), .integer(2), .text("a,b)c"), .sql("(1) + (2)"), .text("it's"),
            .sql("x'00ff'"), .text("active"), .integer(31), .integer(-16), .integer(-1), .text("dq"), .text("br"),
            .integer(2),
        ])
        #expect(columns[11].collation == "nocase")
    }

    @Test func tableConstraintsTakeTheColumnsSpelling() throws {
        let table = try table("""
            CREATE TABLE t (
                A INTEGER, b TEXT, c, d,
                PRIMARY KEY ("a", B), UNIQUE (C, d), CHECK (a > 0),
                FOREIGN KEY (C, D) REFERENCES parent (x, y) ON DELETE SET DEFAULT DEFERRABLE INITIALLY DEFERRED
            ) WITHOUT ROWID
            """)
        #expect(table.primaryKey == ["A", "b"])
        #expect(table.uniqueConstraints == [["c", "d"]])
        #expect(table.checks == ["a > 0"])
        #expect(table.foreignKeys == [Schema.ForeignKey(columns: ["c", "d"], table: "parent", referencedColumns: ["x", "y"],
                                                        onDelete: .setDefault, isDeferred: true)])
        #expect(table.isWithoutRowID && !table.isStrict)
        #expect(table.keptClauses == KeptClauses())
    }

    @Test func autoincrementInTableLevelKey() throws {
        #expect(try table("CREATE TABLE t (id INTEGER, name TEXT, PRIMARY KEY (id AUTOINCREMENT))") == Schema.Table(
            name: "t",
            columns: [Schema.Column(name: "id", type: "INTEGER", isAutoincrement: true), Schema.Column(name: "name", type: "TEXT")],
            primaryKey: ["id"]))
    }

    @Test func namesConflictsAndKeyTermsAreKept() throws {
        let table = try table("""
            CREATE TABLE t (
                id INTEGER CONSTRAINT pk PRIMARY KEY DESC ON CONFLICT ROLLBACK,
                email TEXT CONSTRAINT filled NOT NULL ON CONFLICT IGNORE CONSTRAINT once UNIQUE,
                age CHECK (age > 0) CONSTRAINT sane CHECK (age < 150) CONSTRAINT ignored DEFAULT 1,
                team CONSTRAINT team_fk REFERENCES teams,
                CONSTRAINT pair UNIQUE (email COLLATE NOCASE, age) ON CONFLICT REPLACE,
                CONSTRAINT positive CHECK (id > 0), CONSTRAINT fk FOREIGN KEY (age) REFERENCES ages
            )
            """)
        var kept = KeptClauses()
        kept.names = [
            .primaryKey(columns: ["id"]): "pk", .notNull(column: "email"): "filled", .unique(columns: ["email"]): "once",
            .check(expression: "age < 150"): "sane", .foreignKey(columns: ["team"]): "team_fk",
            .unique(columns: ["email", "age"]): "pair", .check(expression: "id > 0"): "positive",
            .foreignKey(columns: ["age"]): "fk",
        ]
        kept.keyTerms = [
            .primaryKey(columns: ["id"]): [KeptClauses.KeyTerm(column: "id", suffix: "DESC")],
            .unique(columns: ["email", "age"]): [KeptClauses.KeyTerm(column: "email", suffix: "COLLATE NOCASE"),
                                                 KeptClauses.KeyTerm(column: "age", suffix: "")],
        ]
        #expect(table.keptClauses == kept)
        #expect(table.conflictResolutions == [
            .primaryKey(columns: ["id"]): .rollback, .notNull(column: "email"): .ignore,
            .unique(columns: ["email", "age"]): .replace,
        ])
    }
}
