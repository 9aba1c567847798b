// MARK: - ReconcileError.DatabaseIsNewer

extension ReconcileError.Code {
    /// The database was synced by a newer app version: ``ReconcileError/DatabaseIsNewer``.
    public static let databaseIsNewer = ReconcileError.Code(rawValue: 6, name: "databaseIsNewer")
}

extension ReconcileError {
    /// The payload of a database synced by a newer app version than schema.yaml declares: both
    /// versions.
    ///
    /// ```swift
    /// if let newer = error.payload(as: ReconcileError.DatabaseIsNewer.self) { askToUpdate(to: newer.storedVersion) }
    /// ```
    public struct DatabaseIsNewer: Payload {
        /// ``ReconcileError/Code/databaseIsNewer``.
        public static let code = Code.databaseIsNewer

        /// The version the database was synced to.
        public var storedVersion: SemanticVersion
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion

        /// The payload of a database at `storedVersion`, above `declaredVersion`.
        public init(storedVersion: SemanticVersion, declaredVersion: SemanticVersion) {
            self.storedVersion = storedVersion
            self.declaredVersion = declaredVersion
        }

        /// `the database is at version 2.0.0, newer than schema.yaml's 1.4.0: …`.
        public var message: String {
            "the database is at version \(storedVersion), newer than schema.yaml's \(declaredVersion): "
                + "an older app is opening a newer database. Nothing was changed. "
                + "(Update the app, or allow it explicitly with the allow-newer-database option.)"
        }
    }

    /// The database was synced by a newer app version than this schema.yaml declares.
    ///
    /// ```swift
    /// throw ReconcileError.databaseIsNewer(stored: "2.0.0", declared: "1.4.0")
    /// ```
    public static func databaseIsNewer(stored: SemanticVersion, declared: SemanticVersion) -> ReconcileError {
        ReconcileError(DatabaseIsNewer(storedVersion: stored, declaredVersion: declared))
    }
}
