import Foundation
import Yams

// MARK: - The legacy section

extension SchemaWriter {
    /// `legacy:` with its `source` and `versions`, each record a key (a plain number, or an
    /// identifier quoted where YAML would read it as null), then ``legacyRecordsWithoutVersion``
    /// with no value.
    ///
    /// ```swift
    /// legacyPair(map) // legacy: { source: schema_migrations, versions: { 5: 4.2.0 } }, as a block
    /// ```
    func legacyPair(_ legacy: LegacyVersionMap) -> (Node, Node) {
        func scalar(_ text: String) -> Node {
            let quoted = SchemaFormat.nullSpellings.contains(text) || text != text.trimmingCharacters(in: .whitespaces)
            return .scalar(Node.Scalar(text, .implicit, quoted ? .singleQuoted : .plain))
        }
        let versions = legacy.entries.map { (scalar($0.key.description), scalar($0.version.description)) }
            + legacyRecordsWithoutVersion.map { (scalar($0.description), Node.scalar(Node.Scalar("", .implicit, .plain))) }
        let pairs: [(Node, Node)] = [
            (scalar(SchemaFormat.Legacy.source.name), scalar(legacy.source.description)),
            (scalar(SchemaFormat.Legacy.versions.name), .mapping(Node.Mapping(versions, .implicit, .block))),
        ]
        return (scalar(SchemaFormat.TopLevel.legacy.name), .mapping(Node.Mapping(pairs, .implicit, .block)))
    }

    /// `text`, the laid-out file, with the comment that explains the `legacy` section above it,
    /// and the records without a version ending their lines at the colon.
    func commentingLegacy(_ text: String) -> String {
        guard let legacy else { return text }
        let heading = SchemaFormat.TopLevel.legacy.name + ":"
        let comment = Self.legacyComment(legacy, version: version, withoutVersion: !legacyRecordsWithoutVersion.isEmpty)
            .map { "# " + $0 }.joined(separator: "\n")
        guard let start = text.range(of: "\n" + heading + "\n") else { return text }
        // The section is written last: what follows its heading is its own.
        let section = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.hasSuffix(" ''") || line.hasSuffix(": ") ? Self.blankValue(line) : String(line) }
        return text[..<start.lowerBound] + "\n" + comment + "\n" + heading + "\n" + section.joined(separator: "\n")
    }

    /// A `key: ''` or `key: ` line as `key:`.
    private static func blankValue(_ line: Substring) -> String {
        var line = String(line)
        if line.hasSuffix(" ''") { line.removeLast(3) }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// What the comment says: which tool versioned the database, what its record stands for,
    /// that the older records are to be filled in, and what becomes of the old tool's table.
    ///
    /// ```swift
    /// SchemaWriter.legacyComment(map, version: "4.2.0").first
    /// // "The database was versioned by FMDBMigrationManager: schema_migrations holds migration 5, which"
    /// ```
    static func legacyComment(_ legacy: LegacyVersionMap, version: SemanticVersion, withoutVersion: Bool = false) -> [String] {
        let source = legacy.source
        var lines: [String]
        if withoutVersion {
            lines = [
                "The database was versioned by \(Self.tool(source)): \(source) holds the migrations below.",
                "After each, write the app version of the first release that ran it (such as `v1: 1.0.0`): a",
                "database is placed at the highest version among the migrations it holds, and runs the upgrades",
                "keyed above it; one that holds a migration not listed here is refused. Until every migration",
                "has its version, check, a dry run and a sync refuse this file.",
            ]
        } else if source.isNumeric {
            let record = legacy.entries.first.map(\.key.description) ?? ""
            let holds = switch source {
            case .userVersion: "PRAGMA user_version is \(record)"
            case .schemaMigrations: "\(source) holds migration \(record)"
            default: "\(source) holds version \(record)"
            }
            lines = [
                "The database was versioned by \(Self.tool(source)): \(holds), which",
                "this file maps to \(version), its own version. Add the older records that releases in the field",
                "stopped at, each with the app version that shipped it (a line such as `N: X.Y.Z`): a database",
                "whose record is below every key is taken for 0.0.0 and runs every upgrade, and one whose record",
                "is above every key is refused.",
            ]
        } else {
            lines = [
                "The database was versioned by \(Self.tool(source)): \(source) holds the migrations",
                "below, each mapped to \(version), the version of this file. Give those that older releases stopped",
                "at the app version that shipped them: a database is at the highest version among the migrations",
                "it holds, and one that holds a migration not listed here is refused.",
            ]
        }
        guard let table = source.table else { return lines + ["A sync leaves PRAGMA user_version as it is."] }
        return lines + [
            "Not declared: the table \(table), the old tool's own. A sync leaves it as it is, without",
            "a warning; list it under drop: { tables: [\(table)] } once no release reads it.",
        ]
    }

    /// The tool that keeps a source, in words: `FMDBMigrationManager` for `schema_migrations`.
    private static func tool(_ source: LegacyRecord.Source) -> String {
        switch source {
        case .userVersion: "PRAGMA user_version (Room, FMDB)"
        case .schemaMigrations: "FMDBMigrationManager"
        case .schemaInfo: "fmdb-migration-manager"
        case .grdbMigrations: "GRDB's DatabaseMigrator"
        case .column: "a version table kept by hand"
        }
    }
}
