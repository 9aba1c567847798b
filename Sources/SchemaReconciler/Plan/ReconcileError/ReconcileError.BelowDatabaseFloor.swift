// MARK: - ReconcileError.BelowDatabaseFloor

extension ReconcileError.Code {
    /// The database was synced by a newer app version and no longer serves this one:
    /// ``ReconcileError/BelowDatabaseFloor``.
    public static let belowDatabaseFloor = ReconcileError.Code(rawValue: 28, name: "belowDatabaseFloor")
}

extension ReconcileError {
    /// The payload of a database that a newer app version synced, whose floor (the oldest app
    /// version it still serves) is above schema.yaml's version: both versions, the floor, and
    /// the release that set it.
    ///
    /// ```swift
    /// if let below = error.payload(as: ReconcileError.BelowDatabaseFloor.self) { askToUpdate(to: below.floor) }
    /// ```
    public struct BelowDatabaseFloor: Payload {
        /// ``ReconcileError/Code/belowDatabaseFloor``.
        public static let code = Code.belowDatabaseFloor

        /// The version the database was synced to.
        public var storedVersion: SemanticVersion
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion
        /// The oldest app version the database serves.
        public var floor: SemanticVersion
        /// The release whose sync set the floor.
        public var floorSetBy: SemanticVersion

        /// The payload of a database at `storedVersion` whose floor, set by `floorSetBy`, is
        /// above `declaredVersion`.
        public init(storedVersion: SemanticVersion, declaredVersion: SemanticVersion, floor: SemanticVersion,
                    floorSetBy: SemanticVersion) {
            self.storedVersion = storedVersion
            self.declaredVersion = declaredVersion
            self.floor = floor
            self.floorSetBy = floorSetBy
        }

        /// `the database is at version 1.2.0 and serves app versions from 1.2.0 on (its floor, set by release 1.2.0): …`.
        public var message: String {
            "the database is at version \(storedVersion) and serves app versions from \(floor) on "
                + "(its floor, set by release \(floorSetBy)); schema.yaml's \(declaredVersion) is below it: "
                + "an older app is opening a newer database it cannot use. Nothing was changed. "
                + "(Update the app, or allow it explicitly with the allow-newer-database option.)"
        }
    }

    /// The database was synced by a newer app version whose floor is above this schema.yaml's
    /// version.
    ///
    /// ```swift
    /// throw ReconcileError.belowDatabaseFloor(stored: "1.2.0", declared: "1.0.0",
    ///                                         floor: DatabaseFloor(version: "1.2.0", setBy: "1.2.0"))
    /// ```
    public static func belowDatabaseFloor(stored: SemanticVersion, declared: SemanticVersion,
                                          floor: DatabaseFloor) -> ReconcileError {
        ReconcileError(BelowDatabaseFloor(storedVersion: stored, declaredVersion: declared, floor: floor.version,
                                          floorSetBy: floor.setBy))
    }
}
