import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - `ignore`: the names of other tools' objects

@Suite struct LoadIgnoreTests {
    // MARK: Patterns

    @Test func aStarMatchesAnyRunOfCharactersAndLetterCaseDoesNotMatter() {
        let pattern = NamePattern("cache_*")
        #expect(pattern.matches("cache_users"))
        #expect(pattern.matches("CACHE_"))
        #expect(!pattern.matches("cache"))
        #expect(!pattern.matches("my_cache_users"))
        #expect(NamePattern("*_shadow").matches("Docs_Shadow"))
        #expect(NamePattern("a*b*c").matches("a-b-b-c"))
        #expect(!NamePattern("a*b*c").matches("a-c-b"))
        #expect(NamePattern("*").matches(""))
        #expect(NamePattern("**x").matches("x"))
    }

    @Test func withoutAStarAPatternIsOneNameAndUnderscoreIsAPlainCharacter() {
        #expect(NamePattern("audit_log").matches("Audit_Log"))
        #expect(!NamePattern("audit_log").matches("auditXlog"))
        #expect(!NamePattern("audit_log").matches("audit_log2"))
        #expect(NamePattern("Café*").matches("café au lait"))
        #expect(!NamePattern("CAFÉ").matches("café")) // SQLite folds ASCII letters only
    }

    @Test func builtInNamesNeedNoKey() {
        let ignored = IgnoredNames()
        #expect(ignored.rule(matching: "_litestream_seq") == .litestream)
        #expect(ignored.rule(matching: "_LITESTREAM_LOCK") == .litestream)
        // SQLite's own names are SQLite's, whatever the patterns.
        #expect(ignored.rule(matching: "sqlite_stat1") == nil)
        #expect(!IgnoredNames(patterns: [NamePattern("*_1")]).ignores("sqlite_autoindex_users_1", table: "users"))
        #expect(!ignored.contains("litestream_seq"))
        let legacy = IgnoredNames(patterns: [NamePattern("audit_*")], legacyTable: "grdb_migrations")
        #expect(legacy.rule(matching: "GRDB_Migrations") == .legacyTable("grdb_migrations"))
        #expect(legacy.ignores("audit_users", table: "users"))
        #expect(legacy.ignores("users_by_date", table: "audit_log"))
        #expect(!legacy.ignores("sqlite_autoindex_users_1", table: "users"))
    }

    // MARK: Loading

    @Test func theFileKeepsItsPatternsAndTheLegacyTable() throws {
        let yaml = document("""
            ignore: [audit_*, "*_cache"]
            legacy:
              source: grdb_migrations
              versions: { v1: 1.0.0 }
            """)
        let file = try loadSchema(yaml)
        #expect(file.ignore.map(\.text) == ["audit_*", "*_cache"])
        #expect(file.ignoredNames.contains("Audit_Log") && file.ignoredNames.contains("users_cache"))
        #expect(file.ignoredNames.contains("grdb_migrations") && file.ignoredNames.contains("_litestream_seq"))
        #expect(!file.ignoredNames.contains("t"))
        #expect(try loadSchema(document("ignore:")).ignore.isEmpty)
    }

    @Test func theLegacyTableIsNotIgnoredWhenDropListsIt() throws {
        let yaml = document("""
            legacy:
              source: schema_migrations
              versions: { 1: 1.0.0 }
            drop: { tables: [schema_migrations] }
            """)
        #expect(!(try loadSchema(yaml).ignoredNames.contains("schema_migrations")))
    }

    @Test(arguments: [
        ("tables:\n  t:\n    columns: { id: INTEGER }\n  audit_log:\n    columns: { id: INTEGER }", "audit_log:", "table"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\n    indexes: { audit_by_id: [id] }", "audit_by_id:", "index"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\nviews:\n  audit_view: SELECT id FROM t", "audit_view:", "view"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\ntriggers:\n  audit_t: CREATE TRIGGER audit_t AFTER INSERT ON t BEGIN SELECT 1; END",
         "audit_t:", "trigger"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\nvirtual_tables:\n  audit_search: fts5(body)", "audit_search:", "virtual table"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\n    renamed_from: audit_t", "audit_t", "table"),
        ("tables:\n  t:\n    columns: { id: INTEGER }\ndrop: { tables: [audit_old] }", "audit_old", "table"),
    ])
    func anObjectAPatternMatchesIsAnErrorAtItsLine(body: String, name: String, kind: String) throws {
        let yaml = "version: 1.0.0\nignore: [audit_*]\n" + body + "\n"
        let error = try #require(loadError(yaml))
        let object = name.hasSuffix(":") ? String(name.dropLast()) : name
        #expect(error == .ignoredName(object, kind: kind, reason: IgnoredNames.Rule.pattern(NamePattern("audit_*")).reason,
                                      at: position(of: name, in: yaml)))
        #expect(error.description.contains("\(kind) '\(object)' belongs to another tool: it matches the ignore pattern 'audit_*'"))
    }

    @Test func litestreamsTablesAndTheLegacyTableCannotBeDeclared() throws {
        let litestream = "version: 1.0.0\ntables:\n  _litestream_seq:\n    columns: { id: INTEGER }\n"
        #expect(loadError(litestream) == .ignoredName("_litestream_seq", kind: "table", reason: IgnoredNames.Rule.litestream.reason,
                                                      at: at(3, 3)))
        let legacy = """
            version: 1.0.0
            tables:
              app_version:
                columns: { version_num: INTEGER }
            legacy:
              source: app_version.version_num
              versions: { 1: 1.0.0 }
            """
        let error = try #require(loadError(legacy))
        #expect(error == .ignoredName("app_version", kind: "table", reason: IgnoredNames.Rule.legacyTable("app_version").reason,
                                      at: at(3, 3)))
        #expect(error.message.contains("leave it out of the file"))
    }

    @Test func patternsAreAListOfNames() throws {
        #expect(loadError(document("ignore: audit_*"))?.kind == "wrongType")
        #expect(loadError(document("ignore: ['']"))?.location == position(of: "''", in: document("ignore: ['']")))
    }
}
