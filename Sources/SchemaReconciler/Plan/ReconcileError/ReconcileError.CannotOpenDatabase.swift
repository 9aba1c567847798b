import GRDB

// MARK: - ReconcileError.CannotOpenDatabase

extension ReconcileError.Code {
    /// SQLite cannot open or read the file: ``ReconcileError/CannotOpenDatabase``.
    public static let cannotOpenDatabase = ReconcileError.Code(rawValue: 3, name: "cannotOpenDatabase")
}

extension ReconcileError {
    /// The payload of a file SQLite cannot open or read (it is not a database, it is
    /// unreadable…): the path and SQLite's error.
    ///
    /// ```swift
    /// if error.payload(as: ReconcileError.CannotOpenDatabase.self)?.databaseError.resultCode == .SQLITE_NOTADB { … }
    /// ```
    public struct CannotOpenDatabase: Payload {
        /// ``ReconcileError/Code/cannotOpenDatabase``.
        public static let code = Code.cannotOpenDatabase

        /// The database file.
        public var path: String
        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `path`, which SQLite refused with `databaseError`.
        public init(path: String, databaseError: DatabaseError) {
            self.path = path
            self.databaseError = databaseError
        }

        /// `cannot read the database app.sqlite: file is not a database`.
        public var message: String {
            "cannot read the database \(path): \(ReconcileError.message(of: databaseError))"
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// SQLite cannot open or read the file (it is not a database, it is unreadable…).
    ///
    /// ```swift
    /// throw ReconcileError.cannotOpenDatabase(path: path, error: error)
    /// ```
    public static func cannotOpenDatabase(path: String, error: DatabaseError) -> ReconcileError {
        ReconcileError(CannotOpenDatabase(path: path, databaseError: error))
    }
}
