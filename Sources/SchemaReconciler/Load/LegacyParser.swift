import Foundation
import Yams

// MARK: - LegacyParser

/// Reads schema.yaml's `legacy` section: `source`, and `versions`, the old tool's records mapped
/// to app versions. The keys of a numeric source are whole numbers, and the versions do not
/// decrease as they grow; `grdb_migrations`' keys are migration identifiers. No version is above
/// the file's `version`, and every record has one: a record written without (`v1:`, as
/// `reconcile inspect` writes GRDB's migrations) is refused, with every other such record.
///
/// ```swift
/// let legacy = try LegacyParser(reader: reader).parse(entry, version: "2.0.0")
/// legacy.source // .schemaMigrations
/// ```
struct LegacyParser {
    /// Reads the nodes.
    var reader: YAMLReader

    /// How errors name the section.
    static let context = "'legacy'"
    /// How errors name its versions.
    static let versionsContext = "'legacy.versions'"

    // MARK: Parsing

    /// The section of `entry`; `version` is the file's.
    func parse(_ entry: YAMLEntry, version: SemanticVersion) throws -> LegacyVersionMap {
        let entries = try reader.entries(of: entry.value, key: entry.key, in: SchemaParser.topLevel, owner: Self.context,
                                         allowed: SchemaFormat.Legacy.all.names,
                                         expected: "a mapping with 'source' and 'versions'")
        var source: LegacyRecord.Source?
        var versionsEntry: YAMLEntry?
        for option in entries {
            switch option.key {
            case SchemaFormat.Legacy.source.name: source = try self.source(option)
            case SchemaFormat.Legacy.versions.name: versionsEntry = option
            default: break
            }
        }
        guard let source else {
            throw SchemaError.missingKey("source", in: Self.context, at: reader.location(of: entry.value))
        }
        guard let versionsEntry else {
            throw SchemaError.missingKey("versions", in: Self.context, at: reader.location(of: entry.value))
        }
        let located = try versions(versionsEntry, source: source, version: version)
        if source.isNumeric { try checkOrder(located) }
        return LegacyVersionMap(source: source, entries: located.map(\.entry))
    }

    /// `source`: a known name, or TABLE.COLUMN.
    private func source(_ entry: YAMLEntry) throws -> LegacyRecord.Source {
        let text = try reader.name(entry.value, key: entry.key, in: Self.context)
        let names = LegacyRecord.Source.namedSources.map(\.description).joined(separator: ", ")
        guard let source = LegacyRecord.Source(text) else {
            throw SchemaError.invalidValue(
                text, for: entry.key, in: Self.context,
                reason: "expected \(names), or TABLE.COLUMN (the table and column that hold the version, such as "
                    + "app_version.version_num)", at: reader.location(of: entry.value))
        }
        for prefix in ["sqlite_", ReservedName.prefix] where source.table?.sqlName.hasPrefix(prefix) == true {
            throw SchemaError.reservedName(source.table ?? text, kind: "table", prefix: prefix, at: reader.location(of: entry.value))
        }
        return source
    }

    // MARK: Versions

    /// One entry of `versions`, with its key's node for errors.
    private struct LocatedEntry {
        var entry: LegacyVersionMap.Entry
        var keyNode: Node
    }

    /// `versions`: at least one entry, each key read as the source reads its records, no key
    /// twice, no version above the file's.
    private func versions(_ entry: YAMLEntry, source: LegacyRecord.Source, version: SemanticVersion) throws -> [LocatedEntry] {
        let entries = try reader.mapping(entry.value, key: entry.key, in: Self.context,
                                         expected: "a mapping of the old tool's records to app versions, such as 5: 1.2.0")
        if entries.isEmpty {
            throw SchemaError.invalidValue(
                "{}", for: entry.key, in: Self.context,
                reason: "map at least one record of the old tool to the app version it stands for, such as 5: 1.2.0",
                at: reader.location(of: entry.value))
        }
        var located: [LocatedEntry] = []
        var seen: [LegacyRecord.Value: YAMLEntry] = [:]
        var withoutVersion: [YAMLEntry] = []
        for option in entries {
            let key = try self.key(option, source: source)
            if let first = seen[key] {
                throw SchemaError.duplicateKey(option.key, in: Self.versionsContext, first: first.key,
                                               firstAt: reader.location(of: first.keyNode),
                                               at: reader.location(of: option.keyNode))
            }
            seen[key] = option
            if reader.isNull(option.value) {
                withoutVersion.append(option)
                continue
            }
            let text = try reader.string(option.value, key: option.key, in: Self.versionsContext,
                                         expected: "the app version the record stands for, such as 1.2.0")
            guard let mapped = SemanticVersion(text) else {
                throw SchemaError.invalidVersion(text, at: reader.location(of: option.value))
            }
            if mapped > version {
                throw SchemaError.invalidValue(
                    text, for: option.key, in: Self.versionsContext,
                    reason: "it is above the schema's version \(version), and a database is never at a version its "
                        + "app has not reached; map the record to the release that left it, or bump `version`",
                    at: reader.location(of: option.value))
            }
            located.append(LocatedEntry(entry: .init(key: key, version: mapped), keyNode: option.keyNode))
        }
        if let first = withoutVersion.first {
            throw SchemaError.legacyVersionsMissing(withoutVersion.map(\.key), source: source.description,
                                                    lines: withoutVersion.map { reader.location(of: $0.keyNode).line },
                                                    at: reader.location(of: first.keyNode))
        }
        return located
    }

    /// A key: a whole number for a numeric source, a non-empty identifier for `grdb_migrations`.
    private func key(_ entry: YAMLEntry, source: LegacyRecord.Source) throws -> LegacyRecord.Value {
        let text = entry.key
        if source.isNumeric {
            guard let number = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                throw SchemaError.invalidValue(
                    text, for: "a key", in: Self.versionsContext,
                    reason: "the records of \(source) are whole numbers: write the number the old tool recorded, "
                        + "such as 5: 1.2.0", at: reader.location(of: entry.keyNode))
            }
            return .number(number)
        }
        if reader.isNull(entry.keyNode) || text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw SchemaError.invalidValue(
                text, for: "a key", in: Self.versionsContext,
                reason: "a key is a migration identifier, as registered with GRDB's DatabaseMigrator",
                at: reader.location(of: entry.keyNode))
        }
        return .identifier(text)
    }

    /// The versions of a numeric source do not decrease as its records grow: a later migration
    /// shipped in the same release or a later one.
    private func checkOrder(_ entries: [LocatedEntry]) throws {
        let sorted = entries.sorted { Self.number($0.entry.key) < Self.number($1.entry.key) }
        for (lower, higher) in zip(sorted, sorted.dropFirst()) where higher.entry.version < lower.entry.version {
            throw SchemaError.conflict(
                "legacy.versions maps \(higher.entry.key) to \(higher.entry.version), below \(lower.entry.version), "
                    + "which the lower record \(lower.entry.key) stands for; a later migration of the old tool shipped "
                    + "in the same app version or a later one", at: reader.location(of: higher.keyNode))
        }
    }

    private static func number(_ value: LegacyRecord.Value) -> Int64 {
        if case .number(let number) = value { return number }
        return 0
    }
}
