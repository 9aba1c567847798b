import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Bounded input

@Suite struct LoadBoundsTests {
    /// Nine levels of nine aliases each: 9^9 (387 million) values once expanded.
    static func aliasBomb(usedAs use: String) -> String {
        var lines = [#"a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
            previous = name
        }
        return "version: 1.0.0\n" + lines.joined(separator: "\n") + "\n" + use
    }

    @Test(arguments: ["tables: *i\n", "tables:\n  ? *i\n  : x\n", "tables:\n  t:\n    columns: { a: *i }\n"])
    func anAliasBombIsRefusedAtTheAliasThatCrossesTheBound(use: String) throws {
        let yaml = Self.aliasBomb(usedAs: use)
        let error = try #require(loadError(yaml))
        // The first alias of the seventh level already stands for 9^6 values.
        #expect(error == .overLimit("the aliases of this file stand for more than 1000000 values in all; "
                                        + "write the repeated parts out, or repeat them fewer times",
                                    at: position(of: "*f", in: yaml)))
    }

    @Test func aliasesThatRepeatAColumnDeclarationLoad() throws {
        var yaml = "version: 1.0.0\ntables:\n  t0: { columns: { id: &key { type: INTEGER, primary_key: true } } }\n"
        for index in 1..<2000 { yaml += "  t\(index): { columns: { id: *key, name: TEXT } }\n" }
        let file = try loadSchema(yaml)
        #expect(file.schema.tables.count == 2000)
        #expect(file.schema.tables.allSatisfy { $0.columns[0].isPrimaryKey })
    }

    @Test(arguments: [70, 5000])
    func deepNestingIsRefused(depth: Int) throws {
        let yaml = "version: 1.0.0\ntables: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let error = try #require(loadError(yaml))
        guard case .overLimit(let message, let location) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(message == "values nest more than 64 levels deep here; schema.yaml needs far fewer")
        #expect(location.line == 2)
    }

    @Test func blockNestingIsRefusedWhereItGoesTooDeep() throws {
        var yaml = "version: 1.0.0\ntables:\n"
        for level in 0..<70 { yaml += String(repeating: "  ", count: level + 1) + "k\(level):\n" }
        yaml += String(repeating: "  ", count: 71) + "x\n"
        let error = try #require(loadError(yaml))
        #expect(error.caseName == "overLimit")
        #expect(error.location == position(of: "k63:", in: yaml))
    }

    @Test func aSchemaFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("schema.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: YAMLBounds.maxFileSize + 1).write(to: url)
        #expect {
            try SchemaLoader().load(contentsOf: url)
        } throws: { error in
            guard let error = error as? SchemaError, case .overLimit(let message, let location) = error else { return false }
            return message == "schema.yaml is 8.0 MiB, over the 8 MiB limit (a larger file is most likely not the one meant)"
                && location.line == 1
        }
    }

    @Test func anUpgradeScriptOverTheSizeLimitIsRefusedWhereItIsNamed() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = document("upgrades:\n  1.0.0: upgrades/huge.sql\n")
        try write(yaml, to: "schema.yaml", in: directory)
        let script = directory.appendingPathComponent("upgrades/huge.sql")
        try write("", to: "upgrades/huge.sql", in: directory)
        let handle = try FileHandle(forWritingTo: script)
        try handle.truncate(atOffset: UInt64(YAMLBounds.maxScriptSize + 1))   // sparse: nothing written
        try handle.close()
        #expect {
            try SchemaLoader().load(contentsOf: directory.appendingPathComponent("schema.yaml"))
        } throws: { error in
            guard let error = error as? SchemaError, case .overLimit(let message, let location) = error else { return false }
            return message == "the upgrade script upgrades/huge.sql is 64 MiB, over the 64 MiB limit "
                    + "(a larger file is most likely not the one meant)"
                && location.line == position(of: "upgrades/huge.sql", in: yaml).line
        }
    }

    @Test(arguments: [("tables: !!map {}", "!!map"),
                      ("tables:\n  t: { columns: { a: { type: TEXT, default: !!str 0 } } }", "!!str")])
    func explicitTagsAreRefusedOnAnyNode(yaml: String, tag: String) throws {
        let error = try #require(loadError("version: 1.0.0\n" + yaml))
        // The same refusal as that of the tag on a default value, wherever the node is.
        let onADefault = try #require(loadError("version: 1.0.0\ntables:\n  t:\n    columns:\n      a: { default: \(tag) 0 }\n"))
        #expect(error == .conflict(onADefault.message, at: try #require(error.location)))
    }
}
