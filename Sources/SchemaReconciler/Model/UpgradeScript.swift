// MARK: - UpgradeScript

/// One SQL script of an upgrade.
///
/// ```swift
/// let script = UpgradeScript(path: "upgrades/1.4.0-split-names.sql", sql: "UPDATE users SET …;")
/// ```
public struct UpgradeScript: Sendable, Equatable {
    /// The path as written in schema.yaml, relative to its directory.
    public var path: String
    /// The script's text.
    public var sql: String
    /// Where schema.yaml names this script.
    public var location: SourceLocation?

    /// Creates an upgrade script.
    public init(path: String, sql: String, location: SourceLocation? = nil) {
        self.path = path
        self.sql = sql
        self.location = location
    }
}
