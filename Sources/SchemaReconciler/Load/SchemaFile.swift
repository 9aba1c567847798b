import Foundation
import GRDB

// MARK: - SchemaFile

/// A loaded and validated `schema.yaml`: the declared schema, the app version it belongs to, what
/// may be dropped, and the upgrade scripts keyed by version.
///
/// Load it once to sync many databases with it (see ``Reconciler/init(schema:options:)``).
///
/// ```swift
/// let file = try SchemaFile(contentsOf: URL(fileURLWithPath: "schema.yaml"))
/// print(file.version) // 2.1.0
/// ```
public struct SchemaFile: Sendable {
    /// Where the file was read from; upgrade script paths are relative to its directory.
    public let url: URL
    /// The app version this schema belongs to.
    public let version: SemanticVersion
    /// The declared tables, views and triggers.
    package var schema: Schema
    /// What may be removed from an existing database.
    package var drop: DropList
    /// The upgrade scripts, in ascending version order.
    package var upgrades: [UpgradeScripts]
    /// `seed`: the scripts that run only when a sync creates the database, in their written
    /// order. They are not part of the file's fingerprint: a database that exists never runs them.
    package var seeds: [SeedScript] = []
    /// The exact bytes of the file, for fingerprinting.
    package var contents: Data
    /// Where each declared object is written.
    package var locations: [Declaration: SourceLocation]
    /// The ``FileSignature`` of schema.yaml and each script, taken before they were read; nil
    /// for text given in memory, or when a file has none.
    package var fileSignature: String?
    /// The collations and functions that the loader stood in for, as the
    /// ``SchemaError/unregistered(_:kind:in:at:)`` error a load without stand-ins throws (see
    /// ``SchemaLoader/standsInForUnregisteredSQL``); empty for a file loaded by the public API.
    package var standIns: [SchemaError] = []
    /// `legacy`: where the migration tool the app used before kept the version of a database
    /// never synced, and what its records stand for; nil when the file has no such section.
    package var legacy: LegacyVersionMap?
    /// `compatibility`: the rules of a sync engine the tables follow, which the loader checked;
    /// nil when the file has no such section.
    package var compatibility: Compatibility?
    /// `compatible_from`: the floor set by hand, below which no database this file syncs goes;
    /// nil without one.
    package var compatibleFrom: SemanticVersion?
    /// What the file's `swift` keys say of the record types generated from it; a sync never
    /// reads it.
    package var recordOverrides = RecordOverrides()
    /// `ignore`: the name patterns of the objects that other tools own, in their written order.
    package var ignore: [NamePattern] = []
    /// The functions that the file's defaults call and the loader's connections lack (the
    /// app's `uuid()`), which its check stood in for where it compiled a row that takes the
    /// default; empty when the connections have them all. See
    /// ``UnregisteredSQL/registerNumberingStandIn(in:counter:)``.
    package var defaultFunctions: [UnregisteredSQL] = []
    /// The columns of each declared view as SQLite reads them, by the view's name as declared,
    /// read where the loader had SQLite create the schema in memory: what code generation and
    /// the diagram show of a view. A view that names a table the file does not declare (which
    /// the database may hold) has none, since SQLite cannot read it without that table.
    ///
    /// ```swift
    /// file.viewColumns["book_titles"]?.map(\.name) // ["id", "title", "author"]
    /// ```
    package var viewColumns: [String: [ViewColumn]] = [:]

    /// The names a sync of this file never reads, changes or drops: `ignore`'s patterns, the
    /// built-in ones (`sqlite_*`, `_litestream_*`), and the table of the old migration tool
    /// that `legacy` names.
    ///
    /// ```swift
    /// file.ignoredNames.contains("_litestream_seq") // true
    /// ```
    package var ignoredNames: IgnoredNames {
        Self.ignoredNames(ignore, legacy: legacy, drop: drop)
    }

    /// The names a file with these `ignore` patterns, `legacy` section and `drop` list ignores:
    /// the old tool's table but when `drop.tables` lists it (the sync then reads its record, and
    /// drops it).
    static func ignoredNames(_ patterns: [NamePattern], legacy: LegacyVersionMap?, drop: DropList) -> IgnoredNames {
        let legacyTable = legacy?.source.table.flatMap { drop.tables.containsName($0) ? nil : $0 }
        return IgnoredNames(patterns: patterns, legacyTable: legacyTable)
    }

    /// Reads schema.yaml at `url`, validates it, and reads every upgrade script it names
    /// (relative to the file's directory).
    ///
    /// SQLite checks the declared tables, indexes, views and triggers on connections of its
    /// own. When they use collations or SQL functions of the app's own, pass the closure that
    /// registers them, the same as ``Reconciler/Options/prepareDatabase``:
    ///
    /// ```swift
    /// do {
    ///     let file = try SchemaFile(contentsOf: URL(fileURLWithPath: "schema.yaml"))
    /// } catch {
    ///     print(error) // schema.yaml:12:7: error: unknown key 'not_nul' in column 'email' of table 'users'; …
    /// }
    ///
    /// let file = try SchemaFile(contentsOf: schemaURL, prepareDatabase: { db in
    ///     db.add(collation: DatabaseCollation("localizedCaseInsensitiveCompare") { $0.localizedCaseInsensitiveCompare($1) })
    /// })
    /// ```
    /// - Parameters:
    ///   - url: The file.
    ///   - prepareDatabase: What prepares each connection on which SQLite checks the file; nil
    ///     for none.
    /// - Throws: ``SchemaError``, which names the file, line and column to fix.
    public init(contentsOf url: URL, prepareDatabase: (@Sendable (Database) throws -> Void)? = nil) throws {
        self = try SchemaError.catching { try SchemaLoader(prepareDatabase: prepareDatabase).load(contentsOf: url) }
    }

    /// Loads schema.yaml from text already in memory; `url` names the file in errors and is the
    /// base for the paths of upgrade scripts.
    ///
    /// ```swift
    /// let file = try SchemaFile(yaml: "version: 1.0.0\ntables: {}", url: URL(fileURLWithPath: "schema.yaml"))
    /// ```
    /// - Parameters:
    ///   - yaml: The file's text.
    ///   - url: Where the file would be.
    ///   - prepareDatabase: What prepares each connection on which SQLite checks the file, as
    ///     for ``init(contentsOf:prepareDatabase:)``; nil for none.
    /// - Throws: ``SchemaError``, which names the file, line and column to fix.
    public init(yaml: String, url: URL, prepareDatabase: (@Sendable (Database) throws -> Void)? = nil) throws {
        self = try SchemaError.catching { try SchemaLoader(prepareDatabase: prepareDatabase).load(yaml: yaml, url: url) }
    }

    /// Creates a schema file value.
    package init(url: URL, version: SemanticVersion, schema: Schema, drop: DropList = DropList(),
                upgrades: [UpgradeScripts] = [], contents: Data = Data(), locations: [Declaration: SourceLocation] = [:]) {
        self.url = url
        self.version = version
        self.schema = schema
        self.drop = drop
        self.upgrades = upgrades
        self.contents = contents
        self.locations = locations
    }
}

// MARK: - Scripts

extension SchemaFile {
    /// The script of an upgrade that schema.yaml lists, if it lists it.
    package func script(for upgrade: Upgrade) -> UpgradeScript? {
        guard upgrade.kind == .script else { return nil }
        return upgrades.first { $0.version == upgrade.version }?.scripts.first { $0.path == upgrade.name }
    }
}
