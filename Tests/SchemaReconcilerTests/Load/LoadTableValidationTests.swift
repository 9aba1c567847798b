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
        expectError(document("tabels: {}"), "unknownKey", at: "tabels", mentioning: ["did you mean 'tables'?"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                colums: { id: INTEGER }
            """, "unknownKey", at: "colums", mentioning: ["table 't'", "did you mean 'columns'?"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { id: INTEGER }
                indexes:
                  t_id: { columns: [id], uniqe: true }
            """, "unknownKey", at: "uniqe", mentioning: ["index 't_id' of table 't'", "did you mean 'unique'?"])
        expectError(document("drop: { table: [x] }"), "unknownKey", at: "table:", mentioning: ["did you mean 'tables'?"])
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
        let error = expectError(yaml, "unknownKey", at: "colour", mentioning: ["allowed keys are 'type', 'primary_key'"])
        guard case .unknownKey(_, _, let suggestion, _, _)? = error else { return }
        #expect(suggestion == nil)
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
        let error = expectError(yaml, "duplicateKey", at: "id:", occurrence: 2, mentioning: ["'id'", "line 5"])
        guard case .duplicateKey(_, _, _, let firstAt, _)? = error else { return }
        #expect(firstAt == at(5, 7))
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
        expectError("""
            version: 1.0.0
            tables:
              users:
                columns: { id: INTEGER }
              Users:
                columns: { id: INTEGER }
            """, "duplicateKey", at: "Users", mentioning: ["'Users'", "'users' at line 3", "letter case"])
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
        for spelling in ["yes", "1", "on", "\"true\""] {
            let yaml = """
                version: 1.0.0
                tables:
                  t:
                    columns:
                      c: { type: TEXT, not_null: \(spelling) }
                """
            expectError(yaml, "wrongType", at: "\(spelling) }", mentioning: ["'not_null'", "true or false"])
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
        expectError(document("views: [a, b]"), "wrongType", at: "[a, b]", mentioning: ["'views'", "a list"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: TEXT
            """, "wrongType", at: "TEXT", mentioning: ["'columns' in table 't'"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { a: TEXT, b: TEXT }
                unique: [a, b]
            """, "wrongType", at: "a, b]", mentioning: ["[[a, b]]"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { alpha: TEXT }
                primary_key: alpha
            """, "wrongType", at: "alpha", occurrence: 2, mentioning: ["a list"])
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
        #expect(error?.caseName == "wrongType")
        #expect(error?.location == at(5, 16)) // just after the colon, where the value is missing
        #expect(error?.message.contains("{} for a column with no type") == true)
        #expect(error?.message.contains("not an empty value") == true)
    }

    // MARK: Names and columns

    @Test func emptyNamesAreRejected() {
        expectError("""
            version: 1.0.0
            tables:
              "":
                columns: { id: INTEGER }
            """, "invalidValue", at: "\"\"", mentioning: ["cannot be empty"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: { '': INTEGER }
            """, "invalidValue", at: "''", mentioning: ["cannot be empty"])
    }

    @Test func aTableNeedsColumns() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                strict: true
            """, "missingKey", at: "t:", mentioning: ["'columns'", "table 't'"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns: {}
            """, "invalidValue", at: "{}", mentioning: ["at least one column"])
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
        expectError(yaml, "conflict", at: "default_sql", mentioning: ["'default' and 'default_sql'"])
    }

    @Test(arguments: [
        ("{ type: TEXT, primary_key: true, autoincrement: true }", "its type is 'TEXT'"),
        ("{ type: INT, primary_key: true, autoincrement: true }", "its type is 'INT'"),
        ("{ primary_key: true, autoincrement: true }", "it has no type"),
        ("{ type: INTEGER, autoincrement: true }", "it is not the primary key"),
    ])
    func autoincrementOnlyOnAnIntegerPrimaryKey(column: String, reason: String) {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  id: \(column)
            """
        expectError(yaml, "conflict", at: "autoincrement", mentioning: [reason, "INTEGER PRIMARY KEY"])
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
            """, "conflict", at: "autoincrement", mentioning: ["composite primary key"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                without_rowid: true
                columns:
                  a: { type: INTEGER, primary_key: true, autoincrement: true }
            """, "conflict", at: "autoincrement", mentioning: ["without_rowid"])
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
        expectError(yaml, "conflict", at: "primary_key: true", mentioning: ["one place"])
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
        expectError(yaml, "conflict", at: "primary_key", occurrence: 2, mentioning: ["primary_key: [a, b]"])
    }

    @Test func listsMayNameOnlyDeclaredColumns() {
        let base = """
            version: 1.0.0
            tables:
              t:
                columns: { email: TEXT, name: TEXT }

            """
        expectError(base + "    primary_key: [emial]", "undeclaredReference", at: "emial",
                    mentioning: ["column 'emial' of table 't'", "did you mean 'email'?"])
        expectError(base + "    unique: [[name, nmae]]", "undeclaredReference", at: "nmae")
        expectError(base + "    indexes: { t_x: [name, x] }", "undeclaredReference", at: "x]")
        expectError(base + "    indexes: { t_x: { columns: [naem] } }", "undeclaredReference", at: "naem",
                    mentioning: ["index 't_x' of table 't'"])
        expectError(base + "    foreign_keys: [{ columns: [nope], references: { table: t, columns: [email] } }]",
                    "undeclaredReference", at: "nope")
        expectError(base + "    unique: [[name, name]]", "invalidValue", at: "name]", mentioning: ["twice"])
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
        expectError(yaml, "missingKey", at: "t_a", mentioning: ["'columns'"])
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
        expectError(base + "      team_id: { references: teamz.id }", "undeclaredReference", at: "teamz.id",
                    mentioning: ["column 'team_id' of table 'users'", "table 'teamz'", "did you mean 'teams'?"])
        expectError(base + "      team_id: { references: teams.idd }", "undeclaredReference", at: "teams.idd",
                    mentioning: ["column 'idd' of table 'teams'", "did you mean 'id'?"])
        expectError(base + "      team_id: { references: { table: teams, column: nope } }", "undeclaredReference",
                    at: "nope")
        expectError(base + "      team_id: { references: { table: clubs } }", "undeclaredReference", at: "clubs")
        expectError(base + "      team_id: { references: { column: id } }", "missingKey", at: "{ column",
                    mentioning: ["'table'"])
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
        expectError(base + "    foreign_keys: [{ columns: [a], references: { table: temas } }]",
                    "undeclaredReference", at: "temas", mentioning: ["foreign key 1 of table 'users'", "'teams'"])
        expectError(base + "    foreign_keys: [{ columns: [a, b], references: { table: teams } }]",
                    "conflict", at: "teams }", mentioning: ["counts must match"])
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
        expectError(yaml, "conflict", at: "teams.name", mentioning: ["foreign key mismatch", "unique"])
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
        expectError(yaml, "conflict", at: "on_delete", mentioning: ["no 'references'"])
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
        expectError(yaml, "conflict", at: "on_delete", occurrence: 2, mentioning: ["keep one"])
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
        expectError(yaml, "invalidValue", at: "explode",
                    mentioning: ["CASCADE, SET NULL, SET DEFAULT, RESTRICT, NO ACTION"])
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
        expectError(yaml, "conflict", at: "stored", mentioning: ["no 'generated'"])
    }

    @Test(arguments: ["default: 1", "default_sql: CURRENT_TIMESTAMP", "primary_key: true"])
    func generatedExcludes(other: String) {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  a: INTEGER
                  c: { type: INTEGER, generated: a + 1, \(other) }
            """
        expectError(yaml, "conflict", at: "generated", mentioning: ["generated"])
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
            """, "invalidValue", at: "USERS", mentioning: ["letter case"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                columns:
                  a: { type: TEXT, renamed_from: a }
            """, "invalidValue", at: "a }", mentioning: ["own name"])
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
            """, "conflict", at: "people", occurrence: 2, mentioning: ["declared too"])
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
        let cases: [(type: String, phrase: String)] = [
            ("TEXT NOT NULL", "'NOT' starts a constraint"), ("PRIMARY KEY", "'PRIMARY' starts a constraint"),
            ("TEXT COLLATE NOCASE", "'COLLATE' starts a constraint"), ("5", "a type is a name"),
            ("int(11) unsigned", "optionally with sizes"), ("VARCHAR(x)", "sizes of a type are numbers"),
        ]
        for (type, phrase) in cases {
            expectError("version: 1.0.0\ntables:\n  t:\n    columns:\n      a: { type: '\(type)' }\n",
                        "invalidValue", at: "'\(type)'", mentioning: [phrase])
            expectError("version: 1.0.0\ntables:\n  t:\n    columns:\n      a: '\(type)'\n",
                        "invalidValue", at: "'\(type)'", mentioning: [phrase])
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
            """, "invalidValue", at: "varchar", mentioning: ["INT, INTEGER, REAL, TEXT, BLOB or ANY"])
        expectError("""
            version: 1.0.0
            tables:
              t:
                strict: true
                columns:
                  a: INTEGER
                  b: {}
            """, "conflict", at: "b:", mentioning: ["no type"])
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
        for (column, value) in [("a: { type: INTEGER", "'x'"), ("a: { type: INTEGER", "2.5"), ("a: { type: BLOB", "'x'")] {
            expectError("version: 1.0.0\ntables:\n  t:\n    strict: true\n    columns:\n      \(column), default: \(value) }\n",
                        "invalidValue", at: value, mentioning: ["cannot store it"])
        }
    }

    @Test func withoutRowIDNeedsAPrimaryKey() {
        expectError("""
            version: 1.0.0
            tables:
              t:
                without_rowid: true
                columns: { a: TEXT }
            """, "conflict", at: "without_rowid", mentioning: ["primary key"])
    }
}
