import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite   // GRDB's module for the system SQLite
#elseif canImport(SQLCipher)
import SQLCipher    // GRDB's SQLCipher setup
#elseif canImport(SQLite3)
import SQLite3      // GRDB built as a framework, with Apple's SQLite
#endif

// MARK: - SyncCancellation

/// Stops a sync, a dry run or a status report from another thread: the statement SQLite is
/// running is interrupted (`sqlite3_interrupt`), the next step or script statement does not
/// start, and the transaction is rolled back. The work then throws `CancellationError`.
///
/// The async API makes one per call and cancels it with the Task; `reconcile` cancels one on
/// SIGINT and SIGTERM.
///
/// ```swift
/// let cancellation = SyncCancellation()
/// var reconciler = reconciler
/// reconciler.options.cancellation = cancellation
/// // on another thread:
/// cancellation.cancel()
/// ```
package final class SyncCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    /// The connections a sync is using now, interrupted by ``cancel()``.
    private var connections: [OpaquePointer] = []

    /// Creates a cancellation that has not been cancelled.
    package init() {}

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// Whether a connection is in use by the work now (a transaction may be open on it).
    package var isUsingDatabase: Bool {
        lock.withLock { !connections.isEmpty }
    }

    /// Cancels: interrupts the statements running now, and makes ``check()`` throw.
    package func cancel() {
        lock.withLock {
            cancelled = true
            for connection in connections { sqlite3_interrupt(connection) }
        }
    }

    /// Throws `CancellationError` once cancelled: called between steps and statements.
    package func check() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Runs `body` with `db`'s connection interruptible by ``cancel()``; a cancellation that
    /// came before it starts throws at once.
    package func interrupting<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard let connection = db.sqliteConnection else { return try body() }
        try lock.withLock {
            if cancelled { throw CancellationError() }
            connections.append(connection)
        }
        // Removed under the lock: once this returns, no interrupt reaches the connection, which
        // the app may go on using.
        defer {
            lock.withLock {
                if let index = connections.firstIndex(of: connection) { connections.remove(at: index) }
            }
        }
        return try body()
    }
}

extension SyncCancellation? {
    /// Throws `CancellationError` when there is a cancellation and it was cancelled.
    func check() throws {
        try self?.check()
    }

    /// Runs `body`, interruptible when there is a cancellation.
    func interrupting<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard let cancellation = self else { return try body() }
        return try cancellation.interrupting(db, body)
    }
}
