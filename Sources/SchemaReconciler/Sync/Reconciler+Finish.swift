import Foundation
import GRDB

// MARK: - Finishing deferred work

extension Reconciler {
    /// Does the work that a sync with ``Options/deferring`` left for later, in the database file
    /// at `path`: call it when the app is idle (for example from a `BGProcessingTask`).
    ///
    /// Each table is done in its own transaction, planned again from the database as the one
    /// before left it, so that a kill at any point loses nothing, and the next call goes on
    /// from there. The foreign key check of the whole database, when it waits, runs with the
    /// last table. Progress and cancellation are as for ``sync(databaseAt:)-77djj``.
    ///
    /// ```swift
    /// let report = try reconciler.finishDeferredWork(databaseAt: path)
    /// report.plan.deferred.isEmpty   // true: nothing waits any more
    /// ```
    /// - Throws: ``ReconcileError``: the table being done is then as it was, and the tables done
    ///   before stay done. ``ReconcileError/syncNeededBeforeFinish(stored:declared:)`` when the
    ///   database is not at schema.yaml's version.
    @discardableResult
    public func finishDeferredWork(databaseAt path: String) throws -> SyncReport {
        try validatingSchemaFirst {
            try finishDeferredWork(DatabaseFile.openExisting(path, busyTimeout: options.busyTimeout,
                                                             preparedBy: options.prepareDatabase))
        }
    }

    /// Does the work that a sync with ``Options/deferring`` left for later, through an app's
    /// GRDB `DatabaseQueue` or `DatabasePool`, one table per barrier write.
    ///
    /// ```swift
    /// try reconciler.finishDeferredWork(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``, as `finishDeferredWork(databaseAt:)` does.
    @discardableResult
    public func finishDeferredWork(_ writer: any DatabaseWriter) throws -> SyncReport {
        try SyncSession(reconciler: self).finish(writer)
    }

    /// Does the work that a sync left for later in the database file at `path`, off the
    /// caller's actor; cancelling the Task rolls back the table being done.
    ///
    /// ```swift
    /// try await reconciler.finishDeferredWork(databaseAt: path)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    @discardableResult
    public func finishDeferredWork(databaseAt path: String) async throws -> SyncReport {
        try await cancellable { try $0.finishDeferredWork(databaseAt: path) }
    }

    /// Does the work that a sync left for later through `writer`, off the caller's actor.
    ///
    /// ```swift
    /// try await reconciler.finishDeferredWork(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    @discardableResult
    public func finishDeferredWork(_ writer: any DatabaseWriter) async throws -> SyncReport {
        try await cancellable { try $0.finishDeferredWork(writer) }
    }
}
