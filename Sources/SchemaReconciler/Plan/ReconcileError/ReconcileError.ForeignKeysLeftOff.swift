// MARK: - ReconcileError.ForeignKeysLeftOff

extension ReconcileError.Code {
    /// Foreign key enforcement stayed off on the app's connection: ``ReconcileError/ForeignKeysLeftOff``.
    public static let foreignKeysLeftOff = ReconcileError.Code(rawValue: 21, name: "foreignKeysLeftOff")
}

extension ReconcileError {
    /// The payload of a connection on which SQLite did not turn foreign key enforcement back on:
    /// no fields.
    ///
    /// The sync turned it off on the connection it was given (SQLite needs it off to rebuild a
    /// table): the connection would go on without enforcing foreign keys. Run
    /// `PRAGMA foreign_keys = ON` on it, or close it.
    ///
    /// ```swift
    /// catch ReconcileError.Code.foreignKeysLeftOff { try db.execute(sql: "PRAGMA foreign_keys = ON") }
    /// ```
    public struct ForeignKeysLeftOff: Payload {
        /// ``ReconcileError/Code/foreignKeysLeftOff``.
        public static let code = Code.foreignKeysLeftOff

        /// The payload.
        public init() {}

        /// `SQLite did not turn foreign key enforcement back on for this connection …`.
        public var message: String {
            "SQLite did not turn foreign key enforcement back on for this connection after the sync turned it "
                + "off for its table rebuilds; run PRAGMA foreign_keys = ON on the connection, or close it, before using it"
        }
    }

    /// The sync turned foreign key enforcement off on the connection it was given, and SQLite did
    /// not turn it back on.
    ///
    /// ```swift
    /// throw ReconcileError.foreignKeysLeftOff
    /// ```
    public static var foreignKeysLeftOff: ReconcileError {
        ReconcileError(ForeignKeysLeftOff())
    }
}
