// MARK: - SyncWarning.UpgradesBelowLegacyMap

extension SyncWarning.Code {
    /// Upgrades keyed at or below the lowest version `legacy.versions` maps: ``SyncWarning/UpgradesBelowLegacyMap``.
    public static let upgradesBelowLegacyMap = SyncWarning.Code(rawValue: "upgradesBelowLegacyMap")
}

extension SyncWarning {
    /// The payload of upgrades keyed at or below the lowest version that schema.yaml's
    /// `legacy.versions` maps: the upgrades, and that lowest entry (its record and version).
    ///
    /// For a numeric source (a migration number, `user_version`), a database never synced whose
    /// record is below the lowest key is placed at 0.0.0 and runs them, though the releases that
    /// shipped them may have run them already: map the records of those releases too. For GRDB's
    /// migration identifiers, they never run on a database the old tool versioned, each placed at
    /// that version or above (as when every identifier is mapped to one version): map each
    /// migration to the release that first ran it, and key an upgrade above the release whose
    /// data it fixes.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.map(\.version) // ["1.0.0"]
    /// ```
    public struct UpgradesBelowLegacyMap: Payload {
        /// ``SyncWarning/Code/upgradesBelowLegacyMap``.
        public static let code = Code.upgradesBelowLegacyMap

        /// The upgrades.
        public var upgrades: [Upgrade]
        /// The lowest entry of `legacy.versions`: its record and version.
        public var lowest: LegacyRecord

        /// The payload of `upgrades`, at or below `lowest`.
        public init(upgrades: [Upgrade], lowest: LegacyRecord) {
            self.upgrades = upgrades
            self.lowest = lowest
        }

        /// `upgrade 1.0.0 (upgrades/1.0.0.sql) is keyed at or below 1.1.0, …`, and what to map.
        public var message: String {
            let list = upgrades.map { "\($0.version) (\($0.name))" }.joined(separator: ", ")
            let it = upgrades.count == 1 ? "it" : "them"
            let keyed = "upgrade\(upgrades.count == 1 ? " \(list) is" : "s \(list) are") keyed at or below \(lowest.version), "
                + "the lowest version legacy.versions maps (\(lowest.source) \(lowest.record)): "
            guard lowest.source.isNumeric else {
                return keyed + "every database whose \(lowest.source) holds a migration is placed at \(lowest.version) or above, so "
                    + (upgrades.count == 1 ? "it never runs" : "they never run") + " on one; under legacy.versions, map each migration to "
                    + "the release that first ran it, key an upgrade above the release whose data it fixes, and list the rows "
                    + "a new database starts with under seed"
            }
            return keyed + "a database never synced whose "
                + "\(lowest.source) is below \(lowest.record) is placed at 0.0.0 and runs \(it), "
                + "even if the release that shipped \(it) ran \(it) "
                + "already; under legacy.versions, map the \(lowest.source) of the releases that shipped \(it)"
        }
    }

    /// Upgrades keyed at or below the lowest version that schema.yaml's `legacy.versions` maps.
    ///
    /// ```swift
    /// [SyncWarning.upgradesBelowLegacyMap(upgrades, lowest: record)]
    /// ```
    public static func upgradesBelowLegacyMap(_ upgrades: [Upgrade], lowest: LegacyRecord) -> SyncWarning {
        SyncWarning(UpgradesBelowLegacyMap(upgrades: upgrades, lowest: lowest))
    }
}
