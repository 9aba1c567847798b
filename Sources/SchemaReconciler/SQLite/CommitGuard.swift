import GRDB

// MARK: - CommitGuard

/// Refuses every commit of a sync's transaction but the sync's own, so that an upgrade script
/// holding `COMMIT` (or `END`), or a code upgrade that commits, cannot make half a sync permanent.
/// SQLite then rolls the whole transaction back, and the upgrade fails with a clear message.
///
/// ```swift
/// let commitGuard = CommitGuard()
/// db.add(transactionObserver: commitGuard)
/// try db.execute(sql: "COMMIT")      // throws, and the transaction is rolled back
/// commitGuard.allowsCommit = true    // the sync's own commit
/// ```
final class CommitGuard: TransactionObserver {
    /// Whether the next commit is the sync's own.
    var allowsCommit = false

    /// What an upgrade that ends the sync's transaction is told.
    static let message = "upgrades run inside the sync's own transaction, so that a failure anywhere rolls the "
        + "whole sync back: leave BEGIN, COMMIT, END and ROLLBACK out of them"

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseWillCommit() throws {
        guard allowsCommit else {
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: Self.message)
        }
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}
}
