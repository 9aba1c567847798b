import GRDB

// MARK: - ReconcileError.DatabaseFailure

extension ReconcileError.Code {
    /// SQLite failed outside any step of the sync: ``ReconcileError/DatabaseFailure``.
    public static let database = ReconcileError.Code(rawValue: 4, name: "database")
}

extension ReconcileError {
    /// The payload of SQLite failing outside any step of the sync: the database is busy or
    /// locked, an I/O error… (a full disk is ``ReconcileError/DatabaseFull``).
    ///
    /// A database whose write lock another connection held for longer than the busy timeout is
    /// ``ReconcileError/isBusy``.
    ///
    /// ```swift
    /// catch let error as ReconcileError where error.isBusy { retryLater() }
    /// ```
    public struct DatabaseFailure: Payload {
        /// ``ReconcileError/Code/database``.
        public static let code = Code.database

        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `databaseError`.
        public init(databaseError: DatabaseError) {
            self.databaseError = databaseError
        }

        /// `the database is busy: …; try again when it is free. Nothing was changed.`, or
        /// `SQLite refused the sync: …`.
        public var message: String {
            let message = ReconcileError.message(of: databaseError)
            if databaseError.resultCode == .SQLITE_BUSY || databaseError.resultCode == .SQLITE_LOCKED {
                return "the database is busy: another connection held it for longer than the busy timeout "
                    + "(\(message)); try again when it is free. Nothing was changed."
            }
            return "SQLite refused the sync: \(message). Nothing was changed."
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// SQLite failed outside any step of the sync: the database is busy or locked, an I/O
    /// error… (a full disk is ``databaseFull(step:path:error:)``).
    ///
    /// ```swift
    /// throw ReconcileError.database(DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked"))
    /// ```
    public static func database(_ error: DatabaseError) -> ReconcileError {
        ReconcileError(DatabaseFailure(databaseError: error))
    }
}
