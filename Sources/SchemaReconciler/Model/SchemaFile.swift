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
    public var schema: Schema
    /// What may be removed from an existing database.
    public var drop: DropList
    /// The upgrade scripts, in ascending version order.
    public var upgrades: [Upgrade]
    /// The exact bytes of the file, for fingerprinting.
    public var contents: Data
    /// Where each declared object is written, keyed by its path in the file:
    /// `tables.users`, `tables.users.columns.email`, `tables.users.indexes.users_by_team`,
    /// `views.active_users`, `triggers.users_touch`, `upgrades.1.4.0`.
    public var locations: [String: SourceLocation]

    /// Creates a schema file value.
    public init(url: URL, version: SemanticVersion, schema: Schema, drop: DropList = DropList(),
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

// MARK: - DropList

/// The objects that `drop:` allows a sync to remove from an existing database.
///
/// ```swift
/// let drop = DropList(tables: ["legacy_cache"], columns: ["users": ["password_plain"]])
/// ```
public struct DropList: Sendable, Equatable {
    /// Tables to drop.
    public var tables: [String]
    /// Columns to drop, keyed by the declared (new) table name, in file order.
    public var columns: [(table: String, columns: [String])]
    /// Indexes to drop.
    public var indexes: [String]
    /// Views to drop.
    public var views: [String]
    /// Triggers to drop.
    public var triggers: [String]

    /// Creates a drop list.
    public init(tables: [String] = [], columns: [String: [String]] = [:], indexes: [String] = [],
                views: [String] = [], triggers: [String] = []) {
        self.tables = tables
        self.columns = columns.sorted { $0.key < $1.key }.map { (table: $0.key, columns: $0.value) }
        self.indexes = indexes
        self.views = views
        self.triggers = triggers
    }

    /// The columns to drop from a table, by its declared name.
    public func columns(of table: String) -> [String] {
        columns.filter { $0.table.isSameName(as: table) }.flatMap(\.columns)
    }

    /// Whether nothing may be dropped.
    public var isEmpty: Bool {
        tables.isEmpty && columns.allSatisfy(\.columns.isEmpty) && indexes.isEmpty && views.isEmpty && triggers.isEmpty
    }

    public static func == (lhs: DropList, rhs: DropList) -> Bool {
        lhs.tables == rhs.tables && lhs.indexes == rhs.indexes && lhs.views == rhs.views
            && lhs.triggers == rhs.triggers
            && lhs.columns.map(\.table) == rhs.columns.map(\.table)
            && lhs.columns.map(\.columns) == rhs.columns.map(\.columns)
    }
}

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

// MARK: - SourceLocation

/// A place in a file: path, line and column, both counted from 1.
///
/// ```swift
/// let here = SourceLocation(file: "schema.yaml", line: 12, column: 7)
/// print(here) // schema.yaml:12:7
/// ```
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
