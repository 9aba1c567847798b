import Foundation

// MARK: - SchemaRelease

/// The schema file of a release the app shipped, as ``Reconciler/verifyUpgradePaths(from:rowsPerTable:)``
/// reads it: a database of that release is built from it, filled with rows, and synced with the
/// current file. Its upgrade scripts are not read (they never run again), so a history folder
/// needs only the files. Nor does loading it need the app's collations and functions: the
/// release's database is built on a connection that the reconciler's
/// ``Reconciler/Options/prepareDatabase`` prepares, where SQLite checks its schema with them.
///
/// ```swift
/// let history = try SchemaRelease.history(in: Bundle.module.url(forResource: "history", withExtension: nil)!)
/// history.map(\.version) // [1.0.0, 1.1.0, 1.2.0]
/// ```
public struct SchemaRelease: Sendable {
    /// Where the file came from, as reports name it: its path, or `REV:path` for a git revision.
    public var source: String
    /// The file, loaded.
    package var file: SchemaFile

    /// The version the release declares.
    public var version: SemanticVersion { file.version }

    // MARK: Loading

    /// Loads the release's schema file at `url`.
    ///
    /// ```swift
    /// let release = try SchemaRelease(contentsOf: URL(fileURLWithPath: "history/1.2.0.yaml"))
    /// ```
    /// - Throws: ``SchemaError`` when the file is not a valid schema file.
    public init(contentsOf url: URL) throws(SchemaError) {
        file = try SchemaError.catching { try Self.loader.load(contentsOf: url) }
        source = SchemaLoader.displayPath(of: url)
    }

    /// Loads a release's schema file from its text; `source` names it in errors and reports.
    ///
    /// ```swift
    /// let release = try SchemaRelease(yaml: text, source: "v1.2.0:schema.yaml")
    /// ```
    /// - Throws: ``SchemaError`` when the text is not a valid schema file.
    public init(yaml: String, source: String) throws(SchemaError) {
        file = try SchemaError.catching { try Self.loader.load(yaml: yaml, url: URL(fileURLWithPath: source)) }
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

    /// The releases in `directory`: every `*.yaml` file in it, and every `schema.yaml` one folder
    /// down (`1.2.0/schema.yaml`), ordered by the version each declares.
    ///
    /// ```swift
    /// let history = try SchemaRelease.history(in: URL(fileURLWithPath: "history"))
    /// ```
    /// - Throws: ``SchemaError`` when the folder cannot be read or a file in it is invalid.
    public static func history(in directory: URL) throws(SchemaError) -> [SchemaRelease] {
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
            }
        }
        if releases.isEmpty {
            throw SchemaError.unreadable(path: path, reason: "it holds no release's schema file (*.yaml, or */schema.yaml)")
        }
        return releases.sorted { ($0.version, $0.source) < ($1.version, $1.source) }
    }
}
