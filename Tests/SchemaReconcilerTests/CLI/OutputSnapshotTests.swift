import Foundation
import Testing

// MARK: - Every output, as a reviewer reads it

/// What the command writes, in each of its formats, for one change of a small library's schema,
/// compared with the files under `__Snapshots__/OutputSnapshotTests`: the dry run's script, its
/// Markdown and JSON, `--check`, `status`, the diagrams, the generated records and the errors.
///
/// The change is one whose plan is the same on every SQLite the tests run with: a column added,
/// a table rebuilt for a type that converts its values, a declared drop, a new table with an
/// index and a view, and an upgrade script.
@Suite struct OutputSnapshotTests {
    static let version1 = """
        version: 1.0.0
        tables:
          authors:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
          books:
            columns:
              id:        { type: INTEGER, primary_key: true }
              author_id: { type: INTEGER, not_null: true, references: authors.id, on_delete: CASCADE }
              title:     { type: TEXT, not_null: true }
              isbn:      INTEGER
              notes:     TEXT
        """

    static let version2 = """
        version: 1.1.0
        tables:
          authors:
            columns:
              id:      { type: INTEGER, primary_key: true }
              name:    { type: TEXT, not_null: true }
              born_on: DATE
          books:
            columns:
              id:        { type: INTEGER, primary_key: true }
              author_id: { type: INTEGER, not_null: true, references: authors.id, on_delete: CASCADE }
              title:     { type: TEXT, not_null: true }
              isbn:      { type: TEXT, unique: true }
          loans:
            columns:
              id:        { type: INTEGER, primary_key: true }
              book_id:   { type: INTEGER, not_null: true, references: books.id }
              lent_on:   { type: DATE, not_null: true }
            indexes:
              loans_by_book: [book_id]
        views:
          titles_by_author:
            select: SELECT authors.name AS author, books.title FROM books JOIN authors ON authors.id = books.author_id
        drop:
          columns: { books: [notes] }
        upgrades:
          1.1.0: upgrades/1.1.0-born-on.sql
        """

    static let upgrade = """
        -- Authors whose birth date nobody entered are born on the first day.
        UPDATE authors SET born_on = '1970-01-01' WHERE born_on IS NULL;

        """

    /// A database at version 1.0.0 with a few rows, and schema.yaml at version 1.1.0.
    static func changedWorkspace() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(version1)
        try space.sync()
        try space.execute("""
            INSERT INTO authors (id, name) VALUES (1, 'Ursula'), (2, 'Italo');
            INSERT INTO books (author_id, title, isbn, notes) VALUES
                (1, 'The Dispossessed', 9780061054884, NULL), (2, 'Invisible Cities', 9780156453806, 'signed');
            """)
        try space.writeSchema(version2)
        try space.write(upgrade, to: "upgrades/1.1.0-born-on.sql")
        return space
    }

    /// Runs `reconcile` in `space` and expects `status` and nothing on standard error.
    private func run(_ arguments: [String], in space: Workspace, status: Int32 = 0,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ReconcileCommand.output(of: arguments, in: space, status: status, expectsNoErrors: true,
                                    sourceLocation: sourceLocation)
    }

    // MARK: The dry run

    @Test func theDryRunsScript() throws {
        let space = try Self.changedWorkspace()
        assertTextSnapshot(of: try run(["--dry-run"], in: space), as: "sql", named: "script")
    }

    @Test func theDryRunAsMarkdown() throws {
        let space = try Self.changedWorkspace()
        let markdown = try run(["--dry-run", "--format", "markdown", "--diagram"], in: space)
        assertTextSnapshot(of: markdown, as: "md", named: "plan")
        // --check prints the same, with its own exit status.
        let check = try run(["--check", "--format", "markdown", "--diagram"], in: space, status: 4)
        #expect(check == markdown)
    }

    @Test func theDryRunAsJSON() throws {
        let space = try Self.changedWorkspace()
        assertJSONSnapshot(of: try run(["--dry-run", "--format", "json"], in: space), named: "plan")
    }

    @Test func check() throws {
        let space = try Self.changedWorkspace()
        assertTextSnapshot(of: try run(["--check"], in: space, status: 4), as: "txt", named: "summary")
    }

    // MARK: status

    @Test func status() throws {
        let space = try Self.changedWorkspace()
        assertTextSnapshot(of: try run(["status", "--format", "markdown"], in: space), as: "md", named: "pending")
        assertTextSnapshot(of: try run(["status"], in: space), as: "txt", named: "pending")
    }

    // MARK: Diagrams and records

    @Test func theDiagram() throws {
        let space = try Self.changedWorkspace()
        let mermaid = try run(["diagram"], in: space)
        assertTextSnapshot(of: mermaid, as: "mmd", named: "library")
        assertTextSnapshot(of: try run(["diagram", "--format", "dot"], in: space), as: "dot", named: "library")
    }

    @Test func theGeneratedRecords() throws {
        let space = try Self.changedWorkspace()
        assertTextSnapshot(of: try run(["generate"], in: space), as: "swift", named: "library")
    }

    // MARK: Errors

    @Test func errorsAsJSONAndText() throws {
        let space = try Self.changedWorkspace()
        let denied = ["--dry-run", "--deny", "drops-data", "copies-rows"]
        assertJSONSnapshot(of: try run(denied + ["--format", "json"], in: space, status: 1), named: "hazardsDenied")
        let deniedText = try ReconcileCommand.run(denied, in: space.url)
        assertTextSnapshot(of: deniedText.error, as: "txt", named: "hazardsDenied")

        try space.writeSchema(Self.version2.replacingOccurrences(of: "lent_on:   { type: DATE, not_null: true }",
                                                                 with: "lent_on:   { type: DATE, not_nul: true }"))
        let invalidJSON = try run(["--dry-run", "--format", "json"], in: space, status: 2)
        assertJSONSnapshot(of: invalidJSON, named: "invalidSchema")
        let invalidText = try ReconcileCommand.run(["--dry-run"], in: space.url)
        assertTextSnapshot(of: invalidText.error, as: "txt", named: "invalidSchema")
        // `reconcile check` says it as the dry run does.
        #expect(try run(["check", "--format", "json"], in: space, status: 2) == invalidJSON)
    }

    // MARK: The snapshots themselves

    /// The folder of this suite's snapshots, and of the other command-line tests'.
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// A snapshot is only compared with the next output: what each holds is checked here as its
    /// format's reader would read it, so that a snapshot written again after a change is still
    /// a diagram Mermaid draws, a Markdown table GitHub lays out, JSON a script parses.
    @Test func eachSnapshotIsWhatItsFormatReads() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.snapshots, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
        var diagrams = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            #expect(text.hasSuffix("\n"), "\(name) does not end with a line break")
            switch file.pathExtension {
            case "mmd":
                #expect(throws: Never.self, "\(name)") { try MermaidERGrammar.read(text) }
                diagrams += 1
            case "md":
                try MarkdownOutputTests.expectWellFormedTables(text)
                for block in text.components(separatedBy: "```mermaid\n").dropFirst() {
                    let diagram = try #require(block.components(separatedBy: "```").first)
                    #expect(throws: Never.self, "\(name)") { try MermaidERGrammar.read(diagram) }
                    diagrams += 1
                }
            case "json":
                #expect(throws: Never.self, "\(name)") { _ = try JSONSerialization.jsonObject(with: Data(text.utf8)) }
            default:
                break
            }
        }
        #expect(diagrams >= 2, "no Mermaid snapshot found in \(Self.snapshots.path)")
    }

    /// The reader refuses what Mermaid refuses: an entity named `tokens` unquoted, which Mermaid's
    /// lexer reads as the keyword `to` and the word `kens`.
    @Test func mermaidsGrammarRefusesAKeywordAtTheStartOfAName() throws {
        #expect(throws: MermaidERGrammar.Failure.self) {
            try MermaidERGrammar.read("erDiagram\n    tokens {\n        INTEGER id PK\n    }\n")
        }
        try MermaidERGrammar.read("erDiagram\n    \"tokens\" {\n        INTEGER id PK\n    }\n")
    }
}
