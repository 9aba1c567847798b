import Foundation

// MARK: - UpgradeScripts

/// The data-migration scripts that run when a database passes a version.
///
/// ```swift
/// let upgrade = UpgradeScripts(version: "1.4.0", scripts: [UpgradeScript(path: "upgrades/1.4.0.sql", sql: "UPDATE …")])
/// ```
package struct UpgradeScripts: Sendable, Equatable {
    /// The version that runs these scripts.
    package var version: SemanticVersion
    /// The scripts, in their written order.
    package var scripts: [UpgradeScript]
    /// Whether app versions before ``version`` read what the scripts leave correctly
    /// (`older_builds_read_it: true`): the upgrade then keeps the database's floor.
    package var olderBuildsReadIt: Bool

    /// Creates a value.
    package init(version: SemanticVersion, scripts: [UpgradeScript], olderBuildsReadIt: Bool = false) {
        self.version = version
        self.scripts = scripts
        self.olderBuildsReadIt = olderBuildsReadIt
    }
}
