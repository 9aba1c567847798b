import Foundation

// MARK: - Upgrade

/// The data-migration scripts that run when a database passes a version.
///
/// ```swift
/// let upgrade = Upgrade(version: "1.4.0", scripts: [UpgradeScript(path: "upgrades/1.4.0.sql", sql: "UPDATE …")])
/// ```
public struct Upgrade: Sendable, Equatable {
    /// The version that runs these scripts.
    public var version: SemanticVersion
    /// The scripts, in their written order.
    public var scripts: [UpgradeScript]

    /// Creates an upgrade.
    public init(version: SemanticVersion, scripts: [UpgradeScript]) {
        self.version = version
        self.scripts = scripts
    }
}
