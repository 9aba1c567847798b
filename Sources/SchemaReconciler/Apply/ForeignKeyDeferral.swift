import GRDB

// MARK: - ForeignKeyDeferral

/// The upgrade scripts (and the seed scripts of a new database) run with foreign key checks
/// deferred, as GRDB's `DatabaseMigrator` runs a migration: a script may move a parent key
/// before its children, or insert children before their parent. What is still violated once
/// they all ran is refused, with its table, parent and count, and the sync rolls back.
///
/// On a connection that enforces foreign keys, it sets a savepoint, then
/// `PRAGMA defer_foreign_keys = ON`, for which SQLite counts each violation a statement makes
/// and each it resolves. At the end it reads that count (``Database/hasUnresolvedForeignKeyViolations``)
/// and turns the pragma off again, which clears it: the contract steps that follow run with
/// immediate checks, and the commit is not refused for what the sync has already judged. When
/// violations are left, the rows are counted with `PRAGMA foreign_key_check`, then again once
/// rolled back to the savepoint, before the scripts: the error counts the rows the scripts
/// made, and rows that referenced a missing parent before (an app that ran with foreign keys
/// off) never count against them.
///
/// A connection without enforcement (the sync turned it off to rebuild a table, or the app
/// runs without it) checks nothing here: the sync then counts orphans over the whole database
/// before its steps and after them (``OrphanAudit``).
///
/// ```swift
/// let deferral = try ForeignKeyDeferral(in: db)
/// for script in scripts { try ScriptRunner(…).run(in: db) }
/// try deferral.end(in: db)   // throws ReconcileError.foreignKeyViolation
/// ```
struct ForeignKeyDeferral {
    /// The savepoint the rows are counted back to, when violations are left.
    static let savepoint = "reconciler_deferred_foreign_keys"

    /// Whether the checks are deferred: the connection enforces foreign keys.
    let isDeferring: Bool

    /// Defers the foreign key checks of what runs next on `db`, inside its transaction, when it
    /// enforces foreign keys.
    init(in db: Database) throws {
        isDeferring = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        guard isDeferring else { return }
        try db.execute(sql: "SAVEPOINT \(Self.savepoint)")
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
    }

    /// Ends the deferral: checks immediately again, and refuses the rows left without a parent.
    ///
    /// - Throws: ``ReconcileError/foreignKeyViolation(_:)``, with the rows the scripts made.
    func end(in db: Database) throws {
        guard isDeferring else { return }
        let violated = db.hasUnresolvedForeignKeyViolations
        try db.execute(sql: "PRAGMA defer_foreign_keys = OFF")
        if violated, let made = try Self.madeViolations(in: db) {
            throw ReconcileError.foreignKeyViolation(made.violation)
        }
        try db.execute(sql: "RELEASE SAVEPOINT \(Self.savepoint)")
    }

    // MARK: Naming the rows

    /// The first foreign key with more rows than before the savepoint, and how many more;
    /// where no count grew (the scripts also gave parents to rows that had none), the first
    /// foreign key that rows still violate, with all of them. Nil when no row violates one.
    /// Leaves `db` rolled back to the savepoint.
    private static func madeViolations(in db: Database) throws -> ForeignKeyViolationCount? {
        let after = try ForeignKeyViolationCount.all(in: db, skippingUncheckable: true)
        guard !after.isEmpty else { return nil }
        try db.execute(sql: "ROLLBACK TO SAVEPOINT \(savepoint)")
        let before = try ForeignKeyViolationCount.all(in: db, skippingUncheckable: true)
        let grown = after.compactMap { count -> ForeignKeyViolationCount? in
            let old = before.first { $0.isSameForeignKey(as: count) }?.rows ?? 0
            guard count.rows > old else { return nil }
            var made = count
            made.rows = count.rows - old
            return made
        }
        return grown.first ?? after.first
    }
}
