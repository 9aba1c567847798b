import Foundation

// MARK: - SchemaRelease

/// The schema file of a release the app shipped, as
/// ``Reconciler/verifyUpgradePaths(from:rowsPerTable:)-97t5l`` reads it.
///
/// A database of that release is built from it, filled with rows, and synced with the current file.
///
/// A release that predates the package is an SQL script instead, which builds the database as the
/// app's old migration code left it, its version record included (see ``init(legacySQL:source:)``).
/// Its upgrade scripts are not read (they never run again), so a history folder needs only the
/// files. Nor does loading it need the app's collations and functions: the release's database is
/// built on a connection that the reconciler's ``Reconciler/Options/prepareDatabase`` prepares,
/// where SQLite checks its schema with them.
///
/// ```swift
/// let history = try SchemaRelease.history(in: Bundle.module.url(forResource: "history", withExtension: nil)!)
/// history.map(\.version) // [1.0.0, 1.1.0, 1.2.0]
/// ```
public struct SchemaRelease: Sendable {
    /// Where the file came from, as reports name it: its path, or `REV:path` for a git revision.
    public var source: String
    /// The file, loaded; nil for a release that predates the package.
    package var file: SchemaFile?
    /// For a release that predates the package, the SQL that builds its database.
    package var legacySQL: String?

    /// The version the release declares; 0.0.0 for a release that predates the package, whose
    /// version is the one the current file's `legacy` section maps its record to.
    public var version: SemanticVersion { file?.version ?? .zero }

    /// Whether the release predates the package: an SQL script, not a schema file.
    public var predatesThePackage: Bool { legacySQL != nil }

    // MARK: Loading

    /// Loads the release's schema file at `url`.
    ///
    /// ```swift
    /// let release = try SchemaRelease(contentsOf: URL(fileURLWithPath: "history/1.2.0.yaml"))
    /// ```
    /// - Throws: ``SchemaError`` when the file is not a valid schema file.
    public init(contentsOf url: URL) throws {
        file = try SchemaError.catching { try Self.loader.load(contentsOf: url) }
        source = SchemaLoader.displayPath(of: url)
    }

    /// Loads a release's schema file from its text; `source` names it in errors and reports.
    ///
    /// ```swift
    /// let release = try SchemaRelease(yaml: text, source: "v1.2.0:schema.yaml")
    /// ```
    /// - Throws: ``SchemaError`` when the text is not a valid schema file.
    public init(yaml: String, source: String) throws {
        file = try SchemaError.catching { try Self.loader.load(yaml: yaml, url: URL(fileURLWithPath: source)) }
        self.source = source
    }

    /// A release that predates the package.
    ///
    /// `sql` builds its database as the app's old migration code left it, the old tool's version
    /// record included (`PRAGMA user_version = 3`, or the rows of `schema_migrations` or
    /// `grdb_migrations`).
    ///
    /// Its path to the current file is the take-over: the sync reads that record through the
    /// `legacy` section of schema.yaml.
    ///
    /// ```swift
    /// let release = SchemaRelease(legacySQL: """
    /// CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
    /// CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
    /// INSERT INTO schema_migrations VALUES (1), (2), (3);
    /// """, source: "history/fmdb-3.sql")
    /// ```
    public init(legacySQL sql: String, source: String) {
        legacySQL = sql
        self.source = source
    }

    /// How a release's file is loaded: without its scripts, and with a stand-in for each
    /// collation or function of the app's own.
    private static var loader: SchemaLoader {
        var loader = SchemaLoader()
        loader.readsScripts = false
        loader.standsInForUnregisteredSQL = true
        return loader
    }

    /// The releases in `directory`.
    ///
    /// Every `*.yaml` file in it, and every `schema.yaml` one folder down (`1.2.0/schema.yaml`),
    /// ordered by the version each declares; before them, every `*.sql` file in it, a release that
    /// predates the package (``init(legacySQL:source:)``), by name.
    ///
    /// ```swift
    /// let history = try SchemaRelease.history(in: URL(fileURLWithPath: "history"))
    /// ```
    /// - Throws: ``SchemaError`` when the folder cannot be read or a file in it is invalid.
    public static func history(in directory: URL) throws -> [SchemaRelease] {
        let path = SchemaLoader.displayPath(of: directory)
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw SchemaError.unreadable(path: path, reason: "the history folder cannot be read")
        }
        var releases: [SchemaRelease] = []
        for name in names where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let nested = url.appendingPathComponent("schema.yaml")
                if manager.fileExists(atPath: nested.path) { releases.append(try SchemaRelease(contentsOf: nested)) }
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                releases.append(try SchemaRelease(contentsOf: url))
            } else if name.hasSuffix(".sql") {
                guard let sql = try? String(contentsOf: url, encoding: .utf8) else {
                    throw SchemaError.unreadable(path: SchemaLoader.displayPath(of: url), reason: "the SQL file cannot be read")
                }
                releases.append(SchemaRelease(legacySQL: sql, source: SchemaLoader.displayPath(of: url)))
            }
        }
        if releases.isEmpty {
            throw SchemaError.unreadable(path: path, reason: "it holds no release's schema file (*.yaml, */schema.yaml or *.sql)")
        }
        return releases.sorted(by: SchemaRelease.isOrderedBefore)
    }

    // MARK: Order

    /// Whether `a` comes before `b` in a history: the releases that predate the package first,
    /// then by the version each declares; among equals, by source, whose numbers compare as
    /// numbers (`1.5.0.sql` before `1.49.0.sql`).
    ///
    /// ```swift
    /// let ordered = releases.sorted(by: SchemaRelease.isOrderedBefore)
    /// ```
    package static func isOrderedBefore(_ a: SchemaRelease, _ b: SchemaRelease) -> Bool {
        if a.predatesThePackage != b.predatesThePackage { return a.predatesThePackage }
        if a.version != b.version { return a.version < b.version }
        return NaturalOrder.isOrderedBefore(a.source, b.source)
    }
}
