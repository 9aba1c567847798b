import GRDB

// MARK: - ReconcileError.DatabaseFull

extension ReconcileError.Code {
    /// SQLite ran out of room in the middle of the sync: ``ReconcileError/DatabaseFull``.
    public static let databaseFull = ReconcileError.Code(rawValue: 23, name: "databaseFull")
}

extension ReconcileError {
    /// The payload of SQLite running out of room in the middle of the sync (`SQLITE_FULL`): the
    /// disk holding the database is full, or the database reached its size limit
    /// (`PRAGMA max_page_count`). The sync was rolled back; nothing was changed.
    ///
    /// ```swift
    /// if let full = error.payload(as: ReconcileError.DatabaseFull.self) {
    ///     log("out of room at \(full.step?.description ?? "the commit")")
    /// }
    /// ```
    public struct DatabaseFull: Payload {
        /// ``ReconcileError/Code/databaseFull``.
        public static let code = Code.databaseFull

        /// The step whose statement failed; nil when the commit or the sync's record did.
        public var step: Step?
        /// The database file; empty for a database without one.
        public var path: String
        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `step` (nil: the commit), out of room in the database at `path`.
        public init(step: Step?, path: String, databaseError: DatabaseError) {
            self.step = step
            self.path = path
            self.databaseError = databaseError
        }

        /// `the sync ran out of room at the contract step on table notes: …`, and what to do.
        public var message: String {
            let when = step.map { step in
                "at the \(step.phase.rawValue) step\(step.table.map { " on table \($0)" } ?? ""): \(step)"
            } ?? "as it wrote its changes"
            return "the sync ran out of room \(when)\n  The disk holding \(ReconcileError.volume(of: path)) is full, "
                + "or the database reached its size limit (PRAGMA max_page_count). The database was rolled back; "
                + "nothing was changed. Free some disk space (or raise the limit) and sync again."
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// SQLite ran out of room in the middle of the sync (`SQLITE_FULL`); `step` is the step whose
    /// statement failed, nil when the commit or the sync's record did.
    ///
    /// ```swift
    /// throw ReconcileError.databaseFull(step: nil, path: path, error: error)
    /// ```
    public static func databaseFull(step: Step?, path: String, error: DatabaseError) -> ReconcileError {
        ReconcileError(DatabaseFull(step: step, path: path, databaseError: error))
    }
}
