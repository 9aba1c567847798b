import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - compatibility: cloudkit

/// Under `compatibility: cloudkit`, each rule of CloudKit sync is an error at the line that
/// breaks it, in the tables the profile covers; the tables under `except` stay local and free.
@Suite struct LoadCompatibilityTests {
    /// A schema CloudKit sync accepts: TEXT UUID keys, a default on every NOT NULL column,
    /// CASCADE and SET NULL foreign keys; a local-only table with a UNIQUE column.
    static let synced = """
        version: 1.0.0
        compatibility: { profile: cloudkit, except: [search_cache] }
        tables:
          lists:
            columns:
              id:    { type: TEXT, primary_key: true, not_null: true, default_sql: "(lower(hex(randomblob(16))))" }
              title: { type: TEXT, not_null: true, default: "" }
          reminders:
            columns:
              id:       { type: TEXT, primary_key: true, not_null: true }
              list_id:  { type: TEXT, not_null: true, default: "", references: lists.id, on_delete: CASCADE }
              parent:   { type: TEXT, references: reminders.id, on_delete: SET NULL }
              done:     { type: INTEGER, not_null: true, default: 0 }
          search_cache:
            columns:
              term: { type: TEXT, not_null: true, unique: true }
        """

    @Test func aSchemaThatFollowsTheRulesLoads() throws {
        let file = try loadSchema(Self.synced)
        #expect(file.schema.tables.map(\.name) == ["lists", "reminders", "search_cache"])
        // The same tables without the profile load too: the rules add errors, never change the model.
        let plain = try loadSchema(Self.synced.replacingOccurrences(
            of: "compatibility: { profile: cloudkit, except: [search_cache] }\n", with: ""))
        #expect(plain.schema == file.schema)
    }

    /// The synced schema with one line replaced: the error is at that line.
    func error(replacing old: String, with new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SchemaError {
        #expect(Self.synced.contains(old), sourceLocation: sourceLocation)
        return try #require(loadError(Self.synced.replacingOccurrences(of: old, with: new), sourceLocation: sourceLocation),
                            sourceLocation: sourceLocation)
    }

    @Test func aUniqueColumnIsAnErrorAtItsLine() throws {
        let error = try error(replacing: "title: { type: TEXT, not_null: true, default: \"\" }",
                              with: "title: { type: TEXT, not_null: true, default: \"\", unique: true }")
        #expect(error.location?.line == 7)
        #expect(error.description.hasPrefix("schema.yaml:7:7: error: column 'title' of table 'lists' is UNIQUE, "
                                            + "which compatibility: cloudkit does not allow: two devices"))
        guard case .incompatible(let what, let profile, let reason, _) = error else {
            Issue.record("not the profile's error: \(error)")
            return
        }
        #expect(what == "column 'title' of table 'lists' is UNIQUE")
        #expect(profile == "cloudkit")
        #expect(reason.hasSuffix("drop the constraint (check uniqueness in the app), or list the table under 'except'"))
    }

    @Test func aUniqueIndexOrConstraintIsAnErrorToo() throws {
        let index = try error(replacing: "  reminders:\n    columns:\n",
                              with: "  reminders:\n    indexes:\n      by_list: { columns: [list_id], unique: true }\n    columns:\n")
        #expect(index.location?.line == 10)
        #expect(index.description.contains("index 'by_list' of table 'reminders' is unique"))
        let constraint = try error(replacing: "  reminders:\n    columns:\n",
                                   with: "  reminders:\n    unique: [[list_id, done]]\n    columns:\n")
        #expect(constraint.location?.line == 8)
        #expect(constraint.description.contains("table 'reminders' has UNIQUE (list_id, done)"))
    }

    @Test func aNotNullColumnWithoutADefaultIsAnErrorAtItsLine() throws {
        let error = try error(replacing: "done:     { type: INTEGER, not_null: true, default: 0 }",
                              with: "done:     { type: INTEGER, not_null: true }")
        #expect(error.location?.line == 13)
        #expect(error.description.contains("column 'done' of table 'reminders' is NOT NULL without a default"))
    }

    @Test func onDeleteRestrictOrNoActionIsAnErrorAtItsLine() throws {
        let restrict = try error(replacing: "on_delete: CASCADE", with: "on_delete: RESTRICT")
        #expect(restrict.location?.line == 11)
        #expect(restrict.description.contains("the foreign key (list_id) of table 'reminders' is ON DELETE RESTRICT"))
        let unsaid = try error(replacing: ", on_delete: SET NULL", with: "")
        #expect(unsaid.location?.line == 12)
        #expect(unsaid.description.contains("says no on_delete (NO ACTION)"))
    }

    @Test func aForeignKeyToALocalTableIsAnError() throws {
        let error = try error(replacing: "except: [search_cache]", with: "except: [search_cache, lists]")
        #expect(error.location?.line == 11)
        #expect(error.description.contains("references table 'lists', which 'except' keeps off the sync"))
    }

    @Test func theProfileAndItsExceptionsAreChecked() throws {
        let unknown = try error(replacing: "except: [search_cache]", with: "except: [serch_cache]")
        #expect(unknown == .undeclaredReference("table 'serch_cache'", in: "'except' of 'compatibility'",
                                                suggestion: "search_cache", at: at(2, 46)))
        // A table that `drop` removes may be listed: it was local, and dropping it breaks no sync.
        let dropped = Self.synced.replacingOccurrences(of: "except: [search_cache]", with: "except: [search_cache, old_cache]")
            + "\ndrop:\n  tables: [old_cache]\n"
        #expect(try loadSchema(dropped).compatibility?.covers("old_cache") == false)
        let profile = try error(replacing: "profile: cloudkit", with: "profile: couchdb")
        #expect(profile.location == at(2, 27))
        #expect(profile.description.contains("the profiles are cloudkit"))
        // The short form names the profile alone.
        let short = try error(replacing: "compatibility: { profile: cloudkit, except: [search_cache] }",
                              with: "compatibility: cloudkit")
        #expect(short.description.contains("column 'term' of table 'search_cache' is UNIQUE"))
    }
}
