// MARK: - BigSchema

/// The schema.yaml files of the 1 GB figures: the one the databases are synced with, and the
/// changes the figures make to it.
enum BigSchema: String, CaseIterable {
    /// `authors`, `books` (with an index on `author_id`) and `settings`, at version 1.0.0.
    case synced
    /// Version 1.1.0: `settings` gains a nullable column, `note`.
    case addsColumn = "adds-column"
    /// Version 1.1.0: `books.body` listed under `drop:`, NOT NULL on `books.isbn`, a new
    /// `books.lang TEXT NOT NULL DEFAULT 'en'`, and a non-unique index on `books(title)`.
    case changesBooks = "changes-books"
    /// Version 1.1.0: `books.pages` from INTEGER to REAL (a copy of `books` that converts every
    /// row, which may wait), and the nullable `settings.note`.
    case widensBooks = "widens-books"

    /// The file's name.
    var fileName: String { rawValue + ".yaml" }

    /// The file's text.
    var yaml: String {
        let changesBooks = self == .changesBooks
        return """
            version: \(self == .synced ? "1.0.0" : "1.1.0")
            tables:
              authors:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  name: { type: TEXT, not_null: true }
              books:
                columns:
                  id:        { type: INTEGER, primary_key: true }
                  author_id: { type: INTEGER, not_null: true, references: authors.id }
                  title:     { type: TEXT, not_null: true }
            \(changesBooks ? "" : "      body:      { type: TEXT, not_null: true }\n")\
                  isbn:      \(changesBooks ? "{ type: TEXT, not_null: true }" : "TEXT")
                  pages:     \(self == .widensBooks ? "REAL" : "INTEGER")
            \(changesBooks ? "      lang:      { type: TEXT, not_null: true, default: en }\n" : "")\
                indexes:
                  books_by_author: [author_id]
            \(changesBooks ? "      books_title:     [title]\n" : "")\
              settings:
                columns:
                  key:   { type: TEXT, primary_key: true }
                  value: TEXT
            \(self == .addsColumn || self == .widensBooks ? "      note:  TEXT\n" : "")\
            \(changesBooks ? "drop:\n  columns: { books: [body] }\n" : "")
            """
    }
}
