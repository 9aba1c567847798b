import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Conflict clauses: the forms that declare them, and the mistakes

@Suite struct LoadConflictClauseTests {
    /// A table `t` with `body` under it (indented as table keys); its first line is line 7.
    static func table(_ body: String) -> String {
        LoadConstraintNameTests.table(body)
    }

    // MARK: The forms

    @Test func everyConstraintTakesOneOnAColumn() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  id:    { type: TEXT, primary_key: { on_conflict: replace }, not_null: { on_conflict: Rollback } }
                  email: { type: TEXT, unique: { name: t_email_key, on_conflict: IGNORE } }
                  title: { type: TEXT, not_null: { name: t_title_nn, on_conflict: fail }, default: "" }
                  body:  { type: TEXT, not_null: { on_conflict: abort } }
            """))
        let table = try #require(file.schema.table(named: "t"))
        #expect(table.columns.map(\.isPrimaryKey) == [true, false, false, false])
        #expect(table.columns.map(\.isNotNull) == [true, false, true, true])
        #expect(table.columns[1].isUnique)
        // abort, SQLite's default, is the same as none.
        #expect(table.conflictResolutions == [
            .primaryKey(columns: ["id"]): .replace, .notNull(column: "id"): .rollback,
            .unique(columns: ["email"]): .ignore, .notNull(column: "title"): .fail,
        ])
        #expect(table.constraintNames.names == [.unique(columns: ["email"]): "t_email_key", .notNull(column: "title"): "t_title_nn"])
        #expect(SchemaSQL.createTable(table).contains(
            #""id" TEXT PRIMARY KEY ON CONFLICT REPLACE NOT NULL ON CONFLICT ROLLBACK"#))
        #expect(SchemaSQL.createTable(table).contains(#""title" TEXT CONSTRAINT "t_title_nn" NOT NULL ON CONFLICT FAIL DEFAULT ''"#))
        #expect(SchemaSQL.createTable(table).contains(#""body" TEXT NOT NULL,"#) || SchemaSQL.createTable(table).hasSuffix(#""body" TEXT NOT NULL"# + "\n)"))
    }

    @Test func keysTakeOneOnTheTable() throws {
        let file = try loadSchema(Self.table("""
                columns: { a: INTEGER, b: INTEGER, c: INTEGER }
                primary_key: { columns: [a, b], on_conflict: replace }
                unique:
                  - [b, c]
                  - { columns: [a, c], name: t_a_c_key, on_conflict: ignore }
            """))
        let table = try #require(file.schema.table(named: "t"))
        #expect(table.primaryKey == ["a", "b"] && table.uniqueConstraints == [["b", "c"], ["a", "c"]])
        #expect(table.conflictResolutions == [.primaryKey(columns: ["a", "b"]): .replace, .unique(columns: ["a", "c"]): .ignore])
        let sql = SchemaSQL.createTable(table)
        #expect(sql.contains(#"PRIMARY KEY ("a", "b") ON CONFLICT REPLACE"#), "\(sql)")
        #expect(sql.contains(#"CONSTRAINT "t_a_c_key" UNIQUE ("a", "c") ON CONFLICT IGNORE"#), "\(sql)")
        #expect(sql.contains(#"UNIQUE ("b", "c"),"#) || sql.contains(#"UNIQUE ("b", "c")"# + "\n"), "\(sql)")
    }

    @Test func anAutoincrementKeyWritesItsClauseBeforeAutoincrement() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  id: { type: INTEGER, primary_key: { on_conflict: fail }, autoincrement: true }
            """))
        #expect(SchemaSQL.createTable(try #require(file.schema.table(named: "t"))).contains(
            #""id" INTEGER PRIMARY KEY ON CONFLICT FAIL AUTOINCREMENT"#))
    }

    // MARK: Mistakes

    @Test func anUnknownResolutionIsAnErrorAtItsValueListingTheFive() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  id:    { type: TEXT, primary_key: true }
                  title: { type: TEXT, not_null: { on_conflict: overwrite } }
            """)))
        #expect(error == .invalidValue("overwrite", for: "on_conflict", in: "'not_null' of column 'title' of table 't'",
                                       reason: "expected one of rollback, abort, fail, ignore, replace", at: at(9, 53)))
        #expect(error.description.hasPrefix("schema.yaml:9:53: error: invalid value 'overwrite' for 'on_conflict'"))
    }

    @Test func aCheckTakesNoConflictClause() throws {
        let onColumn = try #require(loadError(Self.table("""
                columns:
                  qty: { type: INTEGER, check: { expression: "qty >= 0", on_conflict: ignore } }
            """)))
        #expect(onColumn.location == at(8, 62))
        #expect(onColumn.description.contains("'check' of column 'qty' of table 't' has 'on_conflict', but a CHECK "
                                              + "constraint takes none (SQLite accepts ON CONFLICT after a CHECK and ignores it"))
        let onTable = try #require(loadError(Self.table("""
                columns: { qty: INTEGER }
                checks:
                  - { expression: "qty >= 0", on_conflict: replace }
            """)))
        #expect(onTable.location == at(9, 35))
    }

    @Test func aForeignKeyTakesNoConflictClause() throws {
        let reference = try #require(loadError(Self.table("""
                columns:
                  p_id: { type: INTEGER, references: { table: p, on_conflict: replace } }
            """)))
        #expect(reference.location == at(8, 54))
        #expect(reference.description.contains("'references' of column 'p_id' of table 't' has 'on_conflict', but a "
                                               + "foreign key takes none"))
        let tableLevel = try #require(loadError(Self.table("""
                columns: { p_id: INTEGER }
                foreign_keys:
                  - { columns: [p_id], references: { table: p }, on_conflict: replace }
            """)))
        #expect(tableLevel.location == at(9, 54))
        #expect(tableLevel.description.contains("foreign key 1 of table 't' has 'on_conflict'"))
    }

    @Test func aColumnItselfTakesNoConflictClause() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  title: { type: TEXT, on_conflict: replace }
            """)))
        guard case .unknownKey("on_conflict", _, _, _, let location) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(location == at(8, 28))
    }

    @Test func anEmptyMappingSaysNothing() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  title: { type: TEXT, not_null: {} }
            """)))
        #expect(error == .invalidValue("{}", for: "not_null", in: "column 'title' of table 't'",
                                       reason: "write true, or give the mapping 'name' or 'on_conflict'", at: at(8, 38)))
    }

    /// One constraint declared on the column and on the table may not get two resolutions.
    @Test func twoResolutionsForOneConstraintAreAnError() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  email: { type: TEXT, unique: { on_conflict: replace } }
                unique:
                  - { columns: [email], on_conflict: ignore }
            """)))
        #expect(error.location == at(10, 42))
        #expect(error.description.contains("table 't' gives UNIQUE (email) two conflict clauses, replace at line 8 and ignore here"))
        // The same resolution twice is accepted.
        #expect(throws: Never.self) {
            try loadSchema(Self.table("""
                    columns:
                      email: { type: TEXT, unique: { on_conflict: ignore } }
                    unique:
                      - { columns: [email], on_conflict: ignore }
                """))
        }
    }
}
