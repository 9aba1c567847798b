import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - EntityDiagram

/// The diagram of a loaded schema: the keys of each column, the cardinality each foreign key's
/// constraints imply at both ends, and the part of it around some tables.
@Suite struct EntityDiagramTests {
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
              editor_id: { type: INTEGER, references: authors.id }
              isbn:      { type: TEXT, unique: true }
          covers:
            columns:
              book_id: { type: INTEGER, not_null: true, unique: true, references: books.id }
              image:   BLOB
          shelves:
            columns:
              id:        { type: INTEGER, primary_key: true }
              parent_id: { type: INTEGER, references: shelves.id }
        views:
          titles:
            columns: [title]
            select: SELECT isbn FROM books
        """

    static func diagram(_ yaml: String = library) throws -> EntityDiagram {
        var loader = SchemaLoader()
        loader.readsScripts = false
        return EntityDiagram(schema: try loader.load(yaml: yaml, url: inMemoryURL).schema)
    }

    @Test func aViewHasTheColumnsTheLoaderRead() throws {
        let yaml = Self.library + "\n  counts: SELECT isbn, CAST(count(*) AS INTEGER) AS copies, count(*) AS total FROM books"
        var loader = SchemaLoader()
        loader.readsScripts = false
        let file = try loader.load(yaml: yaml, url: inMemoryURL)
        let diagram = EntityDiagram(schema: file.schema, viewColumns: file.viewColumns)
        let counts = try #require(diagram.entity(named: "counts"))
        #expect(counts.kind == .view)
        #expect(counts.attributes == [
            .init(name: "isbn", type: "TEXT", keys: []),
            .init(name: "copies", type: "INT", keys: []),
            .init(name: "total", type: nil, keys: []),
        ])
        // Without them, a view has the names it declares, untyped.
        #expect(try Self.diagram().entity(named: "titles")?.attributes == [.init(name: "title", type: nil, keys: [])])
    }

    @Test func eachColumnCarriesItsKeys() throws {
        let diagram = try Self.diagram()
        #expect(diagram.entities.map(\.name) == ["authors", "books", "covers", "shelves", "titles"])
        let books = try #require(diagram.entity(named: "BOOKS"))
        #expect(books.kind == .table)
        #expect(books.attributes.map(\.keys) == [[.primary], [.foreign], [.foreign], [.unique]])
        #expect(books.attributes.map(\.type) == ["INTEGER", "INTEGER", "INTEGER", "TEXT"])
        // A unique foreign key is both.
        #expect(diagram.entity(named: "covers")?.attributes.first?.keys == [.foreign, .unique])
        let view = try #require(diagram.entity(named: "titles"))
        #expect(view.kind == .view && view.attributes == [.init(name: "title", type: nil, keys: [])])
    }

    @Test func theConstraintsOfAForeignKeyGiveItsCardinality() throws {
        let relationships = try Self.diagram().relationships
        let ends = relationships.map { "\($0.parent) \($0.atParent.rawValue) — \($0.atChild.rawValue) \($0.child) (\($0.columns.joined()))" }
        #expect(ends == [
            "authors exactly-one — zero-or-more books (author_id)",   // NOT NULL: every book has its author
            "authors zero-or-one — zero-or-more books (editor_id)",   // nullable: a book may have no editor
            "books exactly-one — zero-or-one covers (book_id)",       // unique: one cover per book at most
            "shelves zero-or-one — zero-or-more shelves (parent_id)",  // a table may reference itself
        ])
    }

    @Test func aPartOfTheDiagramKeepsTheNamedTablesAndTheirNeighbours() throws {
        let diagram = try Self.diagram()
        let part = diagram.neighbourhood(of: ["Authors"])
        #expect(part.entities.map(\.name) == ["authors", "books"])
        #expect(part.relationships.map(\.columns) == [["author_id"], ["editor_id"]])
        // Covers references books: it is a neighbour of books, and the authors are too.
        #expect(diagram.neighbourhood(of: ["books"]).entities.map(\.name) == ["authors", "books", "covers"])
        #expect(diagram.neighbourhood(of: ["shelves"]).relationships.count == 1)
        #expect(diagram.unknownNames(in: ["books", "loans"]) == ["loans"])
    }

    /// A rowid alias, and the primary key of a WITHOUT ROWID table, can never be NULL: a foreign
    /// key made of them is required without NOT NULL.
    @Test func aKeyThatCannotBeNullIsRequired() throws {
        let diagram = try Self.diagram("""
            version: 1.0.0
            tables:
              people:
                columns:
                  id: { type: INTEGER, primary_key: true }
              profiles:
                columns:
                  id: { type: INTEGER, primary_key: true, references: people.id }
            """)
        let relationship = try #require(diagram.relationships.first)
        #expect(relationship.atParent == .exactlyOne && relationship.atChild == .zeroOrOne)
    }
}
