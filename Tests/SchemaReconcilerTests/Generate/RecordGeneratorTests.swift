import Foundation
import Testing
@testable import reconcile
@testable import SchemaReconciler

// MARK: - RecordGeneratorTests

/// The record types made from a schema file: names, types, keys, associations, views, the
/// `swift` overrides, and the errors that point at the line to change.
@Suite struct RecordGeneratorTests {
    /// The library of the fixture app and the documentation.
    static let library = """
        version: 1.0.0
        tables:
          authors:
            columns:
              id:      { type: INTEGER, primary_key: true }
              name:    { type: TEXT, not_null: true }
              born_on: DATE
          books:
            columns:
              id:        { type: INTEGER, primary_key: true }
              title:     { type: TEXT, not_null: true }
              author_id: { type: INTEGER, references: authors.id }
              price:     REAL
              cover:     BLOB
              in_print:  { type: BOOLEAN, not_null: true, default: 1 }
        views:
          book_titles: SELECT books.id, books.title, authors.name AS author, count(*) AS copies FROM books JOIN authors ON authors.id = books.author_id GROUP BY books.id
        """

    /// The records of a document, loaded as `reconcile generate` loads it.
    static func generate(_ yaml: String) throws -> GeneratedRecords {
        var loader = SchemaLoader()
        loader.readsScripts = false
        loader.standsInForUnregisteredSQL = true
        return try RecordGenerator(file: loader.load(yaml: yaml, url: inMemoryURL)).records()
    }

    /// The error that generating from a document throws.
    static func generationError(_ yaml: String) -> SchemaError? {
        do {
            _ = try generate(yaml)
            return nil
        } catch {
            return error as? SchemaError
        }
    }

    // MARK: Names and types

    @Test func namesFollowGRDBsConventions() {
        #expect(SwiftName.type(forTable: "books") == "Book")
        #expect(SwiftName.type(forTable: "categories") == "Category")
        #expect(SwiftName.type(forTable: "book_titles") == "BookTitle")
        #expect(SwiftName.type(forTable: "addresses") == "Address")
        #expect(SwiftName.type(forTable: "status") == "Status")
        #expect(SwiftName.type(forTable: "2fa_codes") == "_2faCode")
        #expect(SwiftName.property(forColumn: "author_id") == "authorId")
        #expect(SwiftName.property(forColumn: "born_on") == "bornOn")
        #expect(SwiftName.property(forColumn: "ID") == "id")
        #expect(SwiftName.property(forColumn: "user_ID") == "userID")
        #expect(SwiftName.property(forColumn: "createdAt") == "createdAt")
        #expect(SwiftName.association(forTable: "book", toMany: true) == "books")
        #expect(SwiftName.association(forTable: "categories", toMany: true) == "categories")
        #expect(SwiftName.association(forTable: "book_titles", toMany: false) == "bookTitle")
    }

    @Test func declaredTypesMakeTheTypesOfTheTable() {
        let expected: [String?: String] = [
            "INTEGER": "Int64", "int": "Int64", "BIGINT": "Int64", "REAL": "Double", "FLOAT": "Double",
            "DOUBLE": "Double", "double precision": "Double", "TEXT": "String", "VARCHAR(64)": "String",
            "BLOB": "Data", nil: "Data", "BOOLEAN": "Bool", "DATE": "Date", "DATETIME": "Date", "TIMESTAMP": "Date",
            "NUMERIC": "Double", "DECIMAL(10, 2)": "Double",
        ]
        for (declared, swift) in expected {
            #expect(PropertyType.swiftType(forDeclaredType: declared) == swift, "\(declared ?? "no type")")
        }
    }

    @Test func theLibrarysRecords() throws {
        let records = try Self.generate(Self.library).records
        #expect(records.map(\.typeName) == ["Author", "Book", "BookTitle"])
        let book = records[1]
        #expect(book.databaseName == "books")
        #expect(book.kind == .autoIncremented(property: "id"))
        #expect(book.identity == .stored)
        #expect(book.properties.map(\.name) == ["id", "title", "authorId", "price", "cover", "inPrint"])
        #expect(book.properties.map(\.type) == ["Int64", "String", "Int64", "Double", "Data", "Bool"])
        #expect(book.properties.map(\.isOptional) == [true, false, true, true, true, false])
        #expect(book.properties.last?.defaultValue == .boolean(true))
        #expect(book.associations == [GeneratedRecord.Association(kind: .belongsTo, name: "author", destination: "Author")])
        #expect(records[0].associations == [GeneratedRecord.Association(kind: .hasMany, name: "books", destination: "Book")])
        #expect(records[0].properties.last?.type == "Date")
    }

    // MARK: Views

    @Test func aViewsColumnsAreTypedBySQLite() throws {
        let generated = try Self.generate(Self.library)
        let view = try #require(generated.records.last)
        #expect(view.kind == .fetchOnly && view.identity == nil && view.associations.isEmpty)
        #expect(view.properties.map(\.name) == ["id", "title", "author", "copies"])
        #expect(view.properties.map(\.type) == ["Int64", "String", "String", "String"])
        #expect(view.properties.allSatisfy { $0.isOptional })
        // count(*) has no type SQLite can tell: a warning at the view's line says what to write.
        #expect(generated.warnings.map(\.location) == [at(17, 3)])
        #expect(generated.warnings.first?.message.contains("CAST(… AS INTEGER)") == true)
    }

    @Test func anExpressionWithAnAffinityAndAWrittenTypeNeedNoGuess() throws {
        let yaml = Self.library.replacingOccurrences(
            of: "  book_titles: SELECT books.id, books.title, authors.name AS author, count(*) AS copies FROM",
            with: """
                  book_titles:
                    swift: { name: Title, columns: { title: { type: String, name: text } } }
                    select: SELECT books.id, books.title, CAST(count(*) AS INTEGER) AS copies, CAST(price * 2 AS REAL) AS twice FROM
              """)
        let generated = try Self.generate(yaml)
        let view = try #require(generated.records.last)
        #expect(view.typeName == "Title")
        #expect(view.properties.map(\.name) == ["id", "text", "copies", "twice"])
        #expect(view.properties.map(\.type) == ["Int64", "String", "Int64", "Double"])
        #expect(view.properties.map(\.isOptional) == [true, false, true, true])
        #expect(generated.warnings.isEmpty)
    }

    @Test func aViewOverATableTheFileDoesNotDeclareIsAnErrorAtTheView() {
        let yaml = Self.library + "\n  audited: SELECT books.id, audit_log.note FROM books JOIN audit_log ON audit_log.book_id = books.id"
        let error = Self.generationError(yaml)
        #expect(error?.location == at(18, 3))
        #expect(error?.message.contains("SQLite cannot read the columns of view 'audited'") == true)
    }

    // MARK: Keys

    @Test func compositeKeysAndWithoutRowIDTables() throws {
        let records = try Self.generate("""
            version: 1.0.0
            tables:
              shelves:
                columns:
                  code: { type: TEXT, primary_key: true }
              shelf_books:
                without_rowid: true
                primary_key: [shelf_code, position]
                columns:
                  shelf_code: { type: TEXT, not_null: true, references: shelves.code }
                  position: { type: INTEGER, not_null: true }
              tags:
                without_rowid: true
                columns:
                  id: { type: INTEGER, primary_key: true }
                  note_id: { type: INTEGER, primary_key: false }
            """).records
        #expect(records[0].identity == .computed(property: "code", type: "String"))
        #expect(records[0].kind == .persistable)
        #expect(records[1].identity == nil && records[1].kind == .persistable)
        #expect(records[1].properties.map(\.isOptional) == [false, false])
        #expect(records[2].kind == .persistable)
        #expect(records[2].properties.first.map { !$0.isOptional } == true)
    }

    /// A `NOT NULL ON CONFLICT REPLACE` column with a default is one an insert may leave NULL
    /// (SQLite stores the default): its property is optional, the key's too, as SQLiteData's
    /// drafts have them. Without the default, or without REPLACE, it is not.
    @Test func aNotNullColumnThatReplacesNullWithItsDefaultIsOptional() throws {
        let generated = try Self.generate("""
            version: 1.0.0
            tables:
              reminders_lists:
                columns:
                  id:       { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, default_sql: (uuid()) }
                  title:    { type: TEXT, not_null: { on_conflict: replace }, default: "" }
                  color:    { type: INTEGER, not_null: true, default: 4889071 }
                  position: { type: INTEGER, not_null: { on_conflict: replace } }
                  rank:     { type: INTEGER, not_null: { on_conflict: ignore }, default: 0 }
            """)
        let record = try #require(generated.records.first)
        #expect(record.properties.map(\.isOptional) == [true, true, false, false, false])
        #expect(record.identity == .stored && record.kind == .persistable)
        let text = RecordSource(generated).text
        #expect(text.contains("    var id: String?\n"), "\(text)")
        #expect(text.contains("    var title: String? = \"\"\n"), "\(text)")
        #expect(text.contains("    var color: Int64 = 4889071\n"), "\(text)")
    }

    // MARK: Associations

    @Test func twoKeysToOneParentAreSpelledOut() throws {
        let records = try Self.generate("""
            version: 1.0.0
            tables:
              people:
                swift: { name: Person }
                columns:
                  id: { type: INTEGER, primary_key: true }
                  manager_id: { type: INTEGER, references: people.id }
              books:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  author_id: { type: INTEGER, references: people.id }
                  translator_id: { type: INTEGER, references: people.id }
              covers:
                columns:
                  book_id: { type: INTEGER, primary_key: true, references: books.id }
            """).records
        let (person, book, cover) = (records[0], records[1], records[2])
        #expect(book.foreignKeys.map(\.name) == ["authorForeignKey", "translatorForeignKey"])
        #expect(book.associations.map(\.name) == ["author", "translator", "cover"])
        #expect(book.associations.map(\.foreignKey) == ["Book.authorForeignKey", "Book.translatorForeignKey", nil])
        #expect(book.associations.last?.kind == .hasOne)
        #expect(person.associations.map(\.name) == ["manager", "peopleAsManager", "booksAsAuthor", "booksAsTranslator"])
        #expect(person.associations.map(\.kind) == [.belongsTo, .hasMany, .hasMany, .hasMany])
        #expect(cover.associations == [GeneratedRecord.Association(kind: .belongsTo, name: "book", destination: "Book")])
    }

    /// A table with a column named like the association its foreign key makes.
    static let authorColumn = """
        version: 1.0.0
        tables:
          authors:
            columns:
              id: { type: INTEGER, primary_key: true }
          books:
            columns:
              id: { type: INTEGER, primary_key: true }
              author: TEXT
              author_id: { type: INTEGER, references: authors.id }
        """

    @Test func aColumnNamedLikeAnAssociationIsAnErrorAtTheColumn() throws {
        let error = try #require(Self.generationError(Self.authorColumn))
        #expect(error.location == at(9, 7))
        #expect(error.message == "column 'author' of table 'books' would be the property 'author' of Book, the name of "
            + "its association 'author' (belongsTo Author, made from a foreign key); rename the column, or give its "
            + "property another name with swift: { name: … }")
        // The other side: a column of the parent named like its hasMany.
        let parent = Self.authorColumn.replacingOccurrences(of: "      author: TEXT\n", with: "")
            .replacingOccurrences(of: "      id: { type: INTEGER, primary_key: true }\n  books:",
                                  with: "      id: { type: INTEGER, primary_key: true }\n      books: INTEGER\n  books:")
        let hasMany = try #require(Self.generationError(parent))
        #expect(hasMany.location == at(6, 7))
        #expect(hasMany.message.hasPrefix("column 'books' of table 'authors' would be the property 'books' of Author"))
    }

    /// A key column named without `_id` is the key of its association: no clash to refuse. The
    /// association takes `Record` after the column's name, whether it is named after its parent
    /// (`author REFERENCES authors`) or after its column (two keys to one parent, a key to its
    /// own table).
    @Test func aKeyColumnWithoutIdGivesItsAssociationAnotherName() throws {
        let schema = """
            version: 1.0.0
            tables:
              gear:
                columns:
                  id: { type: INTEGER, primary_key: true }
              authors:
                columns:
                  id: { type: INTEGER, primary_key: true }
              frames:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  ball0: { type: INTEGER, references: gear.id }
                  ball1: { type: INTEGER, references: gear.id }
                  parent: { type: INTEGER, references: frames.id }
                  author: { type: INTEGER, references: authors.id }
            """
        let frame = try #require(try Self.generate(schema).records.last)
        #expect(frame.properties.map(\.name) == ["id", "ball0", "ball1", "parent", "author"])
        #expect(frame.associations.filter { $0.kind == .belongsTo }.map(\.name)
            == ["ball0Record", "ball1Record", "parentRecord", "authorRecord"])
        let source = RecordSource(try Self.generate(schema)).text
        #expect(source.contains("static let authorRecord = belongsTo(Author.self, key: \"authorRecord\")"))
        #expect(source.contains("var authorRecord: QueryInterfaceRequest<Author>"))
    }

    @Test func aSwiftNameForTheColumnKeepsBothAndTheRequest() throws {
        let renamed = Self.authorColumn.replacingOccurrences(of: "author: TEXT", with: "author: { type: TEXT, swift: { name: authorName } }")
        let book = try Self.generate(renamed).records[1]
        #expect(book.properties.map(\.name) == ["id", "authorName", "authorId"])
        #expect(book.associations.map(\.name) == ["author"])
        let source = RecordSource(try Self.generate(renamed)).text
        #expect(source.contains("var author: QueryInterfaceRequest<Author>"))
        // The error points at the name written in `swift`, when that is the one that clashes.
        let clashing = Self.authorColumn.replacingOccurrences(of: "author: TEXT", with: "writer: { type: TEXT, swift: { name: author } }")
        #expect(Self.generationError(clashing)?.location == at(9, 44))
    }

    // MARK: Overrides

    @Test func overridesNameAndTypeTheRecord() throws {
        let records = try Self.generate("""
            version: 1.0.0
            swift: { access: public }
            tables:
              authors:
                swift: { name: Writer }
                columns:
                  id: { type: TEXT, primary_key: true, swift: { type: UUID } }
                  born_on: { type: DATE, swift: { name: birthday } }
                  seen_at: { type: INTEGER, not_null: true, swift: { type: Date } }
                  kind: { type: TEXT, not_null: true, default: novel, swift: { type: Kind } }
                  token: { type: BLOB, swift: { type: UUID } }
            """).records
        let writer = try #require(records.first)
        #expect(writer.typeName == "Writer")
        #expect(writer.properties.map(\.name) == ["id", "birthday", "seenAt", "kind", "token"])
        #expect(writer.properties.map(\.type) == ["UUID", "Date", "Date", "Kind", "UUID"])
        #expect(writer.properties.map(\.storage) == [.uuidAsText, nil, .dateAsSeconds, nil, nil])
        #expect(writer.properties[3].defaultValue == nil)
    }

    @Test func overridesThatMakeNoSwiftAreErrorsAtTheirLine() {
        let cases: [(String, Int, Int, String)] = [
            ("      title: { type: TEXT, swift: { name: 2title } }", 6, 43, "a property name is a Swift name"),
            ("      title: { type: TEXT, swift: { type: \"String?\" } }", 6, 43, "without '?'"),
            ("      title: { type: TEXT, swift: { stored_as: number } }", 6, 48, "Date or a UUID"),
            ("      title: { type: TEXT, swift: { type: Date, stored_as: blob } }", 6, 60, "text or as a number"),
            ("      title: { type: TEXT, swift: { name: authorId } }\n      author_id: INTEGER", 7, 7, "'authorId'"),
        ]
        for (column, line, columnNumber, phrase) in cases {
            let error = Self.generationError("version: 1.0.0\ntables:\n  books:\n    columns:\n"
                                                 + "      id: { type: INTEGER, primary_key: true }\n\(column)\n")
            #expect(error?.location == at(line, columnNumber), "\(column): \(String(describing: error))")
            #expect(error?.message.contains(phrase) == true, "\(column): \(String(describing: error))")
        }
    }

    @Test func twoTablesOfOneTypeNameAreAnErrorAtTheSecond() {
        let error = Self.generationError("""
            version: 1.0.0
            tables:
              book: { columns: { id: INTEGER } }
              books: { columns: { id: INTEGER } }
            """)
        #expect(error?.location == at(4, 3))
        #expect(error?.message == "table 'books' and table 'book' would both be the Swift type 'Book'; "
                    + "give one of them another name with swift: { name: … }")
    }

    @Test func aMisspeltOrMistypedSwiftKeyIsALoadError() {
        let misspelt = loadError("version: 1.0.0\ntables:\n  t:\n    swift: { nmae: T }\n    columns: { id: INTEGER }\n")
        #expect(misspelt?.location == at(4, 14))
        #expect(misspelt?.message.contains("did you mean 'name'?") == true)
        let access = loadError("version: 1.0.0\nswift: { access: open }\ntables: {}\n")
        #expect(access?.location == at(2, 18))
        #expect(access?.message.contains("write internal, package or public") == true)
    }

    @Test func reservedNamesGetASuffixAndKeywordsBackticks() throws {
        let generated = try Self.generate("""
            version: 1.0.0
            tables:
              rows:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  default: TEXT
                  class: { type: TEXT, not_null: true, default: "a \\"quoted\\"\\n value" }
            """)
        #expect(generated.records.first?.typeName == "RowRecord")
        let text = RecordSource(generated).text
        #expect(text.contains("    var `default`: String?\n"))
        #expect(text.contains("    var `class`: String = \"a \\\"quoted\\\"\\n value\"\n"))
        #expect(text.contains("        static let `class` = Column(CodingKeys.`class`)\n"))
    }

    @Test func aTableNamedAfterATypeAppsUseDoesNotHideIt() throws {
        let generated = try Self.generate("""
            version: 1.0.0
            tables:
              tasks:
                columns:
                  id: { type: INTEGER, primary_key: true }
              results:
                columns:
                  id: { type: INTEGER, primary_key: true }
              sections:
                columns:
                  id: { type: INTEGER, primary_key: true }
              projects:
                columns:
                  id: { type: INTEGER, primary_key: true }
            """)
        #expect(generated.records.map(\.typeName).sorted() == ["Project", "ResultRecord", "SectionRecord", "TaskRecord"])
    }

    // MARK: The file

    @Test func theSameSchemaMakesTheSameBytes() throws {
        let first = RecordSource(try Self.generate(Self.library)).text
        let second = RecordSource(try Self.generate(Self.library)).text
        #expect(first == second)
        #expect(first.hasPrefix("// Generated from schema.yaml by `reconcile generate`"))
        #expect(first.contains("Do not edit: change schema.yaml, then build or generate again."))
    }
}
