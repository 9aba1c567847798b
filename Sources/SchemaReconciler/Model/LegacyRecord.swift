// MARK: - LegacyRecord

/// Where the version of a database that was never synced came from.
///
/// The record the migration tool the app used before left in it, and the app version that
/// schema.yaml's `legacy.versions` says it stands for.
///
/// The sync runs the upgrades keyed above ``version``.
///
/// ```swift
/// let plan = try reconciler.plan(databaseAt: path)
/// if let legacy = plan.legacyRecord {
/// print(legacy) // legacy record schema_migrations = 4 → 1.1.0
/// }
/// ```
public struct LegacyRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A record of the old tool, or a key of `legacy.versions`: a whole number (a migration
    /// number, `user_version`) or a migration identifier (GRDB's).
    ///
    /// ```swift
    /// LegacyRecord.Value.number(5).description          // "5"
    /// LegacyRecord.Value.identifier("v2-tags").description // "v2-tags"
    /// ```
    public enum Value: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A whole number.
        case number(Int64)
        /// A migration identifier, or a value of a numeric source that is not a whole number.
        case identifier(String)

        /// The value as schema.yaml writes it as a key.
        public var description: String {
            switch self {
            case .number(let number): String(number)
            case .identifier(let identifier): identifier
            }
        }

        /// Reads a JSON number or string.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                self = .number(number)
            } else {
                self = .identifier(try container.decode(String.self))
            }
        }

        /// Writes a JSON number or string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .identifier(let identifier): try container.encode(identifier)
            }
        }
    }

    /// Where the record was read.
    public var source: LegacyRecord.Source
    /// The database's record: the highest number of a numeric source, or the identifier, present
    /// in `grdb_migrations`, that stands for the highest version.
    public var record: Value
    /// The key of `legacy.versions` that placed the record (the highest one at or below it, for
    /// a numeric source); nil when the record is below every key.
    public var key: Value?
    /// The app version the record stands for: the database's version before the sync; `0.0.0`
    /// when the record is below every key.
    public var version: SemanticVersion

    /// Creates a value.
    ///
    /// ```swift
    /// LegacyRecord(source: .schemaMigrations, record: .number(4), key: .number(3), version: "1.1.0")
    /// ```
    public init(source: LegacyRecord.Source, record: Value, key: Value?, version: SemanticVersion) {
        self.source = source
        self.record = record
        self.key = key
        self.version = version
    }

    /// `legacy record schema_migrations = 4 → 1.1.0`.
    public var description: String {
        "legacy record \(source) = \(record) → \(version)"
    }
}

// MARK: - Encodable

extension LegacyRecord {
    private enum Described: String, CodingKey {
        case description
    }

    /// Writes `{"source": "schema_migrations", "record": 4, "key": 3, "version": "1.1.0"}`, with
    /// the ``description``, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(record, forKey: .record)
        try container.encodeIfPresent(key, forKey: .key)
        try container.encode(version, forKey: .version)
        var described = encoder.container(keyedBy: Described.self)
        try described.encode(description, forKey: .description)
    }
}
