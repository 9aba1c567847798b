import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - reconcile check

/// `reconcile check` loads schema.yaml and its scripts as a sync does, without a database, and
/// prints each problem as a compiler does; the CheckSchema build-tool plugin runs it with a stamp.
@Suite struct CheckCommandTests {
    static let schema = """
        version: 1.1.0
        tables:
          notes:
            columns:
              id:    { type: INTEGER, primary_key: true }
              title: { type: TEXT, not_null: true, default: '' }
        upgrades:
          1.1.0: upgrades/1.1.0.sql
        """

    private func space(_ yaml: String = schema) throws -> Workspace {
        let space = try Workspace()
        try space.write("UPDATE notes SET title = 'untitled' WHERE title = '';\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(yaml)
        return space
    }

    private func stamp(in space: Workspace) -> URL {
        space.url.appendingPathComponent("plugin/work/CheckSchema-schema.yaml.swift")
    }

    @Test func aFileThatLoadsPrintsNothingAndWritesTheStampOnce() throws {
        let space = try space()
        let stamp = stamp(in: space)
        let result = try ReconcileCommand.run(["check", "--stamp", stamp.path], in: space.url)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.isEmpty && result.error.isEmpty)
        #expect(try String(contentsOf: stamp, encoding: .utf8).hasPrefix("// "))
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))

        // Written again with the same text, the stamp would have the build compile it again.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: stamp.path)
        #expect(try ReconcileCommand.run(["check", "--stamp", stamp.path], in: space.url).status == 0)
        let date = try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date
        #expect(date == past)
    }

    /// Under `compatibility: cloudkit`, `check` passes a file that follows CloudKit's rules, and
    /// fails one that breaks a rule, as a compiler does, at the line.
    @Test func theCloudKitProfileIsCheckedAtTheLine() throws {
        let space = try Workspace()
        let synced = LoadCompatibilityTests.synced
        try space.writeSchema(synced)
        let passing = try ReconcileCommand.run(["check"], in: space.url)
        #expect(passing.status == 0 && passing.error.isEmpty, "\(passing.error)")

        try space.writeSchema(synced.replacingOccurrences(of: "on_delete: CASCADE", with: "on_delete: RESTRICT"))
        let failing = try ReconcileCommand.run(["check"], in: space.url)
        #expect(failing.status == 2 && failing.output.isEmpty)
        #expect(failing.error.hasPrefix("schema.yaml:11:7: error: the foreign key (list_id) of table 'reminders' "
                                        + "is ON DELETE RESTRICT, which compatibility: cloudkit does not allow"))
    }

    @Test func aMisspeltKeyIsAnErrorAtItsLineAndWritesNoStamp() throws {
        let space = try space(Self.schema.replacingOccurrences(of: "not_null", with: "not_nul"))
        let stamp = stamp(in: space)
        let result = try ReconcileCommand.run(["check", "--stamp", stamp.path], in: space.url)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "schema.yaml:6:28: error: unknown key 'not_nul' in column 'title' of table 'notes'; "
            + "did you mean 'not_null'?\n")
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
    }

    /// A database of the old tool whose `user_version` is below 53 would be placed at 0.0.0 and
    /// run the 1.6.0 upgrade again: the check warns at the upgrade's line, and the file loads.
    @Test func anUpgradeKeyedBelowTheLowestLegacyKeyIsAWarningAtItsLine() throws {
        let space = try Workspace()
        try space.write("UPDATE notes SET title = trim(title);\n", to: "upgrades/1.6.0.sql")
        try space.write("UPDATE notes SET title = title;\n", to: "upgrades/1.60.0.sql")
        try space.writeSchema("""
            version: 1.60.0
            tables:
              notes:
                columns:
                  id:    { type: INTEGER, primary_key: true }
                  title: TEXT
            legacy:
              source: user_version
              versions:
                53: 1.53.0
            upgrades:
              1.6.0: upgrades/1.6.0.sql
              1.60.0: upgrades/1.60.0.sql
            """)
        let warning = "schema.yaml:12:3: warning: upgrade 1.6.0 (upgrades/1.6.0.sql) is keyed at or below 1.53.0, the lowest "
            + "version legacy.versions maps (user_version 53): a database never synced whose user_version is below 53 is "
            + "placed at 0.0.0 and runs it, even if the release that shipped it ran it already; under legacy.versions, "
            + "map the user_version of the releases that shipped it\n"
        let result = try ReconcileCommand.run(["check"], in: space.url)
        #expect(result.status == 0)
        #expect(result.error == warning)

        // The dry run and the status of a database say it too.
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.warnings.contains { $0.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.map(\.version) == ["1.6.0"] })
        #expect(try ReconcileCommand.run(["status"], in: space.url).output.contains("upgrade 1.6.0 (upgrades/1.6.0.sql) is keyed"))
    }

    @Test func aMissingScriptIsAnErrorAtTheLineThatNamesIt() throws {
        let space = try space()
        try FileManager.default.removeItem(at: space.url.appendingPathComponent("upgrades/1.1.0.sql"))
        // As the plugin runs it: the absolute path, which Xcode needs to show the line.
        let result = try ReconcileCommand.run(["check", "--schema", space.schemaURL.path], in: space.url)
        #expect(result.status == 2)
        #expect(result.error == "\(space.schemaURL.path):8:10: error: script 'upgrades/1.1.0.sql' does not "
            + "exist (paths are relative to the directory of the schema file)\n")
    }

    @Test func whatSQLiteRefusesIsAnErrorToo() throws {
        let space = try space(Self.schema.replacingOccurrences(of: "default: ''", with: "check: 'length(title) >'"))
        let result = try ReconcileCommand.run(["check"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("schema.yaml:"))
        #expect(result.error.contains(": error: "))
    }

    @Test func anInsertTriggerOnATableWhoseDefaultCallsTheAppsFunctionPasses() throws {
        let yaml = LoadDefaultFunctionTests.items
        let space = try self.space(yaml)
        let checked = try ReconcileCommand.run(["check"], in: space.url)
        #expect(checked.status == 0, "\(checked.error)")
        #expect(checked.output.isEmpty && checked.error.isEmpty, "\(checked.error)")
        // The command's sync creates it too: it writes no row that takes the default.
        let synced = try ReconcileCommand.run(["--database", space.databasePath], in: space.url)
        #expect(synced.status == 0, "\(synced.error)")
        #expect(try space.inspect().triggers.map(\.name) == ["items_ai", "items_au"])
        // A default SQLite refuses to compute is an error at the default, not at the trigger.
        let refusedYAML = yaml.replacingOccurrences(of: "      note: TEXT",
                                                    with: "      note: TEXT\n      n: { type: INTEGER, default_sql: \"(abs(1, 2))\" }")
        let refusing = try self.space(refusedYAML)
        let refused = try ReconcileCommand.run(["check"], in: refusing.url)
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("\(position(of: "\"(abs(1, 2))\"", in: refusedYAML)): error: SQLite refuses "
            + "the default of column 'n' of table 'log'"), "\(refused.error)")
    }

    @Test func whatGenerateWouldRefuseIsAnErrorAtItsLine() throws {
        let cases: [(String, String, String)] = [
            ("tables:\n  book: { columns: { id: INTEGER } }\n  books: { columns: { id: INTEGER } }", "books:",
             "table 'books' and table 'book' would both be the Swift type 'Book'"),
            ("tables:\n  books:\n    columns:\n      author_id: INTEGER\n      authorId: INTEGER", "authorId:",
             "columns 'author_id' and 'authorId' of table 'books' would both be the property 'authorId' of Book"),
            ("tables:\n  authors:\n    columns: { id: { type: INTEGER, primary_key: true } }\n  books:\n    columns:\n"
                + "      author: TEXT\n      author_id: { type: INTEGER, references: authors.id }", "author:",
             "column 'author' of table 'books' would be the property 'author' of Book, the name of its association 'author'"),
        ]
        for (body, needle, message) in cases {
            let yaml = "version: 1.0.0\n" + body + "\n"
            let space = try self.space(yaml)
            let result = try ReconcileCommand.run(["check"], in: space.url)
            #expect(result.status == 2, "\(result.error)")
            #expect(result.error.hasPrefix("\(position(of: needle, in: yaml)): error: \(message)"), "\(result.error)")
        }
    }

    @Test func theAppsOwnCollationIsAWarning() throws {
        let space = try space(Self.schema.replacingOccurrences(of: "default: ''", with: "collate: french"))
        let stamp = stamp(in: space)
        let result = try ReconcileCommand.run(["check", "--stamp", stamp.path], in: space.url)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.hasPrefix("schema.yaml:6:7: warning: column 'title' of table 'notes' uses the collation "
            + "'french', which the reconcile command does not have: "))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: stamp.path))
    }

    @Test func theAppsOwnTokenizerIsAWarningThatSaysWhatWasLeftUnchecked() throws {
        let space = try space("version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs: fts5(body, tokenize = 'stemmer')\n")
        let result = try ReconcileCommand.run(["check", "--format", "json"], in: space.url)
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["isComplete"] as? Bool == false)
        #expect(object["version"] == nil)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["line"] as? Int == 4)
        let text = try ReconcileCommand.run(["check"], in: space.url)
        #expect(text.status == 0)
        #expect(text.error == "schema.yaml:4:3: warning: virtual table 'docs' uses the tokenizer 'stemmer', which the "
            + "reconcile command does not have: it knows only SQLite's built-in tokenizers (unicode61, ascii, porter, "
            + "trigram). The check stops there: the virtual tables after it, the views, the triggers and the upgrade "
            + "scripts are left to the app's sync, which registers it in Reconciler.Options.prepareDatabase\n")
        #expect(warnings.first?["description"] as? String == String(text.error.dropLast()))
    }

    @Test func theJSONSaysTheVersionAndTheScripts() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["check", "--format", "json"], in: space.url)
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "version", "isComplete", "scripts", "warnings"])
        #expect(object["schema"] as? String == "schema.yaml")
        #expect(object["version"] as? String == "1.1.0")
        #expect(object["isComplete"] as? Bool == true)
        #expect(object["scripts"] as? [String] == ["upgrades/1.1.0.sql"])
        #expect((object["warnings"] as? [Any])?.isEmpty == true)

        try space.writeSchema(Self.schema.replacingOccurrences(of: "not_null", with: "not_nul"))
        let failed = try ReconcileCommand.run(["check", "--format", "json"], in: space.url)
        #expect(failed.status == 2)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(failed.output.utf8)) as? [String: Any])
        #expect((error["error"] as? [String: Any])?["kind"] as? String == "invalidSchema")
    }

    @Test func aStampThatCannotBeWrittenFailsTheCheck() throws {
        let space = try space()
        try space.write("", to: "file")
        let result = try ReconcileCommand.run(["check", "--stamp", "file/stamp.swift"], in: space.url)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("error: cannot write the stamp file file/stamp.swift: "))
    }
}
