import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Reading the upgrade scripts

@Suite struct LoadUpgradeScriptTests {
    /// A directory `root/app` holding schema.yaml, with `root/outside.sql` next to it.
    func withProject<T>(_ yaml: String, files: [String: String] = [:], _ body: (URL, URL) throws -> T) throws -> T {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("app")
        try write("DELETE FROM users;\n", to: "outside.sql", in: root)
        try write(yaml, to: "schema.yaml", in: app)
        for (path, text) in files { try write(text, to: path, in: app) }
        return try body(app.appendingPathComponent("schema.yaml"), root)
    }

    func error(loading url: URL) -> SchemaError? {
        do {
            _ = try SchemaLoader().load(contentsOf: url)
        } catch let error as SchemaError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
        return nil
    }

    static let yaml = "version: 1.0.0\ntables: {}\nupgrades:\n  1.0.0: [upgrades/a.sql, PATH]\n"

    @Test func scriptsAreReadRelativeToTheSchemaDirectory() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "PATH", with: "./upgrades/../b.sql")
        let file = try withProject(yaml, files: ["upgrades/a.sql": "-- a; still a\nSELECT 1;", "b.sql": "SELECT 2;"]) { url, _ in
            try SchemaLoader().load(contentsOf: url)
        }
        let scripts = try #require(file.upgrades.first?.scripts)
        #expect(scripts.map(\.path) == ["upgrades/a.sql", "./upgrades/../b.sql"])
        #expect(scripts.map(\.sql) == ["-- a; still a\nSELECT 1;", "SELECT 2;"])
        #expect(scripts.map { $0.location.map { [$0.line, $0.column] } } == [[4, 11], [4, 27]])
    }

    @Test(arguments: [
        ("version: 1.1.0\ntables: {}\nupgrades:\n  1.0.0: [upgrades/a.sql, upgrades/a.sql]\n", [4, 27], "upgrades/a.sql", "1.0.0"),
        ("version: 1.1.0\ntables: {}\nupgrades:\n  1.0.0: upgrades/a.sql\n  1.1.0: ./upgrades/../upgrades/a.sql\n", [5, 10],
         "./upgrades/../upgrades/a.sql", "1.0.0"),
    ])
    func aScriptListedTwiceIsRejected(yaml: String, at place: [Int], again: String, firstVersion: String) throws {
        let error = try withProject(yaml, files: ["upgrades/a.sql": "SELECT 1;"]) { url, _ in self.error(loading: url) }
        guard case .conflict(let message, let location)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect([location.line, location.column] == place)
        #expect(message == "the script \(again) is already listed as upgrades/a.sql under \(firstVersion): "
            + "an upgrade script runs once, under one version")
    }

    @Test func missingScript() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "PATH", with: "upgrades/missing.sql")
        let error = try withProject(yaml, files: ["upgrades/a.sql": ""]) { url, _ in self.error(loading: url) }
        #expect(error == .missingScript("upgrades/missing.sql",
                                        at: SchemaReconciler.SourceLocation(file: error?.location?.file ?? "", line: 4, column: 27)))
        #expect(error?.message
            == "script 'upgrades/missing.sql' does not exist (paths are relative to the directory of the schema file)")
    }

    @Test func pathLeavingTheDirectoryIsRejectedEvenWhenTheFileExists() throws {
        for path in ["../outside.sql", "upgrades/../../outside.sql"] {
            let yaml = Self.yaml.replacingOccurrences(of: "PATH", with: path)
            let error = try withProject(yaml, files: ["upgrades/a.sql": ""]) { url, _ in self.error(loading: url) }
            #expect(error?.caseName == "scriptOutsideDirectory")
            #expect(error?.location.map { [$0.line, $0.column] } == [4, 27])
        }
    }

    @Test func absolutePathOutsideTheDirectoryIsRejected() throws {
        let error = try withProject("", files: [:]) { url, root in
            let yaml = Self.yaml.replacingOccurrences(of: "PATH", with: root.appendingPathComponent("outside.sql").path)
            try write(yaml, to: "schema.yaml", in: url.deletingLastPathComponent())
            try write("", to: "upgrades/a.sql", in: url.deletingLastPathComponent())
            return self.error(loading: url)
        }
        #expect(error?.caseName == "scriptOutsideDirectory")
    }

    @Test func symbolicLinkLeavingTheDirectoryIsRejected() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "PATH", with: "upgrades/link.sql")
        let error = try withProject(yaml, files: ["upgrades/a.sql": ""]) { url, root in
            try FileManager.default.createSymbolicLink(
                at: url.deletingLastPathComponent().appendingPathComponent("upgrades/link.sql"),
                withDestinationURL: root.appendingPathComponent("outside.sql"))
            return self.error(loading: url)
        }
        #expect(error?.caseName == "scriptOutsideDirectory")
    }

    @Test func scriptThatIsNotUTF8() throws {
        let error = try withProject(Self.yaml.replacingOccurrences(of: "PATH", with: "b.sql"),
                                    files: ["upgrades/a.sql": ""]) { url, _ in
            try Data([0x53, 0xFF, 0xFE, 0x3B]).write(to: url.deletingLastPathComponent().appendingPathComponent("b.sql"))
            return self.error(loading: url)
        }
        guard case .unreadableScript("b.sql", let reason, _)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason == "it is not UTF-8 text")
        #expect(error?.message == "cannot read script 'b.sql': it is not UTF-8 text")
    }

    @Test func inMemoryTextReadsScriptsNextToTheURLAndNamesTheFileAsGiven() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("UPDATE t SET a = 1;", to: "up/a.sql", in: directory)
        let url = URL(fileURLWithPath: "schema.yaml", relativeTo: directory)
        let yaml = "version: 1.0.0\ntables: {}\nupgrades:\n  1.0.0: up/a.sql\n"
        let file = try SchemaLoader().load(yaml: yaml, url: url)
        #expect(file.upgrades.first?.scripts.first?.sql == "UPDATE t SET a = 1;")
        #expect(file.contents == Data(yaml.utf8))
        #expect(file.url == url)

        let error = try #require(loadError(yaml.replacingOccurrences(of: "up/a.sql", with: "up/b.sql"), url: url))
        #expect(error == .missingScript("up/b.sql", at: at(4, 10)))
        #expect(error.localizedDescription == error.description)
    }

    @Test func emptyListOfScripts() {
        expectError("version: 1.0.0\ntables: {}\nupgrades:\n  1.0.0: []\n", at: "[]") {
            .invalidValue("[]", for: "1.0.0", in: "'upgrades'", reason: "list at least one script, or remove the upgrade", at: $0)
        }
    }

    @Test func unreadableSchemaFileHasNoLocation() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("schema.yaml")
        let error = try #require(self.error(loading: url))
        #expect(error.caseName == "unreadable")
        #expect(error.location == nil)
        #expect(error.description == "\(url.path): error: cannot read the schema file: no such file")
    }

    @Test func contentsAreTheExactBytesOfTheFile() throws {
        let yaml = "\u{FEFF}version: 1.0.0\r\ntables: {}\r\n"
        let file = try withProject(yaml) { url, _ in try SchemaLoader().load(contentsOf: url) }
        #expect(file.contents == Data(yaml.utf8))
        #expect(file.version == SemanticVersion("1.0.0"))
    }
}
