import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - compatibility: cloudkit

/// Under `compatibility: cloudkit`, each rule of CloudKit sync is an error at the line that
/// breaks it, in the tables the profile covers; the tables under `except` stay local and free.
@Suite struct LoadCompatibilityTests {
    /// A schema CloudKit sync accepts: TEXT UUID keys, on every NOT NULL column but a key a
    /// default with ON CONFLICT REPLACE, CASCADE and SET NULL foreign keys; a local-only table
    /// with a UNIQUE column. A key needs no default: a synced row always carries its key.
    static let synced = """
        version: 1.0.0
        compatibility: { profile: cloudkit, except: [search_cache] }
        tables:
          lists:
            columns:
              id:    { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, default_sql: "(lower(hex(randomblob(16))))" }
              title: { type: TEXT, not_null: { on_conflict: replace }, default: "" }
          reminders:
            columns:
              id:       { type: TEXT, primary_key: true, not_null: true }
              list_id:  { type: TEXT, not_null: { on_conflict: replace }, default: "", references: lists.id, on_delete: CASCADE }
              parent:   { type: TEXT, references: reminders.id, on_delete: SET NULL }
              done:     { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }
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

    /// The synced schema with one line replaced (or two): the error is at that line.
    func error(replacing old: String, with new: String, andReplacing other: String = "", with otherNew: String = "",
               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SchemaError {
        #expect(Self.synced.contains(old) && (other.isEmpty || Self.synced.contains(other)), sourceLocation: sourceLocation)
        var yaml = Self.synced.replacingOccurrences(of: old, with: new)
        if !other.isEmpty { yaml = yaml.replacingOccurrences(of: other, with: otherNew) }
        return try #require(loadError(yaml, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    /// The self-reference of `reminders`, which needs its key.
    static let parent = "parent:   { type: TEXT, references: reminders.id, on_delete: SET NULL }"

    @Test func aUniqueColumnIsAnErrorAtItsLine() throws {
        let error = try error(replacing: "title: { type: TEXT, not_null: { on_conflict: replace }, default: \"\" }",
                              with: "title: { type: TEXT, not_null: { on_conflict: replace }, default: \"\", unique: true }")
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
        let error = try error(replacing: "done:     { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }",
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
        #expect(short.description.contains("table 'search_cache' has no primary key"))
    }

    // MARK: SQLiteData's rules

    /// A synced table must have a primary key: SQLiteData names each record by it.
    @Test func aTableWithoutAPrimaryKeyIsAnErrorAtItsLine() throws {
        let error = try error(replacing: Self.parent + "\n      done:", with: "parent: TEXT\n      done:",
                              andReplacing: "id:       { type: TEXT, primary_key: true, not_null: true }", with: "id: TEXT")
        #expect(error.location == at(8, 3))
        #expect(error.description.contains("table 'reminders' has no primary key, which compatibility: cloudkit does not allow"))
        #expect(error.description.contains("id: { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, "
                                           + "default_sql: (uuid()) }"))
    }

    /// A join table's key over its two references is refused: it needs an id of its own.
    @Test func aCompositePrimaryKeyIsAnErrorAtItsLine() throws {
        let error = try error(replacing: Self.parent, with: "parent: TEXT",
                              andReplacing: "  reminders:\n    columns:\n      id:       { type: TEXT, primary_key: true, not_null: true }",
                              with: "  reminders:\n    primary_key: [id, list_id]\n    columns:\n      id:       { type: TEXT, not_null: true }")
        #expect(error.location == at(9, 5))
        #expect(error.description.contains("table 'reminders' has a composite primary key (id, list_id)"))
    }

    /// An INTEGER PRIMARY KEY is the rowid, numbered on each device: AUTOINCREMENT or not, it is
    /// refused at its line; so is any integer key.
    @Test func anIntegerKeyIsAnErrorAtItsLine() throws {
        for key in ["{ type: INTEGER, primary_key: true }", "{ type: INTEGER, primary_key: true, autoincrement: true }",
                    "{ type: integer, primary_key: { name: reminders_pk } }"] {
            let error = try error(replacing: "{ type: TEXT, primary_key: true, not_null: true }", with: key)
            #expect(error.location?.line == 10, "\(key)")
            #expect(error.description.contains("the primary key 'id' of table 'reminders' is an INTEGER PRIMARY KEY, the rowid"),
                    "\(error)")
        }
        let bigint = try error(replacing: "{ type: TEXT, primary_key: true, not_null: true }",
                               with: "{ type: BIGINT, primary_key: true, not_null: true }")
        #expect(bigint.location?.line == 10)
        #expect(bigint.description.contains("the primary key 'id' of table 'reminders' is an integer (BIGINT)"))
        // On the table, the error is at the table's primary_key.
        let onTable = try error(replacing: "  reminders:\n    columns:\n      id:       { type: TEXT, primary_key: true, not_null: true }",
                                with: "  reminders:\n    primary_key: [id]\n    columns:\n      id:       INTEGER")
        #expect(onTable.location == at(9, 5))
    }

    /// A column named like one of the fields CloudKit keeps in every record, in any letter case.
    @Test func aColumnNamedLikeACloudKitSystemFieldIsAnErrorAtItsLine() throws {
        for name in ["creationDate", "MODIFICATIONDATE", "recordID", "etag"] {
            let error = try error(replacing: "parent:   { type: TEXT, references: reminders.id, on_delete: SET NULL }",
                                  with: "\(name): TEXT")
            #expect(error.location == at(12, 7), "\(name)")
            #expect(error.description.contains("column '\(name)' of table 'reminders' is named like the CloudKit system field"),
                    "\(error)")
        }
        // recordName is not on SQLiteData's list: the sync engine names records itself.
        #expect(throws: Never.self) {
            try loadSchema(Self.synced.replacingOccurrences(
                of: "parent:   { type: TEXT, references: reminders.id, on_delete: SET NULL }", with: "recordName: TEXT"))
        }
    }

    /// A NOT NULL column with a default but no ON CONFLICT REPLACE: a row from an older device
    /// arrives with NULL, which only REPLACE turns into the default. `abort` is the same as none.
    @Test func aNotNullColumnWithoutOnConflictReplaceIsAnErrorAtItsNotNull() throws {
        for notNull in ["not_null: true", "not_null: { on_conflict: abort }", "not_null: { on_conflict: ignore }"] {
            let error = try error(replacing: "done:     { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }",
                                  with: "done:     { type: INTEGER, \(notNull), default: 0 }")
            #expect(error.location == at(13, 34), "\(notNull)")
            #expect(error.description.contains("column 'done' of table 'reminders' is NOT NULL without on_conflict: replace"))
        }
        // Written as a block, the error is at the line of not_null.
        let block = try error(replacing: "done:     { type: INTEGER, not_null: { on_conflict: replace }, default: 0 }",
                              with: "done:\n        type: INTEGER\n        default: 0\n        not_null: true")
        #expect(block.location == at(16, 9))
        // The key needs neither: every synced row carries its key.
        #expect(try loadSchema(Self.synced).schema.table(named: "reminders")?.conflictResolutions.isEmpty == false)
    }

    /// SQLiteData's own canonical table, as docs/schema-format.md shows it, follows every rule.
    @Test func theDocumentedExampleFollowsTheRules() throws {
        let markdown = try String(contentsOf: JSONSchemaTests.repositoryRoot.appendingPathComponent("docs/schema-format.md"),
                                  encoding: .utf8)
        let section = try #require(markdown.components(separatedBy: "## Compatibility: CloudKit").dropFirst().first)
        let example = try #require(JSONSchemaTests.wholeSchemaFiles(in: section).first)
        #expect(example.yaml.contains("compatibility:"))
        let file = try loadSchema(example.yaml)
        let lists = try #require(file.schema.table(named: "remindersLists"))
        #expect(lists.conflictResolutions[.notNull(column: "id")] == .replace)
        #expect(lists.column(named: "id")?.defaultValue == .sql("(uuid())"))
    }
}
