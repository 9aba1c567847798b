// MARK: - SyncWarning.ScriptNeverRuns

extension SyncWarning.Code {
    /// A script listed under a version the database has passed: ``SyncWarning/ScriptNeverRuns``.
    public static let scriptNeverRuns = SyncWarning.Code(rawValue: "scriptNeverRuns")
}

extension SyncWarning {
    /// The payload of a script listed under a version the database has already passed: it never
    /// runs on it.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.ScriptNeverRuns.self)?.storedVersion // 1.3.0
    /// ```
    public struct ScriptNeverRuns: Payload {
        /// ``SyncWarning/Code/scriptNeverRuns``.
        public static let code = Code.scriptNeverRuns

        /// The upgrade: its version and the script's path.
        public var upgrade: Upgrade
        /// The version the database is at.
        public var storedVersion: SemanticVersion

        /// The payload of `upgrade`, below `storedVersion`.
        public init(upgrade: Upgrade, storedVersion: SemanticVersion) {
            self.upgrade = upgrade
            self.storedVersion = storedVersion
        }

        /// `upgrade script upgrades/1.2.0.sql (1.2.0) is new, but the database is already at version 1.3.0: …`.
        public var message: String {
            "upgrade script \(upgrade.name) (\(upgrade.version)) is new, but the database is already at version "
                + "\(storedVersion): it will never run on this database; give it a version above \(storedVersion) to run it"
        }
    }

    /// A script listed under a version the database has already passed: it never runs on it.
    ///
    /// ```swift
    /// warnings.append(.scriptNeverRuns(upgrade, storedVersion: state.version))
    /// ```
    public static func scriptNeverRuns(_ upgrade: Upgrade, storedVersion: SemanticVersion) -> SyncWarning {
        SyncWarning(ScriptNeverRuns(upgrade: upgrade, storedVersion: storedVersion))
    }
}
