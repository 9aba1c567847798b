import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Named constraints

/// `CONSTRAINT name` on a PRIMARY KEY, UNIQUE, CHECK or foreign key, on a column or on the table:
/// declared with `name:`, written by `inspect`, kept by rebuilds and edits in place, and changed
/// by a sync when only the name changes.
@Suite struct ConstraintNameTests {
    /// Every kind of constraint, named on columns (`authors`) and on the table (`books`).
    static let named = """
        version: 1.0.0
        tables:
          authors:
            columns:
              id:    { type: INTEGER, primary_key: { name: authors_pk } }
              email: { type: TEXT, unique: { name: authors_email_key } }
              age:   { type: INTEGER, check: { expression: "age >= 0", name: authors_age_check } }
          books:
            columns:
              author_id: { type: INTEGER, not_null: true, references: { table: authors, column: id, name: books_author_fk } }
              number:    { type: INTEGER, not_null: true }
              isbn:      TEXT
              pages:     INTEGER
              editor_id: INTEGER
            primary_key: { columns: [author_id, number], name: books_pk }
            unique:
              - { columns: [isbn, number], name: books_isbn_key }
            checks:
              - { expression: "pages > 0", name: books_pages_check }
            foreign_keys:
              - { columns: [editor_id], references: { table: authors }, name: books_editor_fk }
        """

    /// The names each declared constraint has in `named`.
    static let names: [String: [KeptClauses.Constraint: String]] = [
        "authors": [.primaryKey(columns: ["id"]): "authors_pk", .unique(columns: ["email"]): "authors_email_key",
                    .check(expression: "age >= 0"): "authors_age_check"],
        "books": [.foreignKey(columns: ["author_id"]): "books_author_fk", .primaryKey(columns: ["author_id", "number"]): "books_pk",
                  .unique(columns: ["isbn", "number"]): "books_isbn_key", .check(expression: "pages > 0"): "books_pages_check",
                  .foreignKey(columns: ["editor_id"]): "books_editor_fk"],
    ]

    static let rows = """
        INSERT INTO authors (id, email, age) VALUES (1, 'a@x.org', 40), (2, 'b@x.org', 30);
        INSERT INTO books (author_id, number, isbn, pages, editor_id) VALUES (1, 1, 'i1', 100, 2), (2, 1, 'i2', 200, NULL);
        """

    // MARK: Creating and keeping

    @Test func aNewDatabaseHasTheDeclaredNames() throws {
        let space = try Workspace()
        try space.writeSchema(Self.named)
        try space.sync()
        #expect(try Self.storedNames(space.databasePath) == Self.names)
        #expect(try space.remainingChanges() == [])
    }

    /// A type change that converts stored values (TEXT → INTEGER) copies both tables: the copies
    /// carry every declared name.
    @Test func declaredNamesSurviveARebuild() throws {
        let space = try Self.namedWithRows()
        try space.writeSchema(Self.named.replacingOccurrences(of: "email: { type: TEXT", with: "email: { type: BLOB")
            .replacingOccurrences(of: "isbn:      TEXT", with: "isbn:      NUMERIC"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.rebuilt("authors") && report.rebuilt("books"))
        #expect(try Self.storedNames(space.databasePath) == Self.names)
        #expect(try space.value("SELECT count(*) FROM books", as: Int.self) == 2)
        #expect(try space.remainingChanges() == [])
    }

    /// A file that says nothing of names (as every file written before names were declarable)
    /// keeps the names the database has, through a rebuild too, and never counts them as a change.
    @Test func undeclaredNamesAreKeptThroughARebuild() throws {
        let space = try Self.namedWithRows()
        let plain = """
            version: 1.0.0
            tables:
              authors:
                columns:
                  id:    { type: INTEGER, primary_key: true }
                  age:   { type: INTEGER, check: "age >= 0" }
                  email: { type: TEXT, unique: true }
              books:
                columns:
                  author_id: { type: INTEGER, not_null: true, references: authors.id }
                  number:    { type: INTEGER, not_null: true }
                  isbn:      TEXT
                  pages:     INTEGER
                  editor_id: INTEGER
                primary_key: [author_id, number]
                unique: [[isbn, number]]
                checks: ["pages > 0"]
                foreign_keys:
                  - { columns: [editor_id], references: { table: authors } }
            """
        try space.writeSchema(plain)
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.rebuilt("authors"))   // the new column order
        #expect(report.plan.changes.allSatisfy { change in
            if case .alterTable(_, .constraintName) = change { return false }
            return true
        })
        #expect(try Self.storedNames(space.databasePath) == Self.names)
        #expect(try space.remainingChanges() == [])
    }

    /// A new column whose foreign key is named: the edit that adds the foreign key names it.
    @Test func aNewColumnGetsItsNames() throws {
        let space = try Self.namedWithRows()
        try space.writeSchema(Self.named.replacingOccurrences(of: "      editor_id: INTEGER\n", with: """
                  editor_id: INTEGER
                  series_id: { type: INTEGER, references: { table: authors, name: books_series_fk } }

            """))
        try space.syncComparingWithItsDryRun()
        var expected = Self.names
        expected["books"]?[.foreignKey(columns: ["series_id"])] = "books_series_fk"
        #expect(try Self.storedNames(space.databasePath) == expected)
        #expect(try space.remainingChanges() == [])
    }

    // MARK: Changing a name

    /// A name changed, given, and taken away (`name: null`): a change of the definition alone,
    /// made in place (no row is copied), and the dry run's script does the same.
    @Test func aNameOnlyChangeIsAnEditInPlace() throws {
        let space = try Self.namedWithRows()
        let renamed = Self.named
            .replacingOccurrences(of: "name: books_pages_check", with: "name: books_pages_positive")
            .replacingOccurrences(of: "unique: { name: authors_email_key }", with: "unique: { name: null }")
            .replacingOccurrences(of: "primary_key: { columns: [author_id, number], name: books_pk }",
                                  with: "primary_key: { columns: [author_id, number], name: books_key }")
        try space.writeSchema(renamed)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(Set(plan.changes) == [
            .alterTable(table: "authors", difference: .constraintName(constraint: .unique(columns: ["email"]),
                                                                      from: "authors_email_key", to: nil)),
            .alterTable(table: "books", difference: .constraintName(constraint: .primaryKey(columns: ["author_id", "number"]),
                                                                    from: "books_pk", to: "books_key")),
            .alterTable(table: "books", difference: .constraintName(constraint: .check(expression: "pages > 0"),
                                                                    from: "books_pages_check", to: "books_pages_positive")),
        ])
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.editedInPlace("authors") && report.editedInPlace("books"))
        #expect(!report.rebuilt("authors") && !report.rebuilt("books"))
        var expected = Self.names
        expected["authors"]?[.unique(columns: ["email"])] = nil
        expected["books"]?[.primaryKey(columns: ["author_id", "number"])] = "books_key"
        expected["books"]?[.check(expression: "pages > 0")] = "books_pages_positive"
        #expect(try Self.storedNames(space.databasePath) == expected)
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        #expect(try space.value("SELECT count(*) FROM books", as: Int.self) == 2)
        #expect(try space.remainingChanges() == [])
        // The CHECK's error names the constraint by its new name.
        #expect(throws: DatabaseError.self) { try space.execute("UPDATE books SET pages = 0") }
        do {
            try space.execute("UPDATE books SET pages = 0")
        } catch let error as DatabaseError {
            #expect(error.message?.contains("books_pages_positive") == true)
        }
        // A second sync has nothing to do.
        #expect(try space.sync().plan.steps.isEmpty)
    }

    /// A name given to a constraint that had none, on a column and on the table.
    @Test func aNameIsGivenToAConstraintThatHadNone() throws {
        let space = try Workspace()
        let plain = Self.named.replacingOccurrences(of: ", name: books_author_fk", with: "")
            .replacingOccurrences(of: "{ columns: [isbn, number], name: books_isbn_key }", with: "[isbn, number]")
        try space.writeSchema(plain)
        try space.sync()
        try space.execute(Self.rows)
        try space.writeSchema(Self.named)
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.editedInPlace("books"))
        #expect(try Self.storedNames(space.databasePath) == Self.names)
    }

    /// On a connection that must stay in defensive mode, the definition cannot be edited: the
    /// table is copied, and gets its new name all the same.
    @Test func aNameOnlyChangeIsARebuildWhereEditsAreNotAllowed() throws {
        let space = try Self.namedWithRows()
        try space.writeSchema(Self.named.replacingOccurrences(of: "name: authors_age_check", with: "name: authors_age_positive"))
        var options = Reconciler.Options()
        options.allowsDefensiveModeOff = false
        let queue = try space.defensiveQueue()
        let report = try space.reconciler(options).sync(queue)
        #expect(report.rebuilt("authors"))
        var expected = Self.names
        expected["authors"]?[.check(expression: "age >= 0")] = "authors_age_positive"
        #expect(try Self.storedNames(space.databasePath) == expected)
        #expect(try space.remainingChanges() == [])
    }

    // MARK: inspect

    /// A database whose constraints are named prints a complete file; the file builds a new
    /// database with the same names, and adopts the original without a change.
    @Test func inspectWritesTheNamesAndTheFileBuildsThemAgain() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE authors (id INTEGER CONSTRAINT authors_pk PRIMARY KEY, email TEXT CONSTRAINT authors_email_key UNIQUE,
              age INTEGER CONSTRAINT authors_age_check CHECK (age >= 0));
            CREATE TABLE books (author_id INTEGER NOT NULL CONSTRAINT books_author_fk REFERENCES authors (id),
              number INTEGER NOT NULL, isbn TEXT, pages INTEGER, editor_id INTEGER,
              CONSTRAINT books_pk PRIMARY KEY (author_id, number), CONSTRAINT books_isbn_key UNIQUE (isbn, number),
              CONSTRAINT books_pages_check CHECK (pages > 0),
              CONSTRAINT books_editor_fk FOREIGN KEY (editor_id) REFERENCES authors (id));
            """)
        try space.execute(Self.rows)
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(inspected.isComplete, "\(inspected.undeclarable)")
        #expect(inspected.yaml.contains("primary_key: {columns: [author_id, number], name: books_pk}"), "\(inspected.yaml)")
        #expect(inspected.yaml.contains("check: {expression: age >= 0, name: authors_age_check}"), "\(inspected.yaml)")
        let file = try #require(inspected.file)

        let fresh = space.url.appendingPathComponent("fresh.sqlite").path
        try Reconciler(schema: file).sync(databaseAt: fresh)
        var expected = Self.names
        expected["books"]?[.foreignKey(columns: ["editor_id"])] = "books_editor_fk"
        #expect(try Self.storedNames(fresh) == expected)
        #expect(try Self.storedNames(space.databasePath) == expected)

        let report = try Reconciler(schema: file, options: Reconciler.Options(legacyVersion: "1.0.0"))
            .sync(databaseAt: space.databasePath)
        #expect(report.plan.steps.isEmpty)
        #expect(try space.reconciler().inspect(databaseAt: fresh).yaml == inspected.yaml)
    }

    /// NOT NULL can be named too: `not_null: { name: … }`, written by inspect, built again by the
    /// file, and a name given later is an edit of the definition.
    @Test func aNamedNotNullIsDeclaredAndInspected() throws {
        let space = try Workspace()
        try space.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT CONSTRAINT t_name_nn NOT NULL); INSERT INTO t VALUES (1, 'a')")
        let inspected = try space.reconciler().inspect(databaseAt: space.databasePath)
        #expect(inspected.isComplete, "\(inspected.undeclarable)")
        #expect(inspected.yaml.contains("name: {type: TEXT, not_null: {name: t_name_nn}}"), "\(inspected.yaml)")
        let file = try #require(inspected.file)
        let adopted = try Reconciler(schema: file, options: Reconciler.Options(legacyVersion: "1.0.0")).sync(databaseAt: space.databasePath)
        #expect(adopted.plan.changes.isEmpty)
        let fresh = space.url.appendingPathComponent("fresh.sqlite").path
        try Reconciler(schema: file).sync(databaseAt: fresh)
        #expect(try Self.storedNames(fresh)["t"] == [.notNull(column: "name"): "t_name_nn"])

        try space.writeSchema(inspected.yaml.replacingOccurrences(of: "t_name_nn", with: "t_name_required"))
        let report = try space.syncComparingWithItsDryRun()
        #expect(report.plan.changes == [.alterTable(table: "t", difference: .constraintName(
            constraint: .notNull(column: "name"), from: "t_name_nn", to: "t_name_required"))])
        #expect(try Self.storedNames(space.databasePath)["t"] == [.notNull(column: "name"): "t_name_required"])
        #expect(try space.value("SELECT count(*) FROM t", as: Int.self) == 1)
    }

    // MARK: Helpers

    /// A database synced from `named`, with `rows`.
    static func namedWithRows() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(named)
        try space.sync()
        try space.execute(rows)
        return space
    }

    /// The names of the constraints of each table but the reconciler's, read from the statements
    /// `sqlite_master` stores.
    static func storedNames(_ path: String) throws -> [String: [KeptClauses.Constraint: String]] {
        try DatabaseQueue(path: path).read { db in
            var names: [String: [KeptClauses.Constraint: String]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_reconciler%' ESCAPE '\\'
                """) {
                names[row["name"]] = Schema.Table(try CreateTableStatement(sql: row["sql"])).keptClauses.names
            }
            return names
        }
    }
}
