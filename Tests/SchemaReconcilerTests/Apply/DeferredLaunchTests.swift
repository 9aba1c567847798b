import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A deferred launch on a table the app needs a new column of

/// A table that gains a column the new app writes, and loses a column, gains a NOT NULL and an
/// index, all of which may wait: the launch adds the column and nothing else of it waits for it.
@Suite struct DeferredLaunchTests {
    static let version1 = """
        version: 1.0.0
        tables:
          books:
            columns:
              id: { type: INTEGER, primary_key: true }
              title: { type: TEXT, not_null: true }
              body: { type: TEXT, not_null: true }
              isbn: TEXT
              pages: INTEGER
        """

    /// `body` dropped, NOT NULL on `isbn`, a new `lang` with a constant default, an index on `title`.
    static let version2 = """
        version: 2.0.0
        tables:
          books:
            columns:
              id: { type: INTEGER, primary_key: true }
              title: { type: TEXT, not_null: true }
              isbn: { type: TEXT, not_null: true }
              pages: INTEGER
              lang: { type: TEXT, not_null: true, default: en }
            indexes:
              books_title: [title]
        drop:
          columns:
            books: [body]
        """

    /// The same, and `pages` becomes TEXT, which converts the stored integers: only a copy does that.
    static let version2WithNewType = version2.replacingOccurrences(of: "pages: INTEGER", with: "pages: TEXT")

    static let everything: Set<Hazard.Kind> = [.copiesRows, .dropsData, .scansRows, .buildsIndex]
    /// More rows than planning counts.
    static let rows = 2_000

    /// A workspace whose database is at version 1 with `rows` books, and schema.yaml `next`.
    static func databaseAtVersion1(next: String = version2) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(version1)
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO books SELECT i, 'title ' || i, 'body ' || i, 'isbn-' || i, i FROM n;
            """)
        try space.writeSchema(next)
        return space
    }

    /// Every book's kept columns, in one text.
    static func keptRows(_ space: Workspace) throws -> String {
        try space.read { db in
            try String.fetchOne(db, sql: """
                SELECT group_concat(id || ':' || title || ':' || isbn || ':' || pages, ',') FROM (SELECT * FROM books ORDER BY id)
                """) ?? ""
        }
    }

    static func changes(of steps: [Step]) -> Set<Change> {
        Set(steps.flatMap(\.changes))
    }

    // MARK: The split

    @Test func theLaunchAddsTheNewColumnAndTheDropTheNotNullAndTheIndexWait() throws {
        let space = try Self.databaseAtVersion1()

        let report = try space.sync(Reconciler.Options(deferring: Self.everything))

        // At launch: body made nullable in place (the new app's INSERT no longer names it), lang
        // added by ADD COLUMN; no copy, no index, no scan.
        #expect(report.plan.steps.map(\.action) == [.editTable(table: "books"),
                                                     .addColumn(table: "books", column: "lang", isDeferred: false)])
        #expect(report.plan.steps.allSatisfy { $0.method != .rebuild && $0.checks.isEmpty })
        #expect(report.plan.steps[0].changes == [.alterTable(table: "books", difference: .columnNotNull(column: "body", isAdded: false))])
        #expect(report.plan.copiedAtLaunch.isEmpty)
        // What waits: the drop, the NOT NULL, the index.
        #expect(Set(report.plan.deferred.steps.compactMap(\.table)) == ["books"])
        #expect(Self.changes(of: report.plan.deferred.steps).isSuperset(of: [
            .dropColumn(table: "books", column: "body"),
            .alterTable(table: "books", difference: .columnNotNull(column: "isbn", isAdded: true)),
            .createIndex(table: "books", index: "books_title"),
        ]))
        #expect(!Self.changes(of: report.plan.deferred.steps).contains(.addColumn(table: "books", column: "lang")))

        // The new app writes: lang is there with its default, body is not needed.
        try space.execute("INSERT INTO books (id, title, isbn, pages) VALUES (100000, 'new', 'isbn-new', 1)")
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT lang FROM books WHERE id = 7") } == "en")
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pragma_index_list('books')") } == 0)
        // A second launch with the same options has nothing to do.
        let bytes = try space.fileBytes()
        #expect(try space.sync(Reconciler.Options(deferring: Self.everything)).didChange == false)
        #expect(try space.fileBytes() == bytes)
    }

    @Test func finishLeavesTheSchemaOfANewDatabaseWithEveryRowKept() throws {
        let space = try Self.databaseAtVersion1()
        let rowsBefore = try Self.keptRows(space)
        try space.sync(Reconciler.Options(deferring: Self.everything))

        let finished = try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)

        #expect(finished.didChange)
        #expect(finished.plan.deferred.isEmpty)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
        #expect(try Self.keptRows(space) == rowsBefore)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT DISTINCT lang FROM books") } == ["en"])
        #expect(try space.read(SchemaSnapshot.init) == Self.newDatabaseSchema(Self.version2))
    }

    @Test func theDryRunOfTheDeferredLaunchRunsAsPrinted() throws {
        let space = try Self.databaseAtVersion1()
        let report = try space.syncComparingWithItsDryRun(arguments: FinishCommandTests.deferEverything,
                                                          options: Reconciler.Options(deferring: Self.everything))
        #expect(report.plan.steps.allSatisfy { $0.method != .rebuild })
        #expect(!report.plan.deferred.steps.isEmpty)
    }

    // MARK: Other changes that wait

    /// A change of version 1 of ``library(books:logs:)`` (each table with `rows` rows), and the
    /// query whose rows must be the same before the launch and after `finish`.
    struct SchemaChange: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        var script: String?
        var kept = "SELECT group_concat(id || ':' || title, ',') FROM (SELECT * FROM books ORDER BY id)"
        var testDescription: String { name }
    }

    /// `authors`, `books` with `books` (lines under the table's name: its columns after `id`,
    /// indented once more, its indexes, `strict`), and `logs` with the column lines `logs`
    /// after `id` (no `logs` for nil).
    static func library(books: String, logs: String? = "\n      line: TEXT") -> String {
        var yaml = """
            tables:
              authors:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  name: { type: TEXT, not_null: true }
              books:
                columns:
                  id: { type: INTEGER, primary_key: true }

            """
        yaml += books.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
        if let logs { yaml += "  logs:\n    columns:\n      id: { type: INTEGER, primary_key: true }\(logs)\n" }
        return yaml
    }

    /// The columns of `books` at version 1, and its index.
    static let books = "  author_id: INTEGER\n  title: TEXT\n"
    static let booksIndex = "indexes:\n  books_by_title: [title]\n"

    static let schemaChanges: [SchemaChange] = [
        SchemaChange(name: "a table dropped", yaml: library(books: books + booksIndex, logs: nil) + "drop:\n  tables: [logs]\n"),
        SchemaChange(name: "a UNIQUE column and a NOT NULL column without a default, filled by an upgrade",
                     yaml: library(books: books + "  code: { type: TEXT, not_null: true, unique: true }\n" + booksIndex)
                         + "upgrades:\n  2.0.0: upgrades/2.0.0.sql\n",
                     script: "UPDATE books SET code = 'c' || id;"),
        SchemaChange(name: "a foreign key on a column that has none, a CHECK, and an index changed",
                     yaml: library(books: "  author_id: { type: INTEGER, references: authors.id }\n"
                                   + "  title: { type: TEXT, check: \"length(title) > 0\" }\n"
                                   + "indexes:\n  books_by_title: [title, author_id]\n")),
        SchemaChange(name: "another column order and a new column",
                     yaml: library(books: "  title: TEXT\n  author_id: INTEGER\n  note: TEXT\n" + booksIndex)),
        SchemaChange(name: "STRICT, and a column dropped",
                     yaml: library(books: books + booksIndex + "strict: true\n", logs: "") + "drop:\n  columns: { logs: [line] }\n"),
    ]

    @Test(arguments: schemaChanges)
    func aDeferredLaunchCopiesNothingAndFinishLeavesANewDatabasesSchema(_ change: SchemaChange) throws {
        let version2 = "version: 2.0.0\n" + change.yaml
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\n" + Self.library(books: Self.books + Self.booksIndex))
        try space.sync()
        for (table, values) in [("authors", "i, 'author ' || i"), ("books", "i, i, 'title ' || i"), ("logs", "i, 'line ' || i")] {
            try space.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.rows))
                INSERT INTO \(table) SELECT \(values) FROM n;
                """)
        }
        let kept = try space.read { try String.fetchOne($0, sql: change.kept) }
        try space.writeSchema(version2)
        if let script = change.script { try space.write(script, to: "upgrades/2.0.0.sql") }

        let launch = try space.syncComparingWithItsDryRun(arguments: FinishCommandTests.deferEverything,
                                                          options: Reconciler.Options(deferring: Self.everything))

        #expect(launch.plan.steps.allSatisfy { $0.method != .rebuild && $0.checks.isEmpty }, "\(launch.plan.steps)")
        #expect(!launch.plan.deferred.steps.isEmpty)
        try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
        #expect(try space.read { try String.fetchOne($0, sql: change.kept) } == kept)
        #expect(try space.read(SchemaSnapshot.init) == Self.newDatabaseSchema(version2, script: change.script))
    }

    /// The schema of a new database synced with `yaml` (and the upgrade script `script`).
    static func newDatabaseSchema(_ yaml: String, script: String? = nil) throws -> SchemaSnapshot {
        let fresh = try Workspace()
        try fresh.writeSchema(yaml)
        if let script { try fresh.write(script, to: "upgrades/2.0.0.sql") }
        try fresh.sync()
        return try fresh.read(SchemaSnapshot.init)
    }

    // MARK: A launch that must copy the table

    @Test func aLaunchThatMustCopyTheTableSaysWhyAndDoesTheWaitingWorkInTheSameCopy() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithNewType)
        let rowsBefore = try Self.keptRows(space)

        let report = try space.sync(Reconciler.Options(deferring: Self.everything))

        let newType = Change.alterTable(table: "books", difference: .columnType(column: "pages", from: "INTEGER", to: "TEXT"))
        #expect(report.plan.copiedAtLaunch.map(\.table) == ["books"])
        #expect(report.plan.copiedAtLaunch.first?.needs == [newType])
        #expect(Set(report.plan.copiedAtLaunch.first?.waiting ?? []) == [
            .dropColumn(table: "books", column: "body"),
            .alterTable(table: "books", difference: .columnNotNull(column: "isbn", isAdded: true)),
            .createIndex(table: "books", index: "books_title"),
        ])
        // One copy does it all; nothing of books waits.
        #expect(report.plan.steps.filter { $0.method == .rebuild }.map(\.table) == ["books"])
        #expect(report.plan.deferred.steps.isEmpty)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).deferred.steps.isEmpty)
        #expect(try Self.keptRows(space) == rowsBefore)
        #expect(try space.read(SchemaSnapshot.init) == Self.newDatabaseSchema(Self.version2WithNewType))
    }

    @Test func withoutEditsInPlaceMakingTheDroppedColumnNullableIsACopyThatDoesEverything() throws {
        let space = try Self.databaseAtVersion1()
        var options = Reconciler.Options(deferring: Self.everything)
        options.editsInPlace = false

        let report = try space.sync(options)

        #expect(report.plan.copiedAtLaunch.map(\.table) == ["books"])
        #expect(report.plan.copiedAtLaunch.first?.needs
                == [.alterTable(table: "books", difference: .columnNotNull(column: "body", isAdded: false))])
        #expect(report.plan.steps.filter { $0.method == .rebuild }.map(\.table) == ["books"])
        #expect(report.plan.deferred.steps.isEmpty)
        #expect(try space.read(SchemaSnapshot.init) == Self.newDatabaseSchema(Self.version2))
    }

    @Test func theCommandLineSaysWhyTheLaunchCopiesTheTableInTextAndJSON() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithNewType)

        let dryRun = try ReconcileCommand.run(["--dry-run"] + FinishCommandTests.deferEverything, in: space.url)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        #expect(dryRun.output.contains("""
            -- copied at launch all the same:
            --   table books is copied now, for what the app needs at once and ALTER TABLE cannot make in place: \
            table books: column pages: type INTEGER → TEXT; what could have waited is done in the same copy:
            """))
        let json = try ReconcileCommand.run(["--dry-run", "--format", "json"] + FinishCommandTests.deferEverything, in: space.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let copies = try #require(object["copiedAtLaunch"] as? [[String: Any]])
        #expect(copies.map { $0["table"] as? String } == ["books"])
        func descriptions(_ key: String) -> [String]? {
            (copies.first?[key] as? [[String: Any]])?.compactMap { $0["description"] as? String }
        }
        #expect(descriptions("needs") == ["table books: column pages: type INTEGER → TEXT"])
        #expect(descriptions("waiting")?.contains("drop column books.body") == true)
        let described = copies.first?["description"] as? String
        #expect(described?.hasPrefix("table books is copied now, for what the app needs at once") == true)

        let launch = try ReconcileCommand.run(FinishCommandTests.deferEverything, in: space.url)
        #expect(launch.status == 0, "\(launch.error)")
        #expect(launch.output.contains("copied at launch all the same:\n  table books is copied now"))
    }

    @Test func withoutDeferringNothingIsSaidOfCopies() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithNewType)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.copiedAtLaunch.isEmpty)
        #expect(plan.steps.contains { $0.method == .rebuild })
    }
}
