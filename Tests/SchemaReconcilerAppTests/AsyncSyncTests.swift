import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - async/await and Task cancellation

/// Holds the Task a progress handler cancels, once the sync reaches the point to cancel at.
private final class TaskToCancel: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelTask: (@Sendable () -> Void)?

    func set<T>(_ task: Task<T, any Error>) { lock.withLock { cancelTask = { task.cancel() } } }
    func cancel() { lock.withLock { cancelTask?() } }
}

@Suite struct AsyncSyncTests {
    /// `v` was TEXT and holds numbers written as text: its new affinity converts them, so the
    /// table is rebuilt, every row copied.
    static let rebuildSchema = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              v: { type: INTEGER }
        """

    @Test @MainActor func anAsyncSyncRunsOffTheMainActor() async throws {
        let folder = try AppFolder(schema: Self.rebuildSchema)
        let onMainThread = SharedValue(false)
        var options = Reconciler.Options()
        options.progress = { _ in if Thread.isMainThread { onMainThread.set(true) } }
        let reconciler = Reconciler(schemaURL: folder.schemaURL, options: options)

        let report = try await reconciler.sync(databaseAt: folder.path("app.sqlite"))
        #expect(report.didChange && report.version == "1.0.0")
        #expect(!onMainThread.value)
        let again = try await reconciler.sync(databaseAt: folder.path("app.sqlite"))
        #expect(!again.didChange)
        let status = try await reconciler.status(databaseAt: folder.path("app.sqlite"))
        #expect(status.isInSync)
        let plan = try await reconciler.plan(databaseAt: folder.path("app.sqlite"))
        #expect(plan.steps.isEmpty)
    }

    @Test func cancellingASyncThroughAPoolRollsBackAndThePoolKeepsWorking() async throws {
        let folder = try AppFolder(schema: Self.rebuildSchema)
        let pool = try DatabasePool(path: folder.path("app.sqlite"))
        try await pool.write { db in
            try db.execute(sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
                INSERT INTO items SELECT i, '' || i FROM n;
                """)
        }
        let schemaBefore = try await pool.read { try String.fetchAll($0, sql: "SELECT sql FROM sqlite_schema ORDER BY name") }

        // Cancelled from the progress handler once the copy has begun.
        let holder = TaskToCancel()
        var options = Reconciler.Options()
        options.progress = { progress in if (progress.copiedRows ?? 0) > 0 { holder.cancel() } }
        let reconciler = Reconciler(schemaURL: folder.schemaURL, options: options)
        let task = Task { try await reconciler.sync(pool) }
        holder.set(task)
        await #expect(throws: CancellationError.self) { try await task.value }

        // Nothing changed, and the pool still reads and writes.
        let (schemaAfter, count, integrity) = try await pool.read { db in
            (try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema ORDER BY name"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM items"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(schemaAfter == schemaBefore)
        #expect(count == 200000)
        #expect(integrity == "ok")
        try await pool.write { try $0.execute(sql: "INSERT INTO items (v) VALUES ('after')") }
        #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 200001)

        // A sync that is not cancelled then goes through.
        let report = try await Reconciler(schemaURL: folder.schemaURL).sync(pool)
        #expect(report.didChange)
        #expect(try await pool.read { try String.fetchOne($0, sql: "SELECT typeof(v) FROM items WHERE id = 1") } == "integer")
    }

    /// A launch sync through a pool lets the copy of `items` wait; finishing it is cancelled
    /// once the copy has begun, and rolls back; finishing again does it, with progress.
    @Test func finishingDeferredWorkIsCancelledAndResumedThroughAPool() async throws {
        let folder = try AppFolder(schema: """
            version: 1.0.0
            tables:
              items:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  v: TEXT
                  w: TEXT
            """)
        let pool = try DatabasePool(path: folder.path("app.sqlite"))
        try await Reconciler(schemaURL: folder.schemaURL).sync(pool)
        try await pool.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
                INSERT INTO items SELECT i, 'v' || i, 'w' FROM n;
                """)
        }
        // Version 1.1.0 stores items without a rowid, which copies the table, and drops w.
        try folder.write("""
            version: 1.1.0
            tables:
              items:
                without_rowid: true
                columns:
                  id: { type: INTEGER, primary_key: true }
                  v: TEXT
            drop:
              columns:
                items: [w]
            """, to: "schema.yaml")
        let launch = try await Reconciler(schemaURL: folder.schemaURL, options: Reconciler.Options(
            deferring: [.copiesRows, .dropsData, .scansRows])).sync(pool)
        #expect(launch.version == "1.1.0" && launch.plan.deferred.steps.map(\.table) == ["items"])

        let holder = TaskToCancel()
        var options = Reconciler.Options()
        options.progress = { progress in if (progress.copiedRows ?? 0) > 0 { holder.cancel() } }
        let finishing = Reconciler(schemaURL: folder.schemaURL, options: options)
        let task = Task { try await finishing.finishDeferredWork(pool) }
        holder.set(task)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await !Reconciler(schemaURL: folder.schemaURL).status(pool).deferred.isEmpty)

        let copied = SharedValue(0)
        var watched = Reconciler.Options()
        watched.progress = { progress in if let rows = progress.copiedRows { copied.set(rows) } }
        let finished = try await Reconciler(schemaURL: folder.schemaURL, options: watched).finishDeferredWork(pool)
        #expect(finished.plan.deferred.isEmpty)
        #expect(copied.value > 0)
        #expect(try await Reconciler(schemaURL: folder.schemaURL).status(pool).isInSync)
        #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items WHERE v = 'v' || id") } == 200000)
    }

    @Test func cancellingTheSyncOfANewDatabaseLeavesNoFile() async throws {
        let folder = try AppFolder(schema: """
            version: 1.0.0
            tables:
              a: { columns: { id: { type: INTEGER, primary_key: true } } }
              b: { columns: { id: { type: INTEGER, primary_key: true } } }
              c: { columns: { id: { type: INTEGER, primary_key: true } } }
            """)
        let holder = TaskToCancel()
        var options = Reconciler.Options()
        options.progress = { progress in if progress.stepNumber == 2 { holder.cancel() } }
        let reconciler = Reconciler(schemaURL: folder.schemaURL, options: options)
        let path = folder.path("app.sqlite")
        let task = Task { try await reconciler.sync(databaseAt: path) }
        holder.set(task)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(folder.files == ["schema.yaml", "upgrades"])
    }

    @Test func cancellingASyncOfManyDatabasesStopsThoseNotYetCommitted() async throws {
        let folder = try AppFolder(schema: Self.rebuildSchema)
        let paths = ["a", "b", "c"].map { folder.path("\($0).sqlite") }
        let cancel = TaskToCancel()
        var options = Reconciler.Options()
        // The second database is cancelled as its table is created; the first one has committed.
        let first = paths[0]
        options.progress = { progress in
            if progress.step != nil, FileManager.default.fileExists(atPath: first) { cancel.cancel() }
        }
        let reconciler = Reconciler(schemaURL: folder.schemaURL, options: options)
        let task = Task { try await reconciler.sync(databasesAt: paths, jobs: 1) }
        cancel.set(task)
        let outcomes = try await task.value
        let cancelled = outcomes.map { $0.error?.code == .cancelled }
        #expect(outcomes[0].error == nil && cancelled == [false, true, true])
        #expect(folder.files == ["a.sqlite", "schema.yaml", "upgrades"])
    }

    @Test func aTaskCancelledBeforeItStartsTouchesNothing() async throws {
        let folder = try AppFolder(schema: Self.rebuildSchema)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let path = folder.path("app.sqlite")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await reconciler.sync(databaseAt: path)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(folder.files == ["schema.yaml", "upgrades"])
    }
}

/// A value shared with a progress handler.
private final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
