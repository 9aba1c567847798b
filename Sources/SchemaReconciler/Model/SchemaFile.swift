import Foundation

// MARK: - SchemaFile

/// A loaded and validated `schema.yaml`: the declared schema, the app version it belongs to,
/// what may be dropped, and the upgrade scripts keyed by version.
///
/// ```swift
/// let file = try SchemaLoader().load(contentsOf: URL(fileURLWithPath: "schema.yaml"))
/// print(file.version, file.schema.tables.map(\.name))
/// ```
public struct SchemaFile: Sendable {
    /// Where the file was read from.
    public var url: URL
    /// The app version this schema belongs to.
    public var version: SemanticVersion
    /// The declared tables, views and triggers.
    package var schema: Schema
    /// What may be removed from an existing database.
    package var drop: DropList
    /// The upgrade scripts, in ascending version order.
    package var upgrades: [Upgrade]
    /// The exact bytes of the file, for fingerprinting.
    public var contents: Data
    /// Where each declared object is written, keyed by its path in the file:
    /// `tables.users`, `tables.users.columns.email`, `tables.users.indexes.users_by_team`,
    /// `views.active_users`, `triggers.users_touch`, `upgrades.1.4.0`.
    public var locations: [String: SourceLocation]

    /// Creates a schema file value.
    package init(url: URL, version: SemanticVersion, schema: Schema, drop: DropList = DropList(),
                upgrades: [Upgrade] = [], contents: Data = Data(), locations: [String: SourceLocation] = [:]) {
        self.url = url
        self.version = version
        self.schema = schema
        self.drop = drop
        self.upgrades = upgrades
        self.contents = contents
        self.locations = locations
    }
}
