import GRDB

// MARK: - ForeignKeyDeferral

/// The upgrade scripts (and the seed scripts of a new database) run with foreign key checks
/// deferred, as GRDB's `DatabaseMigrator` runs a migration: a script may move a parent key
/// before its children, or insert children before their parent.
///
/// On a connection that enforces foreign keys, it sets `PRAGMA defer_foreign_keys = ON` before
/// the scripts, and off after them: SQLite then forgets the violations it counted meanwhile, and
/// the statements that follow are checked one by one again. What the scripts leave violated is
/// the sync's to judge: it counts the rows that reference a missing parent before its steps and
/// after them (``OrphanAudit``) in the tables the scripts write, as their rehearsal found, and
/// the tables that reference those (``Plan/ForeignKeyCheck/tables(_:)``), or over the whole
/// database after a Swift upgrade or a new database's seed (``Plan/ForeignKeyCheck/wholeDatabase``);
/// it refuses those the sync made, with their table, parent and count, and keeps those that
/// were there before (an app that ran with foreign keys off) as a warning.
///
/// A connection without enforcement (the sync turned it off to rebuild a table, or the app runs
/// without it) has nothing to defer; the count before and after is the same.
///
/// ```swift
/// try ForeignKeyDeferral.deferring(in: db) {
///     for script in scripts { try ScriptRunner(…).run(in: db) }
/// }
/// ```
enum ForeignKeyDeferral {
    /// Runs `body` on `db`, inside its transaction, with foreign key checks deferred to its end
    /// when the connection enforces them; each statement after it is checked as it runs again.
    /// When `body` throws, the transaction is the caller's to roll back, which ends the deferral.
    static func deferring<T>(in db: Database, _ body: () throws -> T) throws -> T {
        let enforces = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        if enforces { try db.execute(sql: "PRAGMA defer_foreign_keys = ON") }
        let result = try body()
        if enforces { try db.execute(sql: "PRAGMA defer_foreign_keys = OFF") }
        return result
    }
}
