// MARK: - ReconcileError.DatabaseIsNewer

extension ReconcileError.Code {
    /// The database was synced by a newer app version and does not serve this one:
    /// ``ReconcileError/DatabaseIsNewer``.
    public static let databaseIsNewer = ReconcileError.Code(rawValue: 6, name: "databaseIsNewer")
}

extension ReconcileError {
    /// The payload of a database synced by a newer app version whose floor is above schema.yaml's
    /// version: both versions, the floor and the release that set it.
    ///
    /// The floor is the oldest app version the database still serves (see
    /// ``DatabaseFloor``). An app at or above it opens the database without this error.
    ///
    /// ```swift
    /// if let newer = error.payload(as: ReconcileError.DatabaseIsNewer.self) {
    ///     askToUpdate(to: newer.floor ?? newer.storedVersion)
    /// }
    /// ```
    public struct DatabaseIsNewer: Payload {
        /// ``ReconcileError/Code/databaseIsNewer``.
        public static let code = Code.databaseIsNewer

        /// The version the database was synced to.
        public var storedVersion: SemanticVersion
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion
        /// The oldest app version the database serves; nil in an error written before floors.
        public var floor: SemanticVersion?
        /// The release whose sync set the floor; nil in an error written before floors.
        public var floorSetBy: SemanticVersion?

        /// The payload of a database at `storedVersion`, above `declaredVersion`, whose floor,
        /// set by `floorSetBy`, is above `declaredVersion` too.
        public init(storedVersion: SemanticVersion, declaredVersion: SemanticVersion,
                    floor: SemanticVersion? = nil, floorSetBy: SemanticVersion? = nil) {
            self.storedVersion = storedVersion
            self.declaredVersion = declaredVersion
            self.floor = floor
            self.floorSetBy = floorSetBy
        }

        /// `the database is at version 1.2.0, newer than schema.yaml's 1.0.0, and serves app
        /// versions from 1.2.0 on (its floor, set by release 1.2.0): …`.
        public var message: String {
            var served = ""
            if let floor {
                served = ", and serves app versions from \(floor) on"
                    + (floorSetBy.map { " (its floor, set by release \($0))" } ?? " (its floor)")
            }
            return "the database is at version \(storedVersion), newer than schema.yaml's \(declaredVersion)\(served): "
                + "an older app is opening a newer database it cannot use. Nothing was changed. "
                + "(Update the app, or allow it explicitly with the allow-newer-database option.)"
        }
    }

    /// The database was synced by a newer app version, and its floor is above this
    /// schema.yaml's version.
    ///
    /// ```swift
    /// throw ReconcileError.databaseIsNewer(stored: "1.2.0", declared: "1.0.0",
    ///                                      floor: DatabaseFloor(version: "1.2.0", setBy: "1.2.0"))
    /// ```
    public static func databaseIsNewer(stored: SemanticVersion, declared: SemanticVersion,
                                       floor: DatabaseFloor? = nil) -> ReconcileError {
        ReconcileError(DatabaseIsNewer(storedVersion: stored, declaredVersion: declared, floor: floor?.version,
                                       floorSetBy: floor?.setBy))
    }
}
