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

    /// Creates a value.
    package init(version: SemanticVersion, scripts: [UpgradeScript]) {
        self.version = version
        self.scripts = scripts
    }
}
