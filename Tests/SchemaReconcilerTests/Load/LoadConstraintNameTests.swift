import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Constraint names: the forms that declare them, and the mistakes

@Suite struct LoadConstraintNameTests {
    /// A table `t` with `body` under it (indented as table keys).
    static func table(_ body: String) -> String {
        "version: 1.0.0\ntables:\n  p:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n  t:\n" + body + "\n"
    }

    // MARK: The forms

    @Test func everyKindIsNamedOnAColumn() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  id:    { type: INTEGER, primary_key: { name: t_pk } }
                  email: { type: TEXT, unique: { name: t_email_key } }
                  age:   { type: INTEGER, check: { expression: "age >= 0", name: t_age_check } }
                  p_id:  { type: INTEGER, references: { table: p, column: id, name: t_p_fk } }
            """))
        let table = try #require(file.schema.table(named: "t"))
        #expect(table.columns.map(\.isPrimaryKey) == [true, false, false, false])
        #expect(table.columns[1].isUnique && table.columns[2].check == "age >= 0" && table.columns[3].reference?.table == "p")
        let names = table.constraintNames
        #expect(names.name(of: .primaryKey(columns: ["id"])) == "t_pk")
        #expect(names.name(of: .unique(columns: ["email"])) == "t_email_key")
        #expect(names.name(of: .check(expression: "age >= 0")) == "t_age_check")
        #expect(names.name(of: .foreignKey(columns: ["p_id"])) == "t_p_fk")
        #expect(names.unnamed.isEmpty)
    }

    @Test func everyKindIsNamedOnTheTable() throws {
        let file = try loadSchema(Self.table("""
                columns: { a: INTEGER, b: INTEGER, c: INTEGER }
                primary_key: { columns: [a, b], name: t_pk }
                unique:
                  - [b, c]
                  - { columns: [a, c], name: t_a_c_key }
                checks:
                  - "a > 0"
                  - { expression: "b > a", name: t_b_check }
                foreign_keys:
                  - { columns: [c], references: { table: p }, name: t_c_fk }
            """))
        let table = try #require(file.schema.table(named: "t"))
        #expect(table.primaryKey == ["a", "b"])
        #expect(table.uniqueConstraints == [["b", "c"], ["a", "c"]])
        #expect(table.checks == ["a > 0", "b > a"])
        #expect(table.foreignKeys.map(\.columns) == [["c"]])
        let names = table.constraintNames
        #expect(names.names == [.primaryKey(columns: ["a", "b"]): "t_pk", .unique(columns: ["a", "c"]): "t_a_c_key",
                                .check(expression: "b > a"): "t_b_check", .foreignKey(columns: ["c"]): "t_c_fk"])
    }

    @Test func nullDeclaresAConstraintWithoutAName() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  id:    { type: INTEGER, primary_key: { name: null } }
                  email: { type: TEXT, unique: { name: ~ } }
                  age:   { type: INTEGER, check: { expression: "age >= 0", name: } }
            """))
        let names = try #require(file.schema.table(named: "t")).constraintNames
        #expect(names.names.isEmpty)
        #expect(names.unnamed == [.primaryKey(columns: ["id"]), .unique(columns: ["email"]), .check(expression: "age >= 0")])
        #expect(names.declaration(of: .unique(columns: ["email"])) == .some(nil))
        #expect(names.declaration(of: .foreignKey(columns: ["email"])) == nil)
    }

    @Test func aFileWithoutNamesDeclaresNone() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  id: { type: INTEGER, primary_key: true, check: "id > 0" }
                  email: { type: TEXT, unique: true, references: { table: p, column: id } }
                unique: [[id, email]]
                checks: ["id < 100"]
            """))
        #expect(try #require(file.schema.table(named: "t")).constraintNames.isEmpty)
    }

    @Test func theSameNameTwiceForOneConstraintIsAccepted() throws {
        let file = try loadSchema(Self.table("""
                columns:
                  email: { type: TEXT, unique: { name: t_email_key } }
                unique:
                  - { columns: [email], name: t_email_key }
            """))
        #expect(try #require(file.schema.table(named: "t")).constraintNames.names == [.unique(columns: ["email"]): "t_email_key"])
    }

    // MARK: Mistakes

    @Test func aMisspeltKeyOfAColumnKeyIsLocated() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  email: { type: TEXT, unique: { nmae: t_email_key } }
            """)))
        #expect(error == .unknownKey("nmae", in: "'unique' of column 'email' of table 't'", suggestion: "name",
                                     allowed: ["name", "on_conflict"], at: at(8, 38)))
        #expect(error.description.hasPrefix("schema.yaml:8:38: error: unknown key 'nmae'"))
    }

    @Test func aColumnKeyMappingNeedsANameOrAConflictClause() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  id: { type: INTEGER, primary_key: {} }
            """)))
        #expect(error == .invalidValue("{}", for: "primary_key", in: "column 'id' of table 't'",
                                       reason: "write true, or give the mapping 'name' or 'on_conflict'", at: at(8, 41)))
    }

    @Test func aCheckMappingNeedsItsExpression() throws {
        let error = try #require(loadError(Self.table("""
                columns: { a: INTEGER }
                checks:
                  - { name: t_a_check }
            """)))
        #expect(error == .missingKey("expression", in: "'checks' of table 't'", at: at(9, 9)))
    }

    @Test func aKeyMappingNeedsItsColumns() throws {
        let error = try #require(loadError(Self.table("""
                columns: { a: INTEGER }
                primary_key: { name: t_pk }
            """)))
        #expect(error == .missingKey("columns", in: "'primary_key' of table 't'", at: at(8, 18)))
    }

    @Test func aKeyMappingNamesDeclaredColumns() throws {
        let error = try #require(loadError(Self.table("""
                columns: { a: INTEGER }
                unique:
                  - { columns: [b], name: t_b_key }
            """)))
        guard case .undeclaredReference(let what, _, _, let location)? = Optional(error) else {
            Issue.record("\(error)")
            return
        }
        #expect(what == "column 'b' of table 't'")
        #expect(location == at(9, 21))
    }

    @Test func aNameIsTextAndNotEmpty() throws {
        let empty = try #require(loadError(Self.table("""
                columns:
                  age: { type: INTEGER, check: { expression: "age > 0", name: "" } }
            """)))
        #expect(empty == .invalidValue("", for: "name", in: "'check' of column 'age' of table 't'",
                                       reason: "a name cannot be empty", at: at(8, 67)))
        let list = try #require(loadError(Self.table("""
                columns: { a: INTEGER }
                foreign_keys:
                  - { columns: [a], references: { table: p }, name: [x] }
            """)))
        #expect(list == .wrongType("name", in: "foreign key 1 of table 't'", expected: "a name", found: "a list", at: at(9, 57)))
    }

    @Test func twoNamesForOneConstraintAreAConflict() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  email: { type: TEXT, unique: { name: t_email_key } }
                unique:
                  - { columns: [email], name: t_email_unique }
            """)))
        guard case .conflict(let message, let location)? = Optional(error) else {
            Issue.record("\(error)")
            return
        }
        #expect(location == at(10, 35))
        #expect(message.hasPrefix("table 't' gives UNIQUE (email) two names, 't_email_key' at line 8 and 't_email_unique' here"))
    }

    @Test func aWrongValueForAColumnKeyStillSaysTrueOrFalse() throws {
        let error = try #require(loadError(Self.table("""
                columns:
                  email: { type: TEXT, unique: yes }
            """)))
        #expect(error == .wrongType("unique", in: "column 'email' of table 't'", expected: "true or false",
                                    found: "'yes'", at: at(8, 36)))
    }
}
