import Foundation
import Testing

// MARK: - reconcile diagram

/// `reconcile diagram`: a Mermaid `erDiagram` that Mermaid's grammar reads, of schema.yaml or of
/// a live database alike; part of it with `--tables`; Graphviz with `--format dot`.
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
        #expect(drawn.output.hasPrefix("erDiagram\n"))
        #expect(drawn.output.contains("    authors ||--o{ books : \"author_id\"\n"))

        let parsed = try MermaidERGrammar(drawn.output)
        #expect(parsed.entities.map(\.name) == ["authors", "books", "shelves", "catalogue (view)"])
        #expect(parsed.attributes(of: "authors") == [
            .init(type: "INTEGER", name: "id", keys: ["PK"]), .init(type: "TEXT", name: "name", keys: []),
        ])
        #expect(parsed.attributes(of: "books")?.map(\.keys) == [["PK"], ["FK"], [], ["UK"]])
        #expect(parsed.attributes(of: "catalogue (view)")?.map(\.name) == ["title", "author"])
        // A view's column types are the types SQLite gives them: those of the table columns it selects.
        #expect(parsed.attributes(of: "catalogue (view)")?.map(\.type) == ["TEXT", "TEXT"])
        #expect(parsed.relationships == [.init(left: "authors", spec: "||--o{", right: "books", label: "author_id")])

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
        let parsed = try MermaidERGrammar(drawn.output)
        #expect(parsed.attributes(of: "order items") == [
            .init(type: "UNSIGNED_BIG_INT", name: "_pk", keys: ["PK"], comment: "pk"),
            .init(type: "DECIMAL(10,2)", name: "total__", keys: [], comment: "total €"),
            .init(type: "untyped", name: "_1st", keys: [], comment: "1st"),
        ])
        // "tokens" starts with the keyword "to": quoted.
        #expect(parsed.relationships == [.init(left: "order items", spec: "|o--o{", right: "tokens", label: "item")])
        #expect(drawn.output.contains("\"tokens\" {"))
    }

    @Test func tablesDrawsANamedTableAndItsNeighbours() throws {
        let space = try Workspace()
        try space.writeSchema(Self.library)
        let part = try ReconcileCommand.run(["diagram", "--tables", "authors"], in: space.url)
        #expect(part.status == 0, "\(part.error)")
        #expect(try MermaidERGrammar(part.output).entities.map(\.name) == ["authors", "books"])

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
        #expect(dot.output.hasPrefix("digraph schema {\n") && dot.output.hasSuffix("}\n"))
        #expect(dot.output.contains("  \"books\" -> \"authors\" [arrowtail=crowodot, arrowhead=teetee, label=\"author_id\"];\n"))
        #expect(dot.output.contains("<tr><td align=\"left\">isbn</td><td align=\"left\">TEXT</td><td>UK</td></tr>"))
        #expect(!dot.output.contains("shelves"))
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
