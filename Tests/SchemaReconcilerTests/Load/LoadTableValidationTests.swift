import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Tables and columns: what is rejected, and where

@Suite struct LoadTableValidationTests {
    // MARK: Unknown and duplicate keys

    @Test func unknownColumnKeyIsLocatedAndSuggestsTheClosestKey() throws {
        let yaml = """
            version: 1.0.0
            tables:
              users:
                columns:
                  email: { type: TEXT, not_nul: true }
            """
        let error = try #require(loadError(yaml))
        #expect(error == .unknownKey("not_nul", in: "column 'email' of table 'users'", suggestion: "not_null",
                                     allowed: ColumnParser.keys, at: at(5, 28)))
        #expect(error.description
            == "schema.yaml:5:28: error: unknown key 'not_nul' in column 'email' of table 'users'; did you mean 'not_null'?")
    }

    @Test func unknownKeysAreCaughtAtEveryLevel() {
        expectError(document("tabels: {}"), at: "tabels") {
            .unknownKey("tabels", in: "the top level of the file", suggestion: "tables", allowed: SchemaParser.keys, at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                colums: { id: INTEGER }
            """, at: "colums") { .unknownKey("colums", in: "table 't'", suggestion: "columns", allowed: TableParser.keys, at: $0) }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { id: INTEGER }
                indexes:
                  t_id: { columns: [id], uniqe: true }
            """, at: "uniqe") {
            .unknownKey("uniqe", in: "index 't_id' of table 't'", suggestion: "unique", allowed: TableParser.indexKeys, at: $0)
        }
        expectError(document("drop: { table: [x] }"), at: "table:") {
            .unknownKey("table", in: "'drop'", suggestion: "tables", allowed: SchemaParser.dropKeys, at: $0)
        }
    }

    @Test func camelCaseKeySuggestsTheSnakeCaseOne() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: INTEGER, primaryKey: true }
            """
        let error = expectError(yaml, "unknownKey", at: "primaryKey")
        guard case .unknownKey(_, _, let suggestion, _, _)? = error else { return }
        #expect(suggestion == "primary_key")
    }

    @Test func farFetchedKeyGetsNoSuggestionButTheAllowedKeys() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: INTEGER, colour: blue }
            """
        let error = expectError(yaml, at: "colour") {
            .unknownKey("colour", in: "column 'id' of table 't'", suggestion: nil, allowed: ColumnParser.keys, at: $0)
        }
        #expect(error?.message == "unknown key 'colour' in column 'id' of table 't'; allowed keys are 'type', 'primary_key', "
            + "'autoincrement', 'not_null', 'unique', 'default', 'default_sql', 'collate', 'check', 'references', "
            + "'on_delete', 'on_update', 'generated', 'stored', 'renamed_from', 'swift'")
    }

    @Test func exactDuplicateKeyIsReportedAtItsSecondOccurrence() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: INTEGER
                  name: TEXT
                  id: TEXT
            """
        let error = expectError(yaml, at: "id:", occurrence: 2) {
            .duplicateKey("id", in: "the same mapping", first: "id", firstAt: at(5, 7), at: $0)
        }
        #expect(error?.message == "duplicate key 'id' in the same mapping; it is already written at line 5, column 7")
    }

    @Test func exactDuplicateKeyInAFlowMapping() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns: { id: INTEGER, id: TEXT }
            """
        expectError(yaml, "duplicateKey", at: "id:", occurrence: 2)
    }

    @Test func namesThatDifferOnlyInCaseAreDuplicates() {
        let users = expectError("""
            version: 1.0.0
            tables:
              users:
                columns: { id: INTEGER }
              Users:
                columns: { id: INTEGER }
            """, at: "Users") { .duplicateKey("Users", in: "'tables'", first: "users", firstAt: at(3, 3), at: $0) }
        #expect(users?.message
            == "duplicate key 'Users' in 'tables'; it is the same as 'users' at line 3 (SQLite ignores letter case in names)")
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns:
                  Email: TEXT
                  email: TEXT
            """, "duplicateKey", at: "email")
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                indexes:
                  t_a: [a]
                  T_A: [a]
            """, "duplicateKey", at: "T_A")
        expectError(document("""
            views:
              v: SELECT 1
              V: SELECT 2
            """), "duplicateKey", at: "V:")
    }

    // MARK: Wrong types

    @Test func booleanKeysAcceptOnlyTrueAndFalse() throws {
        for (spelling, found) in [("yes", "'yes'"), ("1", "'1'"), ("on", "'on'"), ("\"true\"", "the quoted text 'true'")] {
            let yaml = """
                version: 1.0.0
                tables:
                  t:
                    columns:
                      c: { type: TEXT, not_null: \(spelling) }
                """
            let error = expectError(yaml, at: "\(spelling) }") {
                .wrongType("not_null", in: "column 'c' of table 't'", expected: "true or false", found: found, at: $0)
            }
            #expect(error?.message == "'not_null' in column 'c' of table 't' must be true or false, not \(found)")
        }
        let yaml = """
            version: 1.0.0
            tables:
              t:
                strict: TRUE
                without_rowid: False
                columns:
                  c: { type: TEXT, not_null: True, primary_key: true }
            """
        let table = try loadSchema(yaml).schema.tables[0]
        #expect(table.isStrict)
        #expect(!table.isWithoutRowID)
        #expect(table.columns[0].isNotNull)
    }

    @Test func collectionsOfTheWrongShape() {
        expectError(document("views: [a, b]"), at: "[a, b]") {
            .wrongType("views", in: "the top level of the file", expected: "a mapping of view names to SELECT statements",
                       found: "a list", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: TEXT
            """, at: "TEXT") {
            .wrongType("columns", in: "table 't'", expected: "a mapping of column names to columns", found: "'TEXT'", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT, b: TEXT }
                unique: [a, b]
            """, at: "a, b]") {
            .wrongType("unique", in: "table 't'", expected: "a list of column lists such as [[a, b]] (each entry is one constraint)",
                       found: "an entry that is 'a'", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { alpha: TEXT }
                primary_key: alpha
            """, at: "alpha", occurrence: 2) {
            .wrongType("primary_key", in: "table 't'", expected: "a list such as [a, b]", found: "'alpha'", at: $0)
        }
    }

    @Test func aColumnWithNothingAfterTheColonIsNotAType() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  nickname:
                  id: INTEGER
            """
        let error = loadError(yaml)
        #expect(error == .wrongType("nickname", in: "table 't'",
                                    expected: "a type such as TEXT, or a mapping of column keys ({} for a column with no type)",
                                    found: "an empty value", at: at(5, 16))) // just after the colon, where the value is missing
    }

    // MARK: Names and columns

    @Test func emptyNamesAreRejected() {
        let table = expectError("""
            version: 1.0.0
            tables:
              "":
                columns: { id: INTEGER }
            """, at: "\"\"") { .invalidValue("", for: "a name", in: "'tables'", reason: "a name cannot be empty", at: $0) }
        #expect(table?.message == "invalid value '' for 'a name' in 'tables': a name cannot be empty")
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { '': INTEGER }
            """, at: "''") {
            .invalidValue("", for: "a name", in: "'columns' of table 't'", reason: "a name cannot be empty", at: $0)
        }
    }

    @Test func aTableNeedsColumns() {
        let missing = expectError("""
            version: 1.0.0
            tables:
              t:
                strict: true
            """, at: "t:") { .missingKey("columns", in: "table 't'", at: $0) }
        #expect(missing?.message
            == "missing key 'columns' in table 't'; add columns: { id: { type: INTEGER, primary_key: true } } (at least one column)")
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: {}
            """, at: "{}") {
            .invalidValue("{}", for: "columns", in: "table 't'", reason: "a table needs at least one column", at: $0)
        }
    }

    @Test func emptyTablesAndTypelessColumnsAreFine() throws {
        #expect(try loadSchema("version: 1.0.0\ntables: {}\n").schema.tables.isEmpty)
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  data: {}
                  price: "decimal(10, 2)"
            """
        let table = try loadSchema(yaml).schema.tables[0]
        #expect(table.columns == [Schema.Column(name: "data"), Schema.Column(name: "price", type: "decimal(10, 2)")])
    }

    // MARK: Column constraints

    @Test func defaultAndDefaultSQLAreExclusive() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { type: TEXT, default: x, default_sql: CURRENT_TIMESTAMP }
            """
        expectError(yaml, at: "default_sql") {
            .conflict("column 'c' of table 't' has both 'default' and 'default_sql'; keep one "
                      + "('default' for a literal value, 'default_sql' for an SQL expression)", at: $0)
        }
    }

    @Test(arguments: [
        ("{ type: TEXT, primary_key: true, autoincrement: true }", "its type is 'TEXT', not INTEGER"),
        ("{ type: INT, primary_key: true, autoincrement: true }", "its type is 'INT', not INTEGER"),
        ("{ primary_key: true, autoincrement: true }", "it has no type; add type: INTEGER"),
        ("{ type: INTEGER, autoincrement: true }", "it is not the primary key; add primary_key: true"),
    ])
    func autoincrementOnlyOnAnIntegerPrimaryKey(column: String, reason: String) {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: \(column)
            """
        expectError(yaml, at: "autoincrement") {
            .conflict("column 'id' of table 't' cannot have autoincrement: \(reason) "
                      + "(SQLite allows AUTOINCREMENT only on a single INTEGER PRIMARY KEY column)", at: $0)
        }
    }

    @Test func autoincrementIsFineOnIntegerPrimaryKeyInAnyCase() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: integer, primary_key: true, autoincrement: true }
            """
        #expect(try loadSchema(yaml).schema.tables[0].columns[0].isAutoincrement)
    }

    @Test func autoincrementNotOnACompositeKeyNorWithoutRowID() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                primary_key: [a, b]
                columns:
                  a: { type: INTEGER, autoincrement: true }
                  b: INTEGER
            """, at: "autoincrement") {
            .conflict("column 'a' of table 't' cannot have autoincrement: it is part of a composite primary key "
                      + "(SQLite allows AUTOINCREMENT only on a single INTEGER PRIMARY KEY column)", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                without_rowid: true
                columns:
                  a: { type: INTEGER, primary_key: true, autoincrement: true }
            """, at: "autoincrement") {
            .conflict("column 'a' of table 't' cannot have autoincrement: the table is without_rowid, which has no rowid "
                      + "to increment (SQLite allows AUTOINCREMENT only on a single INTEGER PRIMARY KEY column)", at: $0)
        }
    }

    @Test func compositePrimaryKeyLoads() throws {
        let yaml = """
            version: 1.0.0
            tables:
              memberships:
                primary_key: [user_id, team_id]
                unique: [[user_id, role], [team_id]]
                checks: ["role <> ''", "user_id > 0"]
                columns:
                  user_id: INTEGER
                  team_id: INTEGER
                  role: TEXT
            """
        let table = try loadSchema(yaml).schema.tables[0]
        #expect(table.primaryKey == ["user_id", "team_id"])
        #expect(table.primaryKeyColumns == ["user_id", "team_id"])
        #expect(table.uniqueConstraints == [["user_id", "role"], ["team_id"]])
        #expect(table.checks == ["role <> ''", "user_id > 0"])
    }

    @Test func compositePrimaryKeyAndColumnPrimaryKeyConflict() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                primary_key: [a, b]
                columns:
                  a: { type: INTEGER, primary_key: true }
                  b: INTEGER
            """
        expectError(yaml, at: "primary_key: true") {
            .conflict("column 'a' of table 't' says primary_key: true, but the table declares primary_key: [a, b] at line 4; "
                      + "declare the primary key in one place only", at: $0)
        }
    }

    @Test func twoColumnPrimaryKeysPointToTheTableLevelKey() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: INTEGER, primary_key: true }
                  b: { type: INTEGER, primary_key: true }
            """
        expectError(yaml, at: "primary_key", occurrence: 2) {
            .conflict("table 't' has more than one column with primary_key: true ('a', 'b'); a table has one primary key: "
                      + "for a composite key, remove them and write primary_key: [a, b] on the table", at: $0)
        }
    }

    @Test func listsMayNameOnlyDeclaredColumns() {
        let base = """
            version: 1.0.0
            tables:
              t:
                columns: { email: TEXT, name: TEXT }

            """
        expectError(base + "    primary_key: [emial]", at: "emial") {
            .undeclaredReference("column 'emial' of table 't'", in: "table 't'", suggestion: "email", at: $0)
        }
        expectError(base + "    unique: [[name, nmae]]", "undeclaredReference", at: "nmae")
        expectError(base + "    indexes: { t_x: [name, x] }", "undeclaredReference", at: "x]")
        expectError(base + "    indexes: { t_x: { columns: [naem] } }", at: "naem") {
            .undeclaredReference("column 'naem' of table 't'", in: "index 't_x' of table 't'", suggestion: "name", at: $0)
        }
        expectError(base + "    foreign_keys: [{ columns: [nope], references: { table: t, columns: [email] } }]",
                    "undeclaredReference", at: "nope")
        expectError(base + "    unique: [[name, name]]", at: "name]") {
            .invalidValue("name", for: "unique", in: "table 't'", reason: "the column is listed twice", at: $0)
        }
    }

    @Test func indexNeedsColumns() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                indexes:
                  t_a: { unique: true }
            """
        let error = expectError(yaml, at: "t_a") { .missingKey("columns", in: "index 't_a' of table 't'", at: $0) }
        #expect(error?.message == "missing key 'columns' in index 't_a' of table 't'; list them, such as columns: [a, b]")
    }

    // MARK: References

    @Test func referenceFormsResolveAgainstDeclaredTables() throws {
        let yaml = """
            version: 1.0.0
            tables:
              teams:
                columns: { id: { type: INTEGER, primary_key: true }, code: { type: TEXT, unique: true } }
              "app.settings":
                columns: { key: { type: TEXT, primary_key: true } }
              users:
                columns:
                  team_id: { type: INTEGER, references: teams, on_delete: set null }
                  team_code: { type: TEXT, references: Teams.code, on_update: CASCADE }
                  setting: { type: TEXT, references: app.settings.key }
                  owner: { references: { table: teams, column: id, on_delete: SET_DEFAULT, deferrable: true } }
            """
        let users = try #require(try loadSchema(yaml).schema.table(named: "users"))
        #expect(users.columns.map(\.reference) == [
            ColumnReference(table: "teams", column: nil, onDelete: .setNull),
            ColumnReference(table: "Teams", column: "code", onUpdate: .cascade),
            ColumnReference(table: "app.settings", column: "key"),
            ColumnReference(table: "teams", column: "id", onDelete: .setDefault, isDeferred: true),
        ])
    }

    @Test func referencesToUndeclaredTablesOrColumns() {
        let base = """
            version: 1.0.0
            tables:
              teams:
                columns: { id: { type: INTEGER, primary_key: true } }
              users:
                columns:

            """
        let table = expectError(base + "      team_id: { references: teamz.id }", at: "teamz.id") {
            .undeclaredReference("table 'teamz'", in: "column 'team_id' of table 'users'", suggestion: "teams", at: $0)
        }
        #expect(table?.message
            == "column 'team_id' of table 'users' names table 'teamz', which this file does not declare; did you mean 'teams'?")
        expectError(base + "      team_id: { references: teams.idd }", at: "teams.idd") {
            .undeclaredReference("column 'idd' of table 'teams'", in: "column 'team_id' of table 'users'", suggestion: "id", at: $0)
        }
        expectError(base + "      team_id: { references: { table: teams, column: nope } }", "undeclaredReference",
                    at: "nope")
        expectError(base + "      team_id: { references: { table: clubs } }", "undeclaredReference", at: "clubs")
        let missing = expectError(base + "      team_id: { references: { column: id } }", at: "{ column") {
            .missingKey("table", in: "'references' of column 'team_id' of table 'users'", at: $0)
        }
        #expect(missing?.message
            == "missing key 'table' in 'references' of column 'team_id' of table 'users'; name the parent table")
    }

    @Test func foreignKeysAtTableLevel() throws {
        let yaml = """
            version: 1.0.0
            tables:
              teams:
                primary_key: [org, id]
                columns: { org: INTEGER, id: INTEGER }
              users:
                columns: { org: INTEGER, team: INTEGER }
                foreign_keys:
                  - columns: [org, team]
                    references: { table: teams, columns: [org, id] }
                    on_delete: cascade
                    deferrable: true
                  - { columns: [org, team], references: { table: teams } }
            """
        let users = try #require(try loadSchema(yaml).schema.table(named: "users"))
        #expect(users.foreignKeys == [
            Schema.ForeignKey(columns: ["org", "team"], table: "teams", referencedColumns: ["org", "id"],
                       onDelete: .cascade, isDeferred: true),
            Schema.ForeignKey(columns: ["org", "team"], table: "teams"),
        ])
    }

    @Test func foreignKeyToAnUndeclaredTableOrWithTheWrongColumnCount() {
        let base = """
            version: 1.0.0
            tables:
              teams:
                columns: { id: { type: INTEGER, primary_key: true } }
              users:
                columns: { a: INTEGER, b: INTEGER }

            """
        expectError(base + "    foreign_keys: [{ columns: [a], references: { table: temas } }]", at: "temas") {
            .undeclaredReference("table 'temas'", in: "foreign key 1 of table 'users'", suggestion: "teams", at: $0)
        }
        expectError(base + "    foreign_keys: [{ columns: [a, b], references: { table: teams } }]", at: "teams }") {
            .conflict("foreign key 1 of table 'users' references the primary key of table 'teams', which has 1 column(s), "
                      + "with 2 column(s); the counts must match", at: $0)
        }
        expectError(base + "    foreign_keys: [{ columns: [a], references: { table: teams, columns: [nope] } }]",
                    "undeclaredReference", at: "nope")
    }

    @Test func referencedColumnsMustBeAPrimaryKeyOrUnique() {
        let yaml = """
            version: 1.0.0
            tables:
              teams:
                columns: { id: { type: INTEGER, primary_key: true }, name: TEXT }
              users:
                columns:
                  team_name: { type: TEXT, references: teams.name }
            """
        expectError(yaml, at: "teams.name") {
            .conflict("column 'team_name' of table 'users' references 'name' of table 'teams', which is neither its primary key "
                      + "nor unique; SQLite rejects such a foreign key with 'foreign key mismatch': declare 'name' unique "
                      + "(unique: true, a 'unique' entry or a unique index), or reference the primary key", at: $0)
        }
        let unique = yaml.replacingOccurrences(of: "name: TEXT }", with: "name: TEXT }\n    indexes: { teams_name: { columns: [name], unique: true } }")
        #expect(throws: Never.self) { try loadSchema(unique) }
    }

    @Test func onDeleteWithoutReferences() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { type: INTEGER, on_delete: CASCADE }
            """
        expectError(yaml, at: "on_delete") {
            .conflict("column 'c' of table 't' has 'on_delete' but no 'references'; add references: table.column, "
                      + "or remove 'on_delete'", at: $0)
        }
    }

    @Test func actionOnTheColumnAndInTheReferenceMappingConflict() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  p: { references: { table: t, on_delete: CASCADE }, on_delete: RESTRICT }
            """
        expectError(yaml, at: "on_delete", occurrence: 2) {
            .conflict("column 'p' of table 't' has 'on_delete' both on the column and inside 'references'; keep one", at: $0)
        }
    }

    @Test func unknownActionListsTheValidOnes() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  p: { type: INTEGER, references: t.id, on_update: explode }
            """
        expectError(yaml, at: "explode") {
            .invalidValue("explode", for: "on_update", in: "column 'p' of table 't'",
                          reason: "expected one of CASCADE, SET NULL, SET DEFAULT, RESTRICT, NO ACTION", at: $0)
        }
    }

    // MARK: Generated columns

    @Test func storedWithoutGenerated() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { type: TEXT, stored: true }
            """
        expectError(yaml, at: "stored") {
            .conflict("column 'c' of table 't' has 'stored' but no 'generated'; 'stored' says how a generated column is kept",
                      at: $0)
        }
    }

    @Test(arguments: [
        ("default: 1", "cannot also have 'default'; remove one of them"),
        ("default_sql: CURRENT_TIMESTAMP", "cannot also have 'default_sql'; remove one of them"),
        ("primary_key: true", "cannot be a primary key; SQLite does not allow it"),
    ])
    func generatedExcludes(other: String, refusal: String) {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: INTEGER
                  c: { type: INTEGER, generated: a + 1, \(other) }
            """
        expectError(yaml, at: "generated") { .conflict("column 'c' of table 't' is generated, so it \(refusal)", at: $0) }
    }

    @Test func storedGeneratedColumn() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: INTEGER
                  c: { type: INTEGER, generated: a * 2, stored: true }
            """
        #expect(try loadSchema(yaml).schema.tables[0].columns[1].generated
            == GeneratedColumn(expression: "a * 2", isStored: true))
    }

    // MARK: Renames

    @Test func renamedFromItsOwnName() {
        expectError("""
            version: 1.0.0
            tables:
              users:
                renamed_from: [people, USERS]
                columns: { id: INTEGER }
            """, at: "USERS") {
            .invalidValue("USERS", for: "renamed_from", in: "table 'users'",
                          reason: "'USERS' and 'users' are the same name to SQLite, which ignores letter case; "
                              + "remove it (the reconciler fixes the spelling by itself)", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: TEXT, renamed_from: a }
            """, at: "a }") {
            .invalidValue("a", for: "renamed_from", in: "column 'a' of table 't'", reason: "it is the object's own name; remove it",
                          at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT }
                indexes: { t_a: { columns: [a], renamed_from: t_a } }
            """, "invalidValue", at: "t_a }")
    }

    @Test func renamedFromADeclaredObject() {
        expectError("""
            version: 1.0.0
            tables:
              people:
                columns: { id: INTEGER }
              users:
                renamed_from: people
                columns: { id: INTEGER }
            """, at: "people", occurrence: 2) {
            .conflict("table 'users' is renamed_from 'people', but table 'people' is declared too; a rename leaves no object "
                      + "under the old name: remove one of them", at: $0)
        }
    }

    @Test func renamedFromListKeepsItsOrder() throws {
        let yaml = """
            version: 1.0.0
            tables:
              users:
                renamed_from: [people, persons]
                columns:
                  name: { type: TEXT, renamed_from: [full_name, fullname] }
            """
        let users = try loadSchema(yaml).schema.tables[0]
        #expect(users.renamedFrom == ["people", "persons"])
        #expect(users.columns[0].renamedFrom == ["full_name", "fullname"])
    }

    // MARK: Types

    @Test(arguments: ["INTEGER", "varchar(20)", "DECIMAL(10, 2)", "UNSIGNED BIG INT", "double precision", "NUMERIC(-5)"])
    func typeNamesAsSQLiteReadsThem(type: String) throws {
        let file = try loadSchema("version: 1.0.0\ntables:\n  t:\n    columns:\n      a: { type: '\(type)' }\n")
        #expect(file.schema.tables.first?.columns.first?.type == type)
    }

    @Test func constraintsAndNumbersAreNotTypes() {
        let constraint = "starts a constraint, not part of a type; "
            + "write constraints as their own keys (not_null, primary_key, default…)"
        let cases: [(type: String, reason: String)] = [
            ("TEXT NOT NULL", "'NOT' \(constraint)"), ("PRIMARY KEY", "'PRIMARY' \(constraint)"),
            ("TEXT COLLATE NOCASE", "'COLLATE' \(constraint)"), ("5", "a type is a name such as INTEGER, TEXT or VARCHAR(20)"),
            ("int(11) unsigned", "a type is a name, optionally with sizes in parentheses, such as VARCHAR(20) or DECIMAL(10, 2)"),
            ("VARCHAR(x)", "the sizes of a type are numbers, such as VARCHAR(20)"),
        ]
        for (type, reason) in cases {
            for yaml in ["version: 1.0.0\ntables:\n  t:\n    columns:\n      a: { type: '\(type)' }\n",
                         "version: 1.0.0\ntables:\n  t:\n    columns:\n      a: '\(type)'\n"] {
                expectError(yaml, at: "'\(type)'") {
                    .invalidValue(type, for: "type", in: "column 'a' of table 't'", reason: reason, at: $0)
                }
            }
        }
    }

    // MARK: Strict and without rowid

    @Test func strictTablesNeedStrictTypes() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: INTEGER
                  b: varchar(20)
            """, at: "varchar") {
            .invalidValue("varchar(20)", for: "type", in: "column 'b' of table 't'",
                          reason: "a strict table accepts only the types INT, INTEGER, REAL, TEXT, BLOB or ANY", at: $0)
        }
        expectError("""
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: INTEGER
                  b: {}
            """, at: "b:") {
            .conflict("column 'b' of table 't' has no type, but the table is strict; give it a type: "
                      + "INT, INTEGER, REAL, TEXT, BLOB or ANY", at: $0)
        }
    }

    /// SQLite converts a default a STRICT column can store without loss; only one it cannot is refused.
    @Test func strictDefaultsAreJudgedAsSQLiteStoresThem() throws {
        let file = try loadSchema("""
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: { type: TEXT, default: 1.0 }
                  b: { type: INTEGER, default: '1e3' }
                  c: { type: REAL, default: '2.5' }
                  d: { type: INTEGER, default: 3.0 }
                  e: { type: ANY, default: x }
            """)
        #expect(file.schema.tables.first?.columns.count == 5)
        for (type, value) in [("INTEGER", "'x'"), ("INTEGER", "2.5"), ("BLOB", "'x'")] {
            let yaml = "version: 1.0.0\ntables:\n  t:\n    strict: true\n    columns:\n"
                + "      a: { type: \(type), default: \(value) }\n"
            expectError(yaml, at: value) {
                .invalidValue(value.replacingOccurrences(of: "'", with: ""), for: "default", in: "column 'a' of table 't'",
                              reason: "a strict \(type) column cannot store it; every row given this default would be refused",
                              at: $0)
            }
        }
    }

    @Test func withoutRowIDNeedsAPrimaryKey() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                without_rowid: true
                columns: { a: TEXT }
            """, at: "without_rowid") {
            .conflict("table 't' is without_rowid but has no primary key; SQLite requires one for a WITHOUT ROWID table", at: $0)
        }
    }
}
