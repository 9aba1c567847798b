import Foundation
import GRDB
import SchemaReconciler

// Syncs the database named on the command line (library.sqlite by default) with the bundled
// schema.yaml, then writes and reads it with the record types generated from that file.

/// A book with its author, fetched in one request through the `Book.author` association.
struct BookInfo: Decodable, FetchableRecord {
    var book: Book
    var author: Author
}

let schema = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
let path = CommandLine.arguments.dropFirst().first ?? "library.sqlite"
do {
    let report = try Reconciler(schemaURL: schema).sync(databaseAt: path)
    print("\(path) is at version \(report.version)")
    let dbQueue = try DatabaseQueue(path: path)

    try dbQueue.write { db in
        var author = Author(name: "Ursula K. Le Guin")
        try author.insert(db)
        var dispossessed = Book(title: "The Dispossessed", authorId: author.id, price: 9.5, inPrint: true)
        try dispossessed.insert(db)
        var lathe = Book(title: "The Lathe of Heaven", authorId: author.id, price: nil, inPrint: false)
        try lathe.insert(db)
        print("inserted author \(author.id!) and books \(dispossessed.id!), \(lathe.id!)")
    }

    try dbQueue.read { db in
        let book = try Book.filter(Book.Columns.title == "The Dispossessed").fetchOne(db)!
        let price = book.price.map { String($0) } ?? "none"
        print("book: \(book.title), price \(price), in print: \(book.inPrint)")
        let author = try book.author.fetchOne(db)!
        print("its author: \(author.name)")
        let titles = try author.books.order(Book.Columns.title).fetchAll(db).map(\.title)
        print("their books: \(titles.joined(separator: ", "))")
        let infos = try Book.including(required: Book.author).order(Book.Columns.title)
            .asRequest(of: BookInfo.self).fetchAll(db)
        for info in infos {
            print("joined: \(info.book.title) by \(info.author.name)")
        }
        for row in try BookTitle.order(BookTitle.Columns.title).fetchAll(db) {
            print("book_titles: \(row.title ?? "?") by \(row.author ?? "?")")
        }
    }
} catch {
    print(error)
    exit(1)
}
