import Foundation

// MARK: - UpgradeScriptReader

/// Reads the scripts that schema.yaml names, its upgrades' and its seed, from paths relative to
/// its directory, refusing any path that leads outside that directory (through `..` or a
/// symbolic link).
///
/// ```swift
/// let reader = UpgradeScriptReader(directory: URL(fileURLWithPath: "/app/db"), file: "schema.yaml")
/// let script = try reader.read("upgrades/1.4.0.sql", at: location)
/// ```
struct UpgradeScriptReader {
    /// The directory of schema.yaml.
    var directory: URL
    /// The file name written in locations.
    var file: String

    // MARK: Reading

    /// Reads every script of the declared upgrades, keeping their order. A file named twice,
    /// however its path is written, is an error: each script runs once in a database's life.
    func read(_ upgrades: [SchemaParser.DeclaredUpgrade], reader: YAMLReader) throws -> [UpgradeScripts] {
        var seen: [String: (path: String, version: SemanticVersion)] = [:]
        return try upgrades.map { upgrade in
            UpgradeScripts(version: upgrade.version, scripts: try upgrade.paths.map { path in
                try readOnce(path, reader: reader, what: "the upgrade script", seen: &seen, as: (path.value, upgrade.version)) {
                    "the script \(path.value) is already listed as \($0.path) under \($0.version): "
                        + "an upgrade script runs once, under one version"
                }
            }, olderBuildsReadIt: upgrade.olderBuildsReadIt)
        }
    }

    /// Reads the scripts of `seed`, keeping their order. A file named twice, however its path is
    /// written, is an error, as under an upgrade; a script may be both an upgrade's and a seed
    /// (the rows an upgraded device gets, and a new one starts with).
    func read(seeds paths: [Located<String>], reader: YAMLReader) throws -> [SeedScript] {
        var seen: [String: String] = [:]
        return try paths.map { path in
            let script = try readOnce(path, reader: reader, what: "the seed script", seen: &seen, as: path.value) {
                "the seed script \(path.value) is already listed as \($0): a seed script runs once"
            }
            return SeedScript(path: script.path, sql: script.sql)
        }
    }

    /// Reads the script at `path`, and notes it in `seen` as `entry`, under the file it resolves
    /// to; a file that `seen` holds already is the conflict `conflict` describes, from the
    /// entry it was noted as.
    private func readOnce<Entry>(_ path: Located<String>, reader: YAMLReader, what: String, seen: inout [String: Entry],
                                 as entry: Entry, conflict: (Entry) -> String) throws -> UpgradeScript {
        let location = reader.location(of: path.node)
        let script = try read(path.value, at: location, what: what)
        let file = URL(fileURLWithPath: path.value, relativeTo: directory).standardizedFileURL.resolvingSymlinksInPath().path
        if let first = seen[file] {
            throw SchemaError.conflict(conflict(first), at: location)
        }
        seen[file] = entry
        return script
    }

    /// Reads one script; `location` is where schema.yaml names it, and `what` how a message
    /// names it.
    func read(_ path: String, at location: SourceLocation, what: String = "the upgrade script") throws -> UpgradeScript {
        let base = directory.standardizedFileURL
        let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
        guard Self.isInside(url, base) else {
            throw SchemaError.scriptOutsideDirectory(path, at: location)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SchemaError.missingScript(path, at: location)
        }
        if isDirectory.boolValue {
            throw SchemaError.unreadableScript(path, reason: "it is a directory, not a file", at: location)
        }
        let resolved = url.resolvingSymlinksInPath()
        guard Self.isInside(resolved, base.resolvingSymlinksInPath()) else {
            throw SchemaError.scriptOutsideDirectory(path, at: location)
        }
        let signature = FileSignature.of(resolved.path)
        if let size = try? FileManager.default.attributesOfItem(atPath: resolved.path)[.size] as? Int {
            try SchemaLoader.refuseOversized(size, limit: YAMLBounds.maxScriptSize, what: "\(what) \(path)", at: location)
        }
        let data: Data
        do {
            data = try Data(contentsOf: resolved)
        } catch {
            throw SchemaError.unreadableScript(path, reason: Self.reason(error), at: location)
        }
        guard var sql = String(data: data, encoding: .utf8) else {
            throw SchemaError.unreadableScript(path, reason: "it is not UTF-8 text", at: location)
        }
        if sql.hasPrefix("\u{FEFF}") { sql.removeFirst() }
        var script = UpgradeScript(path: path, sql: sql, location: location)
        script.signature = signature
        return script
    }

    // MARK: Helpers

    /// Whether `url` is strictly inside `directory` (both standardized).
    private static func isInside(_ url: URL, _ directory: URL) -> Bool {
        let parent = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        return url.path.hasPrefix(parent) && url.path.count > parent.count
    }

    /// A short reason for a failed read.
    static func reason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if error.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(error.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return error.localizedDescription
    }
}
