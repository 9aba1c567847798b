import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Deferred work

/// A launch sync that lets heavy steps wait, and `finishDeferredWork` that does them later.
@Suite struct DeferredWorkTests {
    /// Three tables of many rows (more than planning counts), each with a NOT NULL column
    /// without a default that version 2 drops.
    static let version1 = """
        version: 1.0.0
        tables:
          authors:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
              bio: { type: TEXT, not_null: true }
          books:
            columns:
              id: { type: INTEGER, primary_key: true }
              author_id: { type: INTEGER, not_null: true, references: authors.id }
              title: { type: TEXT, not_null: true }
              body: { type: TEXT, not_null: true }
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              book_id: { type: INTEGER, references: books.id }
              text: { type: TEXT, not_null: true }
              draft: { type: TEXT, not_null: true }
        """

    /// Drops the three columns, checks titles, indexes titles, and adds a column to `notes`.
    static let version2 = """
        version: 2.0.0
        tables:
          authors:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
          books:
            columns:
              id: { type: INTEGER, primary_key: true }
              author_id: { type: INTEGER, not_null: true, references: authors.id }
              title: { type: TEXT, not_null: true, check: "length(title) > 0" }
            indexes:
              books_by_title: [title]
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              book_id: { type: INTEGER, references: books.id }
              text: { type: TEXT, not_null: true }
              pinned: { type: INTEGER, not_null: true, default: 0 }
        drop:
          columns:
            authors: [bio]
            books: [body]
            notes: [draft]
        """

    static let everything: Set<Hazard.Kind> = [.copiesRows, .dropsData, .scansRows, .buildsIndex]
    static let rows = 12_000

    /// A workspace whose database is at version 1 with `rows` rows in each table, and
    /// schema.yaml at version 2.
    static func databaseAtVersion1() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(version1)
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO authors SELECT i, 'author ' || i, 'bio ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO books SELECT i, i, 'title ' || i, 'body ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO notes SELECT i, i, 'note ' || i, 'draft ' || i FROM n;
            """)
        try space.writeSchema(version2)
        return space
    }

    /// The rows of the columns version 2 keeps, in one text per table.
    static func keptRows(_ space: Workspace) throws -> [String] {
        try space.read { db in
            try ["SELECT group_concat(id || ':' || name, ',') FROM (SELECT * FROM authors ORDER BY id)",
                 "SELECT group_concat(id || ':' || author_id || ':' || title, ',') FROM (SELECT * FROM books ORDER BY id)",
                 "SELECT group_concat(id || ':' || book_id || ':' || text, ',') FROM (SELECT * FROM notes ORDER BY id)"]
                .map { try String.fetchOne(db, sql: $0) ?? "" }
        }
    }

    // MARK: The launch sync

    @Test func theLaunchSyncDoesWhatTheAppNeedsAndLeavesTheRest() throws {
        let space = try Self.databaseAtVersion1()
        let rowsBefore = try Self.keptRows(space)

        let report = try space.sync(Reconciler.Options(deferring: Self.everything))

        #expect(report.version == "2.0.0")
        // The new column is there; no table was copied, no index built.
        #expect(report.plan.steps.allSatisfy { $0.method != .rebuild })
        #expect(!report.plan.steps.contains { if case .createIndex = $0.action { true } else { false } })
        #expect(Set(report.plan.deferred.steps.compactMap(\.table)) == ["authors", "books", "notes"])
        let columns = try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('notes')") }
        #expect(columns.contains("pinned"))
        // The new app's INSERT, which names none of the columns that wait, succeeds.
        try space.execute("""
            PRAGMA foreign_keys = ON;
            INSERT INTO authors (id, name) VALUES (100000, 'new author');
            INSERT INTO books (id, author_id, title) VALUES (100000, 100000, 'new book');
            INSERT INTO notes (id, book_id, text) VALUES (100000, 100000, 'new note');
            """)
        #expect(try Self.keptRows(space).map { $0.count } != rowsBefore.map { $0.count })
        // What waits is recorded: status says so.
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.deferred.steps.map(\.description) == report.plan.deferred.steps.map(\.description))
        #expect(!status.isInSync)
        // A second launch sync with the same options has nothing to do and writes nothing.
        let bytes = try space.fileBytes()
        #expect(try space.sync(Reconciler.Options(deferring: Self.everything)).didChange == false)
        #expect(try space.fileBytes() == bytes)
    }

    @Test func finishingDoesTheRestAndTheDatabaseIsThenAsANewOne() throws {
        let space = try Self.databaseAtVersion1()
        let rowsBefore = try Self.keptRows(space)
        try space.sync(Reconciler.Options(deferring: Self.everything))

        let finished = try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)

        #expect(finished.didChange)
        #expect(finished.plan.deferred.isEmpty)
        #expect(Set(finished.plan.steps.compactMap(\.table)) == ["authors", "books", "notes"])
        #expect(try space.sync().didChange == false)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
        #expect(try Self.keptRows(space) == rowsBefore)
        let fresh = try Workspace()
        try fresh.writeSchema(Self.version2)
        try fresh.sync()
        #expect(try space.read(SchemaSnapshot.init) == fresh.read(SchemaSnapshot.init))
        // Nothing waits any more: another finish does nothing.
        #expect(try space.reconciler().finishDeferredWork(databaseAt: space.databasePath).didChange == false)
    }

    @Test func theDryRunOfTheLaunchPartRunsAsPrinted() throws {
        let space = try Self.databaseAtVersion1()
        let report = try space.syncComparingWithItsDryRun(arguments: FinishCommandTests.deferEverything,
                                                          options: Reconciler.Options(deferring: Self.everything))
        #expect(!report.plan.deferred.steps.isEmpty)
    }

    @Test func aSyncThatLetsNothingWaitDoesWhatWaits() throws {
        let space = try Self.databaseAtVersion1()
        let rowsBefore = try Self.keptRows(space)
        try space.sync(Reconciler.Options(deferring: Self.everything))

        let report = try space.sync()

        #expect(report.didChange)
        #expect(report.plan.deferred.isEmpty)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
        #expect(try Self.keptRows(space) == rowsBefore)
    }

    @Test func aConstraintThatWaitsIsEnforcedByFinishWhichNamesTheRows() throws {
        let space = try Self.databaseAtVersion1()
        try space.sync(Reconciler.Options(deferring: Self.everything))
        // Accepted meanwhile: the CHECK on titles waits.
        try space.execute("INSERT INTO books (id, author_id, title) VALUES (200000, 1, '')")

        #expect {
            try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)
        } throws: { error in
            guard let violations = (error as? ReconcileError)?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations.map(\.table) == ["books"] && violations.map(\.rows) == [1]
                && "\(error)".contains("length(title) > 0")
        }
        #expect(try space.reconciler().status(databaseAt: space.databasePath).deferred.steps.contains { $0.table == "books" })
        // Fixed, finish goes on.
        try space.execute("UPDATE books SET title = 'untitled' WHERE title = ''")
        try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)
        #expect(try space.sync().didChange == false)
    }

    @Test func aColumnDeclaredAgainIsNoLongerDroppedAndKeepsItsValues() throws {
        let space = try Self.databaseAtVersion1()
        try space.sync(Reconciler.Options(deferring: Self.everything))
        try space.writeSchema(Self.version2
            .replacingOccurrences(of: "version: 2.0.0", with: "version: 2.1.0")
            .replacingOccurrences(of: "      text: { type: TEXT, not_null: true }\n",
                                  with: "      text: { type: TEXT, not_null: true }\n      draft: TEXT\n")
            .replacingOccurrences(of: "\n    notes: [draft]", with: ""))

        let report = try space.sync(Reconciler.Options(deferring: Self.everything))

        #expect(report.plan.deferred.steps.allSatisfy { $0.table != "notes" }, "\(report.plan.deferred.steps)")
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT draft FROM notes WHERE id = 7") } == "draft 7")
    }

    @Test func aTableWhoseDefinitionTheLaunchRewritesIsMadeNullableInTheSameEditAndItsDropWaits() throws {
        let space = try Self.databaseAtVersion1()
        // books.title loses its NOT NULL: the launch rewrites the definition of books.
        try space.writeSchema(Self.version2.replacingOccurrences(of: "title: { type: TEXT, not_null: true, check: \"length(title) > 0\" }",
                                                                 with: "title: TEXT"))

        let report = try space.sync(Reconciler.Options(deferring: Self.everything))

        let edits = report.plan.steps.filter { $0.table == "books" }
        #expect(edits.map(\.action) == [.editTable(table: "books")])
        #expect(Set(edits.flatMap(\.changes)) == [.alterTable(table: "books", difference: .columnNotNull(column: "title", isAdded: false)),
                                                  .alterTable(table: "books", difference: .columnNotNull(column: "body", isAdded: false))])
        #expect(report.plan.deferred.steps.contains { $0.table == "books" })
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('books')") }
                == ["id", "author_id", "title", "body"])
        try space.execute("INSERT INTO books (id, author_id) VALUES (300000, 1)")
    }

    @Test func finishingADatabaseThatNeedsASyncFirstIsRefused() throws {
        let space = try Self.databaseAtVersion1()
        let bytes = try space.fileBytes()
        #expect {
            try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.SyncNeededBeforeFinish.self) else { return false }
            let stored = payload.storedVersion
            let declared = payload.declaredVersion
            return stored == "1.0.0" && declared == "2.0.0"
        }
        #expect(try space.fileBytes() == bytes)
    }

    @Test func withoutDeferringTheLaunchSyncDoesEverything() throws {
        let space = try Self.databaseAtVersion1()
        let report = try space.sync()
        #expect(report.plan.deferred.isEmpty)
        #expect(report.plan.foreignKeyCheck == .tables(["books", "notes"]))
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT value FROM _reconciler_state WHERE key = 'deferred'") } == nil)
    }

    // MARK: Row counts

    @Test func planningCountsABigTableOnlyForAStepThatReadsItAtLaunch() throws {
        let space = try Self.databaseAtVersion1()
        let now = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(now.hazards.contains(.copiesRows(table: "books", rows: Self.rows)))

        let deferred = try space.reconciler(Reconciler.Options(deferring: Self.everything)).plan(databaseAt: space.databasePath)
        #expect(deferred.deferred.steps.allSatisfy { $0.rows == nil })
    }
}

// MARK: - Foreign keys, where the sync could have left orphans

@Suite struct ScopedForeignKeyCheckTests {
    static let schema = """
        version: 1.0.0
        tables:
          customers:
            columns:
              id: { type: INTEGER, primary_key: true }
          orders:
            columns:
              id: { type: INTEGER, primary_key: true }
              customer_id: { type: INTEGER, references: customers.id }
          settings:
            columns:
              key: { type: TEXT, primary_key: true }
        """

    /// A database whose `orders` hold an old orphan, and schema.yaml that adds a column to `settings`.
    static func databaseWithAnOrphan() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(schema)
        try space.sync()
        try space.execute("PRAGMA foreign_keys = OFF; INSERT INTO orders VALUES (1, 42)")
        try space.writeSchema(schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            + "\n      value: TEXT\n")
        return space
    }

    /// The format's step 6: an orphan the sync could not have made never stops it, and the sync
    /// does not read the table it is in.
    @Test func anOrphanInATableTheSyncDoesNotTouchDoesNotStopIt() throws {
        let space = try Self.databaseWithAnOrphan()
        let orphan = ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.foreignKeyCheck == .tables([]))
        #expect(plan.warnings == [.orphanRows(orphan)])

        let report = try space.sync()
        #expect(report.didChange)
        #expect(report.plan.foreignKeyCheck == .tables([]))
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('settings')") } == ["key", "value"])
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT customer_id FROM orders") } == 42)
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.isInSync)
        #expect(status.warnings == [.orphanRows(orphan)])
    }

    /// In a file too big to read whole cheaply, the dry run counts only where the sync will,
    /// and says that the rest was not counted; the status counts everywhere.
    @Test func theDryRunOfABigFileCountsOnlyWhereTheSyncChecks() throws {
        let space = try Self.databaseWithAnOrphan()
        try space.execute("CREATE TABLE ballast (data BLOB); INSERT INTO ballast VALUES (zeroblob(9000000))")
        let orphan = ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(!plan.warnings.contains(.orphanRows(orphan)))
        #expect(plan.warnings.contains { ($0.payload(as: SyncWarning.OrphanRowsNotCounted.self)?.databaseBytes ?? 0) > 9_000_000 })
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings.contains(.orphanRows(orphan)))
    }

    @Test func withRowScansDeferredTheOrphanWaitsForNothingAndFinishCountsIt() throws {
        let space = try Self.databaseWithAnOrphan()
        try space.writeSchema(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            + "\n      value: TEXT\n    indexes:\n      settings_by_value: [value]\n")
        try space.execute("INSERT INTO settings VALUES ('a')")
        let report = try space.sync(Reconciler.Options(deferring: [.buildsIndex]))
        #expect(report.plan.foreignKeyCheck == .tables([]))
        #expect(report.plan.deferred.steps.map(\.description) == ["create index settings_by_value on settings"])

        // Finishing counts the whole database with its last table: the orphan is kept, and said.
        let finished = try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)
        #expect(finished.plan.foreignKeyCheck == .wholeDatabase)
        #expect(finished.warnings.contains(.orphanRows(ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1))))
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
    }

    @Test func aForeignKeyTheSyncAddsIsCheckedInItsTableEvenWhenScansWait() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema.replacingOccurrences(of: ", references: customers.id", with: ""))
        try space.sync()
        try space.execute("INSERT INTO orders VALUES (1, 42)")
        try space.writeSchema(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0"))
        let plan = try space.reconciler(Reconciler.Options(deferring: [.scansRows])).plan(databaseAt: space.databasePath)
        // The step that adds it checks its rows; it waits, and the table is not checked now.
        #expect(plan.deferred.steps.contains { $0.table == "orders" })

        let checked = try space.reconciler(Reconciler.Options(deferring: [.dropsData])).plan(databaseAt: space.databasePath)
        #expect(checked.foreignKeyCheck == .tables(["orders"]))
        #expect(throws: ReconcileError.self) { try space.sync(Reconciler.Options(deferring: [.dropsData])) }
    }
}
