import GRDB

// MARK: - ReconcileError.SeedFailed

extension ReconcileError.Code {
    /// A seed script failed at a statement: ``ReconcileError/SeedFailed``.
    public static let seedFailed = ReconcileError.Code(rawValue: 27, name: "seedFailed")
}

extension ReconcileError {
    /// The payload of a seed script (schema.yaml's `seed`) that failed at a statement, on the new
    /// database the sync was creating: the script's path, the statement's line in it, the
    /// statement, and SQLite's error. The sync was rolled back: a database file it created is
    /// removed.
    ///
    /// ```swift
    /// if let failed = error.payload(as: ReconcileError.SeedFailed.self) {
    ///     log("\(failed.path):\(failed.line): \(failed.databaseError.message ?? "")")
    /// }
    /// ```
    public struct SeedFailed: Payload {
        /// ``ReconcileError/Code/seedFailed``.
        public static let code = Code.seedFailed

        /// The script's path, as schema.yaml names it.
        public var path: String
        /// The statement's line in the script.
        public var line: Int
        /// The statement.
        public var statement: String
        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `statement`, at `line` of the seed script `path`, refused with `databaseError`.
        public init(path: String, line: Int, statement: String, databaseError: DatabaseError) {
            self.path = path
            self.line = line
            self.statement = statement
            self.databaseError = databaseError
        }

        /// `seed failed: seed/vaults.sql:3: …`, then the statement.
        public var message: String {
            "seed failed: \(path):\(line): \(ReconcileError.scriptMessage(of: databaseError))\n  statement: \(statement)\n"
                + "  The database was rolled back; nothing was changed."
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// A seed script failed at a statement, on the new database the sync was creating.
    ///
    /// ```swift
    /// throw ReconcileError.seedFailed(path: "seed/vaults.sql", line: 3, statement: sql, error: error)
    /// ```
    public static func seedFailed(path: String, line: Int, statement: String, error: DatabaseError) -> ReconcileError {
        ReconcileError(SeedFailed(path: path, line: line, statement: statement, databaseError: error))
    }
}
