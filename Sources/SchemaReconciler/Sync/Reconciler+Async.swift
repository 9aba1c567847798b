import Foundation
import GRDB

// MARK: - async/await

/// The same work as the synchronous methods, run on a dispatch queue (never on the caller's
/// actor), and cancelled with the Task: SQLite's running statement is interrupted, the
/// transaction rolled back, and the method throws `CancellationError`. The database is then
/// exactly as it was.
extension Reconciler {
    /// Syncs the database file at `path`, creating it if needed, off the caller's actor.
    ///
    /// ```swift
    /// let launch = Task {
    ///     try await reconciler.sync(databaseAt: path)
    /// }
    /// // The scene went away: the sync rolls back and throws CancellationError.
    /// launch.cancel()
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled; the
    ///   database is then exactly as it was.
    @discardableResult
    public func sync(databaseAt path: String) async throws -> SyncReport {
        try await cancellable { try $0.sync(databaseAt: path) }
    }

    /// Syncs a database through an app's GRDB `DatabaseQueue` or `DatabasePool`, off the caller's
    /// actor.
    ///
    /// With a `DatabasePool`, reads wait for it, as for any barrier write.
    ///
    /// ```swift
    /// let dbPool = try DatabasePool(path: path)
    /// try await reconciler.sync(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled; the
    /// database is then exactly as it was, and `writer` goes on working.
    @discardableResult
    public func sync(_ writer: any DatabaseWriter) async throws -> SyncReport {
        try await cancellable { try $0.sync(writer) }
    }

    /// What a sync of the database at `path` would do; never writes.
    ///
    /// ```swift
    /// let plan = try await reconciler.plan(databaseAt: "app.sqlite")
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func plan(databaseAt path: String) async throws -> Plan {
        try await cancellable { try $0.plan(databaseAt: path) }
    }

    /// What a sync through `reader` would do; never writes.
    ///
    /// ```swift
    /// let plan = try await reconciler.plan(dbQueue)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func plan(_ reader: any DatabaseReader) async throws -> Plan {
        try await cancellable { try $0.plan(reader) }
    }

    /// Where the database at `path` stands; reads only, and never creates the file.
    ///
    /// ```swift
    /// let status = try await reconciler.status(databaseAt: "app.sqlite")
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func status(databaseAt path: String) async throws -> SyncStatus {
        try await cancellable { try $0.status(databaseAt: path) }
    }

    /// Where the database behind an app's GRDB connection stands; reads only.
    ///
    /// ```swift
    /// let status = try await reconciler.status(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func status(_ reader: any DatabaseReader) async throws -> SyncStatus {
        try await cancellable { try $0.status(reader) }
    }

    /// Syncs each database file of `paths`, `jobs` at a time, off the caller's actor, as
    /// ``sync(databasesAt:jobs:creatingMissing:)`` does.
    ///
    /// Cancelling the Task stops the syncs under way (each is rolled back) and those not yet
    /// started: their outcomes are ``ReconcileError/cancelled``, and the databases synced before
    /// keep their outcomes.
    ///
    /// ```swift
    /// let outcomes = try await reconciler.sync(databasesAt: paths, jobs: 4)
    /// let cancelled = outcomes.filter { $0.error?.code == .cancelled }
    /// ```
    /// - Throws: ``ReconcileError/invalidSchema(_:)`` when schema.yaml or a script it names is
    /// invalid; no database is then touched.
    public func sync(databasesAt paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                     creatingMissing: Bool = true) async throws -> [Reconciler.Outcome] {
        try await cancellable { try $0.sync(databasesAt: paths, jobs: jobs, creatingMissing: creatingMissing) }
    }

    // MARK: Running off the caller's actor

    /// Runs `work` with a copy of this reconciler that the Task's cancellation stops, on a
    /// global dispatch queue of the Task's priority.
    func cancellable<T: Sendable>(_ work: @escaping @Sendable (Reconciler) throws -> T) async throws -> T {
        let cancellation = SyncCancellation()
        let reconciler = withCancellation(cancellation)
        let queue = DispatchQueue.global(qos: Self.qualityOfService(for: Task.currentPriority))
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(with: Result { try work(reconciler) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// A copy of this reconciler that `cancellation` stops.
    package func withCancellation(_ cancellation: SyncCancellation) -> Reconciler {
        var reconciler = self
        reconciler.options.cancellation = cancellation
        return reconciler
    }

    /// The dispatch quality of service that matches a Task's priority.
    private static func qualityOfService(for priority: TaskPriority) -> DispatchQoS.QoSClass {
        switch priority {
        case .high: .userInitiated
        case .medium: .default
        case .low, .utility: .utility
        case .background: .background
        default: priority > .high ? .userInteractive : .default
        }
    }
}
