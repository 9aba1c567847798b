import GRDB

// MARK: - Disk space

extension ReconcileError {
    /// A step's statement that SQLite failed, as a sync's error: ``databaseFull(step:path:error:)``
    /// when SQLite ran out of room (`SQLITE_FULL`), ``stepFailed(_:statement:error:)`` otherwise.
    ///
    /// ```swift
    /// } catch let error as DatabaseError {
    ///     throw ReconcileError.failure(of: step, statement: sql, error: error, in: db)
    /// }
    /// ```
    static func failure(of step: Step, statement: String, error: DatabaseError, in db: Database) -> ReconcileError {
        guard error.resultCode == .SQLITE_FULL else { return .stepFailed(step, statement: statement, error: error) }
        return .databaseFull(step: step, path: db.mainFilePath ?? "", error: error)
    }

    /// The database file, or words for a database without one.
    static func volume(of path: String) -> String {
        path.isEmpty ? "the database" : path
    }
}
