import Foundation
import XCTest
@testable import SchemaReconciler

// MARK: - JSONSchemaTests

/// schema.json, the JSON Schema that editors use for schema.yaml: it is the text
/// ``SchemaFormat/jsonSchemaText`` generates, it allows the keys the loader accepts and no
/// others, and the example files of the repository are valid against it.
///
/// To write schema.json again after a change of ``SchemaFormat``:
///
/// ```sh
/// RECONCILER_WRITE_JSON_SCHEMA=1 swift test --filter JSONSchema
/// ```
final class JSONSchemaTests: XCTestCase {
    /// The root of the repository, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Load
        .deletingLastPathComponent() // SchemaReconcilerTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    /// The committed schema.json.
    static let schemaURL = repositoryRoot.appendingPathComponent("schema.json")

    /// The validator for the committed schema.json.
    func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(contentsOf: Self.schemaURL)
    }

    /// The committed schema.json, parsed.
    func committedSchema() throws -> [String: Any] {
        try validator().schema
    }

    // MARK: The committed file

    func testCommittedSchemaIsTheGeneratedOne() throws {
        let generated = SchemaFormat.jsonSchemaText
        if ProcessInfo.processInfo.environment["RECONCILER_WRITE_JSON_SCHEMA"] == "1" {
            try Data(generated.utf8).write(to: Self.schemaURL)
            return
        }
        let committed = try? String(contentsOf: Self.schemaURL, encoding: .utf8)
        XCTAssert(committed == generated,
                  "schema.json is out of date: run RECONCILER_WRITE_JSON_SCHEMA=1 swift test --filter JSONSchema")
    }

    func testGeneratedSchemaIsValidJSONOfDraft2020_12() throws {
        let text = SchemaFormat.jsonSchemaText
        XCTAssert(text.hasSuffix("}\n"))
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(parsed["title"] as? String, "schema.yaml")
        XCTAssertEqual(parsed["required"] as? [String], ["version", "tables"])
        let definitions = try XCTUnwrap(parsed["$defs"] as? [String: Any])
        for name in ["table", "column", "index", "reference", "foreign_key", "virtual_table", "view", "drop", "legacy", "upgrades",
                     "column_key", "key_constraint", "check", "constraint_name", "swift_file", "swift_table", "swift_view",
                     "swift_property"] {
            XCTAssertNotNil(definitions[name], "$defs has no '\(name)'")
        }
    }

    // MARK: Keys

    func testEveryMappingOfTheSchemaAllowsTheKeysOfTheFormat() throws {
        let schema = try committedSchema()
        for mapping in SchemaFormat.Mapping.allCases {
            let object = try XCTUnwrap(Self.definition(of: mapping, in: schema), "\(mapping)")
            let properties = try XCTUnwrap(object["properties"] as? [String: Any], "\(mapping)")
            XCTAssertEqual(Set(properties.keys), Set(mapping.keys.names), "\(mapping)")
            XCTAssertEqual(Set(object["required"] as? [String] ?? []), Set(mapping.requiredKeys.names), "\(mapping)")
            XCTAssertEqual(object["additionalProperties"] as? Bool, false, "\(mapping)")
            for key in mapping.keys {
                let property = try XCTUnwrap(properties[key.name] as? [String: Any])
                XCTAssertEqual(property["description"] as? String, key.summary, "\(mapping).\(key.name)")
            }
        }
    }

    func testEveryMappingOfTheSchemaRefusesUnknownKeys() throws {
        var objects = 0
        Self.visit(try committedSchema()) { node in
            guard node["type"] as? String == "object" else { return }
            objects += 1
            XCTAssertNotNil(node["additionalProperties"], "an object schema without additionalProperties: \(node.keys.sorted())")
            if node["properties"] != nil || node["patternProperties"] != nil {
                XCTAssertEqual(node["additionalProperties"] as? Bool, false)
            }
        }
        XCTAssertGreaterThanOrEqual(objects, SchemaFormat.Mapping.allCases.count)
    }

    func testTheLoaderAcceptsEveryKeyOfTheSchemaAndNoOther() throws {
        let schema = try committedSchema()
        for mapping in SchemaFormat.Mapping.allCases {
            let properties = try XCTUnwrap(Self.definition(of: mapping, in: schema)?["properties"] as? [String: Any])
            for key in properties.keys.sorted() {
                let error = Self.loadError(Self.probe(mapping, setting: key, to: "~"))
                if case .unknownKey = error {
                    XCTFail("the loader refuses '\(key)' in \(mapping): \(error!)")
                }
            }
            let error = Self.loadError(Self.probe(mapping, setting: "not_a_key", to: "~"))
            guard case .unknownKey(let key, _, _, let allowed, _) = error else {
                XCTFail("the loader accepts an unknown key in \(mapping): \(String(describing: error))")
                continue
            }
            XCTAssertEqual(key, "not_a_key")
            XCTAssertEqual(Set(allowed), Set(properties.keys), "the keys of \(mapping)")
        }
    }

    func testTheLoaderRequiresTheRequiredKeysOfTheSchema() throws {
        let schema = try committedSchema()
        for mapping in SchemaFormat.Mapping.allCases {
            let required = Self.definition(of: mapping, in: schema)?["required"] as? [String] ?? []
            for key in required {
                let error = Self.loadError(Self.probe(mapping, setting: key, to: nil))
                guard case .missingKey(let missing, _, _) = error else {
                    XCTFail("the loader does not require '\(key)' in \(mapping): \(String(describing: error))")
                    continue
                }
                XCTAssertEqual(missing, key)
            }
            if case .missingKey(let key, _, _) = Self.loadError(Self.probe(mapping)) {
                XCTFail("the loader requires '\(key)' in \(mapping), which the schema does not")
            }
        }
    }

    func testEmptySectionsAreAcceptedWhereTheSchemaAllowsNull() throws {
        let validator = try validator()
        for key in SchemaFormat.TopLevel.all {
            let yaml = Self.probe(.topLevel, setting: key.name, to: "")
            let schemaAllows = validator.validate(try JSONSchemaValidator.loadYAML(yaml)).isEmpty
            let loaderAllows = Self.loadError(yaml) == nil
            XCTAssertEqual(schemaAllows, loaderAllows, "'\(key.name):' with no value")
        }
    }

    // MARK: Examples

    func testTheExampleSchemaFileIsValid() throws {
        let yaml = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("schema.yaml"), encoding: .utf8)
        XCTAssert(yaml.hasPrefix("# yaml-language-server: $schema=./schema.json\n"))
        try assertValid(yaml, "schema.yaml")
    }

    func testTheWholeSchemaFilesOfTheDocumentationAreValid() throws {
        for document in ["docs/schema-format.md", "README.md"] {
            let markdown = try String(contentsOf: Self.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            let examples = Self.wholeSchemaFiles(in: markdown)
            XCTAssertFalse(examples.isEmpty, "\(document) has no whole schema file")
            for (line, yaml) in examples {
                try assertValid(yaml, "\(document), the example at line \(line)")
            }
        }
    }

    func testWhatInspectWritesIsValid() throws {
        let file = try SchemaLoader().load(contentsOf: Self.repositoryRoot.appendingPathComponent("schema.yaml"))
        var writer = SchemaWriter(version: file.version)
        try assertValid(writer.yaml(for: file.schema), "the file written for schema.yaml")
    }

    // MARK: Mistakes

    func testMisspeltKeyIsFlaggedWhereItIsWritten() throws {
        let yaml = """
            version: 1.0.0
            tables:
              users:
                columns:
                  email: { type: TEXT, not_nul: true }
            """
        let failures = try validator().validate(try JSONSchemaValidator.loadYAML(yaml))
        XCTAssertEqual(failures, [JSONSchemaValidator.Failure(path: "/tables/users/columns/email/not_nul",
                                                              message: "unknown key 'not_nul'")])
        XCTAssertNotNil(Self.loadError(yaml), "the loader accepts what the schema refuses")
    }

    func testValueOfTheWrongKindIsFlaggedWhereItIsWritten() throws {
        let cases = [
            ("email: { type: TEXT, not_null: \"yes\" }", "/tables/users/columns/email/not_null", "expected boolean"),
            ("email: { type: TEXT, unique: yes }", "/tables/users/columns/email/unique", "expected boolean"),
            ("email: { type: [TEXT] }", "/tables/users/columns/email/type", "expected string"),
            ("email: { type: TEXT, references: { table: teams, on_delete: EXPLODE } }",
             "/tables/users/columns/email/references/on_delete", "expected one of"),
            ("email:", "/tables/users/columns/email", "matches none of its forms"),
        ]
        for (column, path, phrase) in cases {
            let yaml = "version: 1.0.0\ntables:\n  users:\n    columns:\n      \(column)\n"
            let failures = try validator().validate(try JSONSchemaValidator.loadYAML(yaml))
            XCTAssertEqual(failures.map(\.path), [path], "\(column): \(failures)")
            XCTAssert(failures.first?.message.contains(phrase) == true, "\(column): \(failures)")
            XCTAssertNotNil(Self.loadError(yaml), "the loader accepts \(column)")
        }
        let yaml = "version: 1.0.0\ntables:\n  users:\n    columns: [id, name]\n"
        XCTAssertEqual(try validator().validate(try JSONSchemaValidator.loadYAML(yaml)).map(\.path), ["/tables/users/columns"])
    }

    func testVersionsAreAcceptedAsYAMLReadsThem() throws {
        for version in ["1.4.0", "1.4", "2", "1.10", "2.0.0-beta.1", "2.0.0+build.7"] {
            let yaml = "version: \(version)\ntables: {}\nupgrades:\n  \(version): upgrades/x.sql\n"
            XCTAssertEqual(try validator().validate(try JSONSchemaValidator.loadYAML(yaml)), [], version)
        }
        for version in ["v1.2", "1.x", "1.2.3.4", "01.2.0"] {
            let yaml = "version: \(version)\ntables: {}\n"
            XCTAssertEqual(try validator().validate(try JSONSchemaValidator.loadYAML(yaml)).map(\.path), ["/version"], version)
            XCTAssertNotNil(Self.loadError(yaml), version)
        }
    }

    // MARK: Helpers

    /// Fails with every failure of `yaml` against the committed schema.json.
    func assertValid(_ yaml: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let failures = try validator().validate(try JSONSchemaValidator.loadYAML(yaml))
        XCTAssert(failures.isEmpty, "\(name) is not valid against schema.json:\n"
                      + failures.map(\.description).joined(separator: "\n"), file: file, line: line)
    }

    /// The schema of a mapping in the document: the document itself for the top level, a
    /// `$defs` entry otherwise.
    static func definition(of mapping: SchemaFormat.Mapping, in schema: [String: Any]) -> [String: Any]? {
        if mapping == .topLevel { return schema }
        return (schema["$defs"] as? [String: Any])?[mapping.rawValue] as? [String: Any]
    }

    /// Calls `body` with every object of a JSON value, depth first.
    static func visit(_ value: Any, _ body: ([String: Any]) -> Void) {
        if let object = value as? [String: Any] {
            body(object)
            for key in object.keys.sorted() { visit(object[key]!, body) }
        } else if let array = value as? [Any] {
            for element in array { visit(element, body) }
        }
    }

    /// The fenced ```yaml blocks of a Markdown text that are whole schema files (they have a
    /// top-level `version:`), with the line each starts at.
    static func wholeSchemaFiles(in markdown: String) -> [(line: Int, yaml: String)] {
        var blocks: [(line: Int, yaml: String)] = []
        var current: (line: Int, lines: [Substring])?
        for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = current {
                if line.hasPrefix("```") {
                    if block.lines.contains(where: { $0.hasPrefix("version:") }) {
                        blocks.append((block.line, block.lines.joined(separator: "\n") + "\n"))
                    }
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line == "```yaml" {
                current = (offset + 2, [])
            }
        }
        return blocks
    }

    // MARK: Probes

    /// A value the loader accepts for each required key, so that a probe reaches the mapping.
    static let requiredValues: [SchemaFormat.Mapping: [String: String]] = [
        .topLevel: ["version": "1.0.0", "tables": "{}"],
        .compatibility: ["profile": "cloudkit"],
        .table: ["columns": "{ id: INTEGER }"],
        .reference: ["table": "t"],
        .columnKey: ["name": "t_pk"],
        .keyConstraint: ["columns": "[id]"],
        .check: ["expression": "id > 0"],
        .foreignKey: ["columns": "[id]", "references": "{ table: t }"],
        .foreignKeyReference: ["table": "t"],
        .index: ["columns": "[id]"],
        .view: ["select": "SELECT 1"],
        .virtualTable: ["module": "rtree"],
        .legacy: ["source": "user_version", "versions": "{ 1: 1.0.0 }"],
        .upgrade: ["script": "upgrades/1.0.0.sql"],
    ]

    /// A schema.yaml in which the one mapping of kind `mapping` has its required keys, with
    /// `key` set to `value` (YAML text), or left out when `value` is nil.
    static func probe(_ mapping: SchemaFormat.Mapping, setting key: String? = nil, to value: String? = nil) -> String {
        var members = requiredValues[mapping] ?? [:]
        if let key { members[key] = value }
        let body = "{ " + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }"
        let table = "{ columns: { id: { type: INTEGER, primary_key: true } }"
        let top = "version: 1.0.0\ntables:\n  t: "
        switch mapping {
        case .topLevel: return members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n") + "\n"
        case .table: return top + body + "\n"
        case .column: return top + "{ columns: { id: \(body) } }\n"
        case .reference: return top + "{ columns: { id: { type: INTEGER, primary_key: true, references: \(body) } } }\n"
        case .columnKey: return top + "{ columns: { id: { type: INTEGER, primary_key: \(body) } } }\n"
        case .keyConstraint: return top + "{ columns: { id: INTEGER }, primary_key: \(body) }\n"
        case .check: return top + "{ columns: { id: { type: INTEGER, check: \(body) } } }\n"
        case .foreignKey: return top + table + ", foreign_keys: [\(body)] }\n"
        case .foreignKeyReference: return top + table + ", foreign_keys: [{ columns: [id], references: \(body) }] }\n"
        case .index: return top + table + ", indexes: { i: \(body) } }\n"
        case .view: return top + table + " }\nviews:\n  v: \(body)\n"
        case .virtualTable: return top + table + " }\nvirtual_tables:\n  vt: \(body)\n"
        case .drop: return top + table + " }\ndrop: \(body)\n"
        case .legacy: return top + table + " }\nlegacy: \(body)\n"
        case .compatibility: return top + table + " }\ncompatibility: \(body)\n"
        case .upgrade: return top + table + " }\nupgrades:\n  1.0.0: \(body)\n"
        case .swiftFile: return top + table + " }\nswift: \(body)\n"
        case .swiftTable: return top + "{ columns: { id: INTEGER }, swift: \(body) }\n"
        case .swiftView: return top + table + " }\nviews:\n  v: { select: SELECT 1, swift: \(body) }\n"
        case .swiftProperty: return top + "{ columns: { id: { type: INTEGER, swift: \(body) } } }\n"
        }
    }

    /// The error of loading `yaml`, nil when it loads.
    static func loadError(_ yaml: String) -> SchemaError? {
        do {
            _ = try SchemaLoader().load(yaml: yaml, url: URL(fileURLWithPath: "/nonexistent/schema.yaml"))
            return nil
        } catch {
            return error as? SchemaError ?? .syntax("\(error)", at: SourceLocation(file: "schema.yaml", line: 1, column: 1))
        }
    }
}
