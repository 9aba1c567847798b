import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - The legacy section

@Suite struct LoadLegacyTests {
    /// A document at version 2.0.0 whose `legacy` section is `body` (indented two spaces): its
    /// first line is line 7, at column 3.
    func legacy(_ body: String, version: String = "2.0.0") -> String {
        document("legacy:\n" + body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            .joined(separator: "\n"), version: version)
    }

    // MARK: What it reads

    @Test func numericSourcesReadWholeNumberKeysAndVersions() throws {
        let file = try loadSchema(legacy("source: schema_migrations\nversions:\n  3: 1.1.0\n  5: 1.2\n  -1: 0.9.0"))
        #expect(file.legacy == LegacyVersionMap(source: .schemaMigrations, entries: [
            .init(key: .number(3), version: "1.1.0"), .init(key: .number(5), version: "1.2.0"),
            .init(key: .number(-1), version: "0.9.0"),
        ]))
        for source in ["user_version", "schema_info"] {
            #expect(try loadSchema(legacy("source: \(source)\nversions: { 1: 1.0.0 }")).legacy?.source.description == source)
        }
    }

    @Test func aTableAndColumnAreSplitAtTheLastDot() throws {
        let file = try loadSchema(legacy("source: app.version.version_num\nversions: { 7: 2.0.0 }"))
        #expect(file.legacy?.source == .column(table: "app.version", column: "version_num"))
    }

    @Test func grdbKeysAreIdentifiers() throws {
        let file = try loadSchema(legacy("source: grdb_migrations\nversions:\n  v1: 1.0.0\n  '2': 1.1.0\n  add tags: 1.1.0"))
        #expect(file.legacy?.entries.map(\.key) == [.identifier("v1"), .identifier("2"), .identifier("add tags")])
    }

    /// What `inspect` writes for GRDB's migrations (`v1:`), or `~`, or `null`: a record without
    /// its version. Every one is named, in one error at the first.
    @Test func recordsWithoutAVersionAreRefusedTogetherAtTheFirst() throws {
        let error = loadError(legacy("source: grdb_migrations\nversions:\n  v1:\n  v2: 1.0.0\n  v3: ~\n  v4: null"))
        #expect(error == .legacyVersionsMissing(["v1", "v3", "v4"], source: "grdb_migrations", lines: [9, 11, 12], at: at(9, 5)))
        #expect(error?.message.hasPrefix("legacy.versions gives no app version to the migrations v1 (line 9), v3 (line 11), "
                                         + "v4 (line 12) of grdb_migrations: after each, write the app version of the first "
                                         + "release that ran it, such as `v1: 1.0.0`.") == true)
        // A quoted '~' is an identifier's version written as text: not a version either, but not blank.
        #expect(loadError(legacy("source: grdb_migrations\nversions:\n  v1: '~'")) == .invalidVersion("~", at: at(9, 9)))
        let numeric = loadError(legacy("source: schema_migrations\nversions:\n  3:\n  5: 1.2.0"))
        #expect(numeric == .legacyVersionsMissing(["3"], source: "schema_migrations", lines: [9], at: at(9, 5)))
        #expect(numeric?.message.contains("the record 3 (line 9) of schema_migrations") == true)
    }

    @Test func anEmptySectionDeclaresNothing() throws {
        #expect(try loadSchema(document("legacy:")).legacy == nil)
        #expect(try loadSchema(document()).legacy == nil)
    }

    // MARK: Mistakes, at their place

    @Test func unknownAndMissingKeys() {
        #expect(loadError(legacy("source: user_version\nversion: { 1: 1.0.0 }")) == .unknownKey(
            "version", in: "'legacy'", suggestion: "versions", allowed: ["source", "versions"], at: at(8, 3)))
        #expect(loadError(legacy("versions: { 1: 1.0.0 }")) == .missingKey("source", in: "'legacy'", at: at(7, 3)))
        #expect(loadError(legacy("source: user_version")) == .missingKey("versions", in: "'legacy'", at: at(7, 3)))
        #expect(loadError(document("legacy: user_version")) == .wrongType(
            "legacy", in: SchemaParser.topLevel, expected: "a mapping with 'source' and 'versions'",
            found: "'user_version'", at: at(6, 9)))
    }

    @Test func anUnknownSourceSaysWhatIsAccepted() {
        guard case .invalidValue("migrations", "source", "'legacy'", let reason, at(7, 11)) =
                loadError(legacy("source: migrations\nversions: { 1: 1.0.0 }")) else {
            Issue.record("expected an invalid source")
            return
        }
        #expect(reason.contains("user_version, schema_migrations, schema_info, grdb_migrations, or TABLE.COLUMN"))
        #expect(loadError(legacy("source: _reconciler_state.version\nversions: { 1: 1.0.0 }")) ==
            .reservedName("_reconciler_state", kind: "table", prefix: "_reconciler", at: at(7, 11)))
    }

    @Test func numericSourcesRefuseKeysThatAreNotWholeNumbers() {
        guard case .invalidValue("v3", "a key", "'legacy.versions'", let reason, at(9, 5)) =
                loadError(legacy("source: schema_migrations\nversions:\n  v3: 1.0.0")) else {
            Issue.record("expected an invalid key")
            return
        }
        #expect(reason.contains("whole numbers"))
    }

    @Test func keysOnceEach() {
        #expect(loadError(legacy("source: user_version\nversions:\n  3: 1.0.0\n  03: 1.1.0")) == .duplicateKey(
            "03", in: "'legacy.versions'", first: "3", firstAt: at(9, 5), at: at(10, 5)))
        #expect(loadError(legacy("source: user_version\nversions: {}")) != nil)
    }

    @Test func versionsAreSemanticAndNotAboveTheFile() {
        #expect(loadError(legacy("source: user_version\nversions:\n  3: one")) == .invalidVersion("one", at: at(9, 8)))
        guard case .invalidValue("2.1.0", "3", "'legacy.versions'", let reason, at(9, 8)) =
                loadError(legacy("source: user_version\nversions:\n  3: 2.1.0")) else {
            Issue.record("expected a version above the file's to be refused")
            return
        }
        #expect(reason.contains("above the schema's version 2.0.0"))
    }

    @Test func numericVersionsDoNotDecreaseAsRecordsGrow() throws {
        guard case .conflict(let message, at(10, 5)) =
                loadError(legacy("source: schema_migrations\nversions:\n  3: 1.2.0\n  5: 1.1.0")) else {
            Issue.record("expected decreasing versions to be refused")
            return
        }
        #expect(message.contains("maps 5 to 1.1.0, below 1.2.0"))
        // Two migrations of one release map to the same version; identifiers have no order.
        _ = try loadSchema(legacy("source: schema_migrations\nversions:\n  3: 1.1.0\n  4: 1.1.0"))
        _ = try loadSchema(legacy("source: grdb_migrations\nversions:\n  b: 1.2.0\n  a: 1.1.0"))
    }
}
