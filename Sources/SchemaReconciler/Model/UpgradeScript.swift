// MARK: - UpgradeScript

/// One SQL script of an upgrade.
///
/// ```swift
/// let script = UpgradeScript(path: "upgrades/1.4.0-split-names.sql", sql: "UPDATE users SET …;")
/// ```
package struct UpgradeScript: Sendable, Equatable {
    /// The path as written in schema.yaml, relative to its directory.
    package var path: String
    /// The script's text.
    package var sql: String
    /// Where schema.yaml names this script.
    package var location: SourceLocation?
    /// The script file's ``FileSignature``, taken before it was read.
    package var signature: String?

    /// Creates an upgrade script.
    package init(path: String, sql: String, location: SourceLocation? = nil) {
        self.path = path
        self.sql = sql
        self.location = location
    }
}
