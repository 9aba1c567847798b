import GRDB

// MARK: - ReconcileError.UpgradeFailed

extension ReconcileError.Code {
    /// An upgrade script failed at a statement: ``ReconcileError/UpgradeFailed``.
    public static let upgradeFailed = ReconcileError.Code(rawValue: 16, name: "upgradeFailed")
}

extension ReconcileError {
    /// The payload of an upgrade script that failed at a statement: the upgrade, the statement's
    /// line in the script, the statement, and SQLite's error.
    ///
    /// ```swift
    /// if let failed = error.payload(as: ReconcileError.UpgradeFailed.self) {
    ///     log("\(failed.upgrade.name):\(failed.line): \(failed.databaseError.message ?? "")")
    /// }
    /// ```
    public struct UpgradeFailed: Payload {
        /// ``ReconcileError/Code/upgradeFailed``.
        public static let code = Code.upgradeFailed

        /// The upgrade: its version and the script's path.
        public var upgrade: Upgrade
        /// The statement's line in the script.
        public var line: Int
        /// The statement.
        public var statement: String
        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `statement`, at `line` of `upgrade`'s script, refused with `databaseError`.
        public init(upgrade: Upgrade, line: Int, statement: String, databaseError: DatabaseError) {
            self.upgrade = upgrade
            self.line = line
            self.statement = statement
            self.databaseError = databaseError
        }

        /// `upgrade 1.2.0 failed: upgrades/1.2.0.sql:7: …`, then the statement.
        public var message: String {
            "upgrade \(upgrade.version) failed: \(upgrade.name):\(line): \(ReconcileError.scriptMessage(of: databaseError))\n"
                + "  statement: \(statement)\n  The database was rolled back; nothing was changed."
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// An upgrade script failed at a statement.
    ///
    /// ```swift
    /// throw ReconcileError.upgradeFailed(upgrade, line: 7, statement: sql, error: error)
    /// ```
    public static func upgradeFailed(_ upgrade: Upgrade, line: Int, statement: String,
                                     error: DatabaseError) -> ReconcileError {
        ReconcileError(UpgradeFailed(upgrade: upgrade, line: line, statement: statement, databaseError: error))
    }
}
