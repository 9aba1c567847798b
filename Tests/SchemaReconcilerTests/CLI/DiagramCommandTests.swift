import Foundation
import Testing

// MARK: - reconcile diagram

/// `reconcile diagram`: a Mermaid `erDiagram` that Mermaid's grammar reads, of schema.yaml or of
/// a live database alike; part of it with `--tables`; Graphviz with `--format dot`. The expected
/// diagrams are the files under `__Snapshots__/DiagramCommandTests`.
@Suite struct DiagramCommandTests {
    static let library = """
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
              isbn:      { type: TEXT, unique: true }
          shelves:
            columns:
              id:    { type: INTEGER, primary_key: true }
              label: TEXT
        views:
          catalogue:
            columns: [title, author]
            select: SELECT books.title, authors.name FROM books JOIN authors ON authors.id = books.author_id
        """

    @Test func drawsTheTablesTheirKeysAndTheirForeignKeys() throws {
        let space = try Workspace()
        try space.writeSchema(Self.library)
        let drawn = try ReconcileCommand.run(["diagram", "--schema", "schema.yaml"], in: space.url)
        #expect(drawn.status == 0 && drawn.error.isEmpty, "\(drawn.error)")
        // The view's column types are the types SQLite gives them: those of the table columns it selects.
        assertTextSnapshot(of: drawn.output, as: "mmd", named: "library")

        // The database a sync made from the file draws the same: its tables, columns and keys.
        let synced = try ReconcileCommand.run(["--schema", "schema.yaml", "--database", "app.sqlite"], in: space.url)
        #expect(synced.status == 0, "\(synced.error)")
        let live = try ReconcileCommand.run(["diagram", "--database", "app.sqlite"], in: space.url)
        #expect(live.status == 0 && live.error.isEmpty, "\(live.error)")
        #expect(live.output == drawn.output)
    }

    /// Names Mermaid would read as something else, or cannot hold, still make a diagram its
    /// grammar reads: an entity's name is quoted, a column's written with `_` and its real name in
    /// the comment; a type's spaces become `_`.
    @Test func namesMermaidCannotReadAsTheyAreAreWrittenSoItCan() throws {
        let space = try Workspace()
        try space.writeSchema("""
            version: 1.0.0
            tables:
              order items:
                columns:
                  pk:       { type: UNSIGNED BIG INT, primary_key: true }
                  "total €": DECIMAL(10, 2)
                  "1st":    {}
              tokens:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  item: { type: INTEGER, references: { table: order items, column: pk } }
            """)
        let drawn = try ReconcileCommand.run(["diagram"], in: space.url)
        #expect(drawn.status == 0, "\(drawn.error)")
        // "tokens" starts with the keyword "to": quoted. Mermaid's grammar reads the file
        // (OutputSnapshotTests.eachSnapshotIsWhatItsFormatReads).
        assertTextSnapshot(of: drawn.output, as: "mmd", named: "awkwardNames")
    }

    @Test func tablesDrawsANamedTableAndItsNeighbours() throws {
        let space = try Workspace()
        try space.writeSchema(Self.library)
        let part = try ReconcileCommand.run(["diagram", "--tables", "authors"], in: space.url)
        #expect(part.status == 0, "\(part.error)")
        assertTextSnapshot(of: part.output, as: "mmd", named: "authors")

        let unknown = try ReconcileCommand.run(["diagram", "--tables", "authors", "loans"], in: space.url)
        #expect(unknown.status == 2 && unknown.output.isEmpty)
        #expect(unknown.error == "error: --tables: no table or view named 'loans'\n")
    }

    @Test func markdownAndDotFormats() throws {
        let space = try Workspace()
        try space.writeSchema(Self.library)
        let mermaid = try ReconcileCommand.run(["diagram"], in: space.url).output
        let markdown = try ReconcileCommand.run(["diagram", "--format", "markdown"], in: space.url)
        #expect(markdown.output == "```mermaid\n" + mermaid + "```\n")

        let dot = try ReconcileCommand.run(["diagram", "--format", "dot", "--tables", "books"], in: space.url)
        #expect(dot.status == 0, "\(dot.error)")
        assertTextSnapshot(of: dot.output, as: "dot", named: "books")
    }

    /// The README and the command line's reference show the bundled example's diagram, as
    /// `reconcile diagram` draws it today.
    @Test func theDocumentsShowTheBundledExamplesDiagram() throws {
        let root = GeneratedCodeCompilesTests.root
        let drawn = try ReconcileCommand.run(["diagram"], in: root)
        #expect(drawn.status == 0, "\(drawn.error)")
        for document in ["README.md", "docs/command-line.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let block = try #require(text.components(separatedBy: "```mermaid\n").dropFirst().first?
                .components(separatedBy: "```\n").first, "\(document) shows no diagram")
            #expect(block == drawn.output, "\(document) shows an old diagram of schema.yaml: paste `swift run reconcile diagram`")
        }
    }

    @Test func aSchemaThatDoesNotLoadIsAnErrorAtItsLine() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables:\n  books:\n    columns:\n      id: { type: INTEGER, primary_kee: true }\n")
        let drawn = try ReconcileCommand.run(["diagram"], in: space.url)
        #expect(drawn.status == 2 && drawn.output.isEmpty)
        #expect(drawn.error.contains("schema.yaml:5:"))
    }
}
