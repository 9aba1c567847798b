import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - How `default:` is typed

@Suite struct LoadDefaultValueTests {
    /// Loads `c: { default: <literal> }` and returns the column's default.
    func defaultValue(_ literal: String) throws -> DefaultValue? {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { default: \(literal) }
            """
        return try loadSchema(yaml).schema.tables.first?.columns.first?.defaultValue
    }

    @Test(arguments: [
        ("no", DefaultValue.text("no")),
        ("yes", .text("yes")),
        ("active", .text("active")),
        ("0", .integer(0)),
        ("'0'", .text("0")),
        ("\"0\"", .text("0")),
        ("-12", .integer(-12)),
        ("+3", .integer(3)),
        ("007", .integer(7)),
        ("0x1F", .integer(31)),
        ("0o17", .integer(15)),
        ("1.5", .real(1.5)),
        ("-0.25", .real(-0.25)),
        ("1e3", .real(1000)),
        (".5", .real(0.5)),
        ("2.", .real(2)),
        ("null", .null),
        ("Null", .null),
        ("NULL", .null),
        ("~", .null),
        ("", .null),
        ("'null'", .text("null")),
        ("true", .boolean(true)),
        ("True", .boolean(true)),
        ("FALSE", .boolean(false)),
        ("\"true\"", .text("true")),
        ("tRUE", .text("tRUE")),
        ("1.2.3", .text("1.2.3")),
        ("0x", .text("0x")),
        ("12abc", .text("12abc")),
        ("'it''s'", .text("it's")),
        ("\"\"", .text("")),
    ])
    func plainScalarsAreTypedQuotedOnesAreText(literal: String, expected: DefaultValue) throws {
        #expect(try defaultValue(literal) == expected)
    }

    @Test func blockScalarIsText() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c:
                    default: |-
                      42
            """
        #expect(try loadSchema(yaml).schema.tables[0].columns[0].defaultValue == .text("42"))
    }

    @Test func collectionIsWrongType() {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { default: [1, 2] }
            """
        let error = loadError(yaml)
        guard case .wrongType("default", "column 'c' of table 't'", _, "a list", _)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(error?.location == position(of: "[1, 2]", in: yaml))
    }

    @Test(arguments: [
        ("99999999999999999999", "it does not fit in a 64-bit integer"),
        (".inf", "SQLite has no literal for infinity or NaN"),
        ("-.Inf", "SQLite has no literal for infinity or NaN"),
        (".nan", "SQLite has no literal for infinity or NaN"),
        ("1e999", "it is too large for a 64-bit real"),
    ])
    func numbersSQLiteCannotWriteAreRejected(literal: String, problem: String) {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { default: \(literal) }
            """
        let error = loadError(yaml)
        #expect(error == .invalidValue(literal, for: "default", in: "column 'c' of table 't'",
                                       reason: "\(problem); quote it to store it as text",
                                       at: position(of: literal, in: yaml)))
    }

    @Test func defaultSQLIsRawSQL() throws {
        let yaml = """
            version: 1.0.0
            tables:
              t:
                columns:
                  c: { default_sql: "(strftime('%s','now'))" }
            """
        #expect(try loadSchema(yaml).schema.tables[0].columns[0].defaultValue == .sql("(strftime('%s','now'))"))
    }

    /// The key decides how a value is read; a tag that seems to say otherwise is refused, not ignored.
    @Test(arguments: [("!!str 0", "!!str"), ("!!int '5'", "!!int"), ("!sql CURRENT_TIMESTAMP", "!sql"), ("! 0", "!!str")])
    func explicitTagsAreRefused(value: String, tag: String) {
        expectError("version: 1.0.0\ntables:\n  t:\n    columns:\n      a: { type: TEXT, default: \(value) }\n", at: value) {
            .conflict("YAML tags such as '\(tag)' are not supported: the key decides how a value is read; "
                      + "quote a value to make it text (default: '0')", at: $0)
        }
    }
}
