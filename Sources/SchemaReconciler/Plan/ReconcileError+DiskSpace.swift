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

    // MARK: Words

    /// The refusal: how much the sync needs, how much the volume has, and what to free.
    static func shortage(of tables: [String], needed: Int64, available: Int64, path: String) -> String {
        let (need, free) = ByteCount.texts(needed, available)
        let what = tables.isEmpty ? "" : " to rebuild or index \(tables.count == 1 ? "table" : "tables") \(list(tables))"
        return "not enough free disk space to sync: the sync needs about \(need)\(what), and the volume holding "
            + "\(volume(of: path)) has \(free) free. Nothing was changed; free at least "
            + "\(ByteCount.text(max(needed - available, 1))) and sync again."
    }

    /// SQLite out of room: at which step, what is full, and what to do.
    static func outOfRoom(at step: Step?, path: String) -> String {
        let when = step.map { step in
            "at the \(step.phase.rawValue) step\(step.table.map { " on table \($0)" } ?? ""): \(step)"
        } ?? "as it wrote its changes"
        return "the sync ran out of room \(when)\n  The disk holding \(volume(of: path)) is full, or the database "
            + "reached its size limit (PRAGMA max_page_count). The database was rolled back; nothing was changed. "
            + "Free some disk space (or raise the limit) and sync again."
    }

    /// The database file, or words for a database without one.
    private static func volume(of path: String) -> String {
        path.isEmpty ? "the database" : path
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
