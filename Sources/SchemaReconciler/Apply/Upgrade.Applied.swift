import Foundation

// MARK: - Upgrade.Applied

extension Upgrade {
    /// An upgrade that ran on a database, as the database remembers it.
    ///
    /// ```swift
    /// let status = try reconciler.status(databaseAt: "app.sqlite")
    /// for applied in status.appliedUpgrades { print(applied.upgrade, applied.appliedAt) }
    /// ```
    public struct Applied: Sendable, Hashable, Codable {
        /// The upgrade.
        public var upgrade: Upgrade
        /// The checksum of the script's text when it ran (nil for a code upgrade).
        public var checksum: String?
        /// When it ran.
        public var appliedAt: Date

        /// Creates a record.
        public init(upgrade: Upgrade, checksum: String?, appliedAt: Date) {
            self.upgrade = upgrade
            self.checksum = checksum
            self.appliedAt = appliedAt
        }
    }
}
