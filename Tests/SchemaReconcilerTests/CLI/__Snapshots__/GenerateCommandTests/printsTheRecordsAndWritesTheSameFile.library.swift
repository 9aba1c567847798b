// Generated from schema.yaml by `reconcile generate` (sqlite-reconciler): the GRDB record
// types of its tables and views. Do not edit: change schema.yaml, then build or generate again.

import Foundation
import GRDB

// MARK: - Author

/// A row of the table "authors".
struct Author: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "authors"

    var id: Int64?
    var name: String
    var bornOn: Date?

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case bornOn = "born_on"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let bornOn = Column(CodingKeys.bornOn)
    }

    static let books = hasMany(Book.self, key: "books")

    /// The request for its books.
    var books: QueryInterfaceRequest<Book> {
        request(for: Self.books)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - Book

/// A row of the table "books".
struct Book: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "books"

    var id: Int64?
    var title: String
    var authorId: Int64?
    var price: Double?
    var cover: Data?
    var inPrint: Bool = true

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case authorId = "author_id"
        case price
        case cover
        case inPrint = "in_print"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let authorId = Column(CodingKeys.authorId)
        static let price = Column(CodingKeys.price)
        static let cover = Column(CodingKeys.cover)
        static let inPrint = Column(CodingKeys.inPrint)
    }

    static let author = belongsTo(Author.self, key: "author")

    /// The request for its author.
    var author: QueryInterfaceRequest<Author> {
        request(for: Self.author)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - BookTitle

/// A row of the view "book_titles".
struct BookTitle: Codable, Sendable, Hashable, FetchableRecord, TableRecord {
    static let databaseTableName = "book_titles"

    var id: Int64?
    var title: String?
    var author: String?
    var copies: String?

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case author
        case copies
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let author = Column(CodingKeys.author)
        static let copies = Column(CodingKeys.copies)
    }
}
