import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Generating Record Types

/// The examples of the article GeneratingRecords.md and of `reconcile generate` in
/// docs/command-line.md: the records the GenerateRecords plugin writes from this target's
/// schema.yaml (LibraryRecords.swift), in use.
@Suite struct GeneratingRecordsExamples {

    /// The records the GenerateRecords plugin writes from this target's schema.yaml, in use.
    @Test func generatedRecordsInUse() throws {
        let folder = try AppFolder(schema: "")
        let path = folder.path("library.sqlite")

        let schemaURL = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        let dbQueue = try DatabaseQueue(path: path)

        try dbQueue.write { db in
            var author = Author(name: "Herman Melville")
            try author.insert(db)
            var book = Book(title: "Moby-Dick", authorId: author.id, price: 12.5)
            try book.insert(db)
        }

        let (book, author, titles) = try dbQueue.read { db in
            let book = try Book.filter(Book.Columns.title == "Moby-Dick").fetchOne(db)!
            let author = try book.author.fetchOne(db)!
            let titles = try BookTitle.fetchAll(db)
            return (book, author, titles)
        }
        print(book.inPrint, author.name, titles.map(\.title))  // true Herman Melville [Optional("Moby-Dick")]
        #expect(book.inPrint && book.id != nil && book.authorId == author.id)
        #expect(author.name == "Herman Melville" && author.bornOn == nil)
        #expect(titles.map(\.title) == ["Moby-Dick"] && titles.map(\.author) == ["Herman Melville"])
        #expect(try dbQueue.read { try Book.find($0, id: book.id!) } == book)

        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }

        let infos = try dbQueue.read { db in
            try Book.including(required: Book.author).asRequest(of: BookInfo.self).fetchAll(db)
        }
        let prolific = try dbQueue.read { db in
            try Author.having(Author.books.count >= 1).fetchAll(db)
        }
        #expect(infos.map(\.book) == [book] && infos.map(\.author) == [author])
        #expect(prolific == [author])
        #expect(try dbQueue.read { try author.books.fetchAll($0) } == [book])
    }

    /// A record inserted, found by a column, and its author followed through `belongsTo`, in
    /// one write.
    @Test func generatedRecordsInOneWrite() throws {
        let folder = try AppFolder(schema: "")
        let schemaURL = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: folder.path("library.sqlite"))
        let (found, writer) = try DatabaseQueue(path: folder.path("library.sqlite")).write { db in
            var author = Author(name: "Ursula K. Le Guin")
            try author.insert(db)
            var book = Book(title: "The Dispossessed", authorId: author.id, price: 9.5, inPrint: true)
            try book.insert(db)
            let found = try Book.filter(Book.Columns.title == "The Dispossessed").fetchOne(db)
            let writer = try found?.author.fetchOne(db)
            return (found, writer)
        }
        #expect(found?.price == 9.5 && found?.inPrint == true)
        #expect(writer?.name == "Ursula K. Le Guin" && writer?.id == found?.authorId)
    }
}
