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
    var authorId: Int64
    var title: String
    var isbn: String?

    enum CodingKeys: String, CodingKey {
        case id
        case authorId = "author_id"
        case title
        case isbn
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let authorId = Column(CodingKeys.authorId)
        static let title = Column(CodingKeys.title)
        static let isbn = Column(CodingKeys.isbn)
    }

    static let author = belongsTo(Author.self, key: "author")
    static let loans = hasMany(Loan.self, key: "loans")

    /// The request for its author.
    var author: QueryInterfaceRequest<Author> {
        request(for: Self.author)
    }

    /// The request for its loans.
    var loans: QueryInterfaceRequest<Loan> {
        request(for: Self.loans)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - Loan

/// A row of the table "loans".
struct Loan: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "loans"

    var id: Int64?
    var bookId: Int64
    var lentOn: Date

    enum CodingKeys: String, CodingKey {
        case id
        case bookId = "book_id"
        case lentOn = "lent_on"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let bookId = Column(CodingKeys.bookId)
        static let lentOn = Column(CodingKeys.lentOn)
    }

    static let book = belongsTo(Book.self, key: "book")

    /// The request for its book.
    var book: QueryInterfaceRequest<Book> {
        request(for: Self.book)
    }

    /// Sets id to the rowid SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - TitlesByAuthor

/// A row of the view "titles_by_author".
struct TitlesByAuthor: Codable, Sendable, Hashable, FetchableRecord, TableRecord {
    static let databaseTableName = "titles_by_author"

    var author: String?
    var title: String?

    enum CodingKeys: String, CodingKey {
        case author
        case title
    }

    enum Columns {
        static let author = Column(CodingKeys.author)
        static let title = Column(CodingKeys.title)
    }
}
