import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - `version` and the keys of `upgrades`

@Suite struct LoadVersionTests {
    /// A directory with one empty script per name, for documents that name scripts.
    func withScripts<T>(_ names: [String], _ body: (URL) throws -> T) throws -> T {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in names { try write("SELECT '\(name)';\n", to: name, in: directory) }
        return try body(directory.appendingPathComponent("schema.yaml"))
    }

    @Test func shortVersionMeansPatchZero() throws {
        let file = try loadSchema("version: 1.4\ntables: {}\n")
        #expect(file.version == SemanticVersion("1.4.0"))
        #expect(file.version.description == "1.4.0")
    }

    @Test func upgradesAreSortedNumericallyAndPreReleasesFirst() throws {
        let yaml = """
            version: 2.0.0
            tables: {}
            upgrades:
              2.0.0: b.sql
              1.10.0: d.sql
              2.0.0-beta.2: c.sql
              1.9.0: [e.sql, a.sql]
            """
        let file = try withScripts(["a.sql", "b.sql", "c.sql", "d.sql", "e.sql"]) { url in
            try loadSchema(yaml, url: url)
        }
        #expect(file.upgrades.map(\.version.description) == ["1.9.0", "1.10.0", "2.0.0-beta.2", "2.0.0"])
        #expect(file.upgrades.map { $0.scripts.map(\.path) } == [["e.sql", "a.sql"], ["d.sql"], ["c.sql"], ["b.sql"]])
        #expect(file.upgrades[0].scripts.map(\.sql) == ["SELECT 'e.sql';\n", "SELECT 'a.sql';\n"])
        #expect(file.locations[.upgrade("1.10.0")].map { [$0.line, $0.column] } == [5, 3])
    }

    @Test func shortAndLongSpellingOfOneVersionAreDuplicates() throws {
        let yaml = """
            version: 2.0.0
            tables: {}
            upgrades:
              1.4: a.sql
              1.4.0: b.sql
            """
        let error = try withScripts(["a.sql", "b.sql"]) { url in loadError(yaml, url: url) }
        let file = error?.location?.file ?? ""
        #expect(error == .duplicateKey("1.4.0", in: "'upgrades'", first: "1.4",
                                       firstAt: SchemaReconciler.SourceLocation(file: file, line: 4, column: 3),
                                       at: SchemaReconciler.SourceLocation(file: file, line: 5, column: 3)))
        #expect(error?.message == "duplicate key '1.4.0' in 'upgrades'; it is the same as '1.4' at line 4")
    }

    @Test func buildMetadataIsIgnored() throws {
        let yaml = """
            version: 1.0.0+build.5
            tables: {}
            upgrades:
              1.0.0: a.sql
            """
        let file = try withScripts(["a.sql"]) { url in try loadSchema(yaml, url: url) }
        #expect(file.version == SemanticVersion("1.0.0"))
        #expect(file.upgrades.map(\.version) == [SemanticVersion("1.0.0")])
    }

    @Test(arguments: ["1.x", "v1.0.0", "1..0", "1.0.0-", "abc", "1.0.0+", "-1.0.0", "01.2.3", "1.02.0", "1.0.0-01"])
    func invalidVersionsAreRejected(text: String) throws {
        let yaml = "version: \(text)\ntables: {}\n"
        let error = expectError(yaml, at: text) { .invalidVersion(text, at: $0) }
        #expect(error?.message == "'\(text)' is not a semantic version; write MAJOR.MINOR.PATCH, numbers without leading zeros, "
            + "such as 1.4.0 (1.4 means 1.4.0; a pre-release such as 2.0.0-beta.2 is allowed)")
    }

    @Test func invalidUpgradeKeyIsRejected() {
        expectError("version: 1.0.0\ntables: {}\nupgrades:\n  next: a.sql\n", "invalidVersion", at: "next")
    }

    @Test func upgradeAboveVersionAsksToBumpTheVersion() throws {
        let yaml = """
            version: 2.1.0
            tables: {}
            upgrades:
              2.1.0: a.sql
              2.2.0: b.sql
            """
        let error = try withScripts(["a.sql", "b.sql"]) { url in loadError(yaml, url: url) }
        #expect(error == .upgradeAboveVersion(upgrade: "2.2.0", version: "2.1.0",
                                              at: SchemaReconciler.SourceLocation(file: error?.location?.file ?? "",
                                                                                  line: 5, column: 3)))
        #expect(error?.message
            == "upgrade 2.2.0 is above the schema's version 2.1.0, so it would never run; bump `version` to run it")
    }

    @Test func releaseIsAboveItsPreRelease() {
        let yaml = "version: 2.0.0-rc.1\ntables: {}\nupgrades:\n  2.0.0: a.sql\n"
        expectError(yaml, "upgradeAboveVersion", at: "2.0.0:")
    }
}

// MARK: - Stored versions

/// Versions as the database stores them (`major.minor.patch`, digits only) read the same as any
/// other spelling of the version, and malformed ones are still refused.
@Suite struct StoredVersionTests {
    @Test(arguments: [("0.0.0", [0, 0, 0]), ("1.2.3", [1, 2, 3]), ("10.20.300", [10, 20, 300]),
                      (" 1.2.3 ", [1, 2, 3]), ("1.2", [1, 2, 0]), ("1.2.3+build.7", [1, 2, 3])])
    func plainVersionsReadAsTheirNumbers(text: String, numbers: [Int]) throws {
        let version = try #require(SemanticVersion(text))
        #expect([version.major, version.minor, version.patch] == numbers)
        #expect(version.prerelease.isEmpty)
    }

    @Test(arguments: ["1.02.0", "01.2.3", "1.2.03", "1..0", "1.0.", ".1.0", "1.2.3.", "1.2.3a", "99999999999999999999.0.0"])
    func malformedPlainVersionsAreRefused(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test(arguments: [("2.0.0-beta.2", "2.0.0"), ("2.0.0", "2.0.1"), ("1.9.0", "1.10.0")])
    func storedVersionsOrderAsVersions(lower: String, higher: String) throws {
        #expect(try #require(SemanticVersion(lower)) < (try #require(SemanticVersion(higher))))
    }
}
