import Foundation
import Testing

// MARK: - reconcile generate

/// `reconcile generate`: the Swift file on standard output or in `--output`, written only when
/// it changes; a problem as a compiler prints one, with exit status 2.
@Suite struct GenerateCommandTests {
    @Test func printsTheRecordsAndWritesTheSameFile() throws {
        let space = try Workspace()
        try space.writeSchema(RecordGeneratorTests.library)
        let printed = try ReconcileCommand.run(["generate", "--schema", "schema.yaml"], in: space.url)
        #expect(printed.status == 0)
        assertTextSnapshot(of: printed.output, as: "swift", named: "library")
        // The view's count(*) has no type SQLite can tell: a warning, at the view's line.
        #expect(printed.error.hasPrefix("schema.yaml:17:3: warning: SQLite cannot tell the type of column 'copies' of view 'book_titles'"))

        let written = try ReconcileCommand.run(["generate", "--output", "Generated/Records.swift"], in: space.url)
        #expect(written.status == 0 && written.output.isEmpty)
        let file = space.url.appendingPathComponent("Generated/Records.swift")
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.output)

        // The same text again: the file is left as it is, so that a build has nothing to compile.
        let date = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try ReconcileCommand.run(["generate", "--output", "Generated/Records.swift"], in: space.url).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == date)
    }

    /// The app tests compile the DocC article's examples against records generated and
    /// committed: they are what `reconcile generate` writes from their schema.yaml today.
    @Test func theCommittedRecordsOfTheAppTestsAreUpToDate() throws {
        let folder = GeneratedCodeCompilesTests.root.appendingPathComponent("Tests/SchemaReconcilerAppTests")
        let generated = try ReconcileCommand.run(["generate", "--schema", "schema.yaml"], in: folder)
        #expect(generated.status == 0 && generated.error.isEmpty, "\(generated.error)")
        let committed = try String(contentsOf: folder.appendingPathComponent("LibraryRecords.swift"), encoding: .utf8)
        #expect(generated.output == committed, """
            Tests/SchemaReconcilerAppTests/LibraryRecords.swift is out of date: run `swift run reconcile generate \
            --schema Tests/SchemaReconcilerAppTests/schema.yaml --output Tests/SchemaReconcilerAppTests/LibraryRecords.swift`
            """)
    }

    /// The README's quick start uses the records of its schema.yaml, committed beside its
    /// test: they are what `reconcile generate` writes from that schema today.
    @Test func theCommittedRecordsOfTheQuickStartAreUpToDate() throws {
        let root = GeneratedCodeCompilesTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let schema = try #require(readme.components(separatedBy: "```yaml\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let space = try Workspace()
        try space.writeSchema(schema)
        try space.write("UPDATE projects SET slug = lower(title) WHERE slug IS NULL;\n",
                        to: "upgrades/1.1.0-fill-project-slugs.sql")
        let generated = try ReconcileCommand.run(["generate"], in: space.url)
        #expect(generated.status == 0 && generated.error.isEmpty, "\(generated.error)")
        let file = "Tests/SchemaReconcilerAppTests/Documentation/QuickStartRecords.swift"
        let committed = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        #expect(generated.output == committed, """
            \(file) is out of date: run `swift run reconcile generate` on the README's schema.yaml \
            and write its output there
            """)
    }

    @Test func aProblemIsAnErrorAtItsLine() throws {
        let space = try Workspace()
        try space.writeSchema(RecordGeneratorTests.library.replacingOccurrences(
            of: "      born_on: DATE", with: "      born_on: { type: DATE, swift: { name: \"born on\" } }"))
        let result = try ReconcileCommand.run(["generate", "--output", "Records.swift"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("schema.yaml:7:45: error: invalid value 'born on' for 'name'"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: space.url.appendingPathComponent("Records.swift").path))
    }
}
