import Foundation

// MARK: - SyncWarning.ScriptChanged

extension SyncWarning.Code {
    /// An upgrade script that ran has changed since: ``SyncWarning/ScriptChanged``.
    public static let scriptChanged = SyncWarning.Code(rawValue: "scriptChanged")
}

extension SyncWarning {
    /// The payload of an upgrade script that ran and has changed since: it does not run again.
    ///
    /// ```swift
    /// if let changed = warning.payload(as: SyncWarning.ScriptChanged.self) { print(changed.upgrade.name, changed.ranAt) }
    /// ```
    public struct ScriptChanged: Payload {
        /// ``SyncWarning/Code/scriptChanged``.
        public static let code = Code.scriptChanged

        /// The upgrade: its version and the script's path.
        public var upgrade: Upgrade
        /// When it ran.
        public var ranAt: Date

        /// The payload of `upgrade`, which ran at `ranAt`.
        public init(upgrade: Upgrade, ranAt: Date) {
            self.upgrade = upgrade
            self.ranAt = ranAt
        }

        /// `upgrade script upgrades/1.2.0.sql (1.2.0) changed since it ran on …; it will not run again`.
        public var message: String {
            "upgrade script \(upgrade.name) (\(upgrade.version)) changed since it ran on "
                + "\(ranAt.formatted(.iso8601)); it will not run again"
        }
    }

    /// An upgrade script that ran has changed since: it does not run again.
    ///
    /// ```swift
    /// warnings.append(.scriptChanged(upgrade, ranAt: applied.ranAt))
    /// ```
    public static func scriptChanged(_ upgrade: Upgrade, ranAt: Date) -> SyncWarning {
        SyncWarning(ScriptChanged(upgrade: upgrade, ranAt: ranAt))
    }
}
