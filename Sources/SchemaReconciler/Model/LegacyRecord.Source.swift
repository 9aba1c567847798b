// MARK: - LegacyRecord.Source

extension LegacyRecord {
    /// Where the migration tool an app used before the reconciler kept the version of a database:
    /// the `source` of schema.yaml's `legacy` section.
    ///
    /// A sync reads it only for a database that has tables and was never synced.
    ///
    /// ```swift
    /// LegacyRecord.Source("schema_migrations")        // .schemaMigrations
    /// LegacyRecord.Source("app_version.version_num")  // .column(table: "app_version", column: "version_num")
    /// LegacyRecord.Source.grdbMigrations.isNumeric    // false: its records are migration identifiers
    /// ```
    public enum Source: Sendable, Hashable, Codable, CustomStringConvertible {
        /// `PRAGMA user_version`, as Room and many FMDB apps keep it; 0 is no record.
        case userVersion
        /// FMDBMigrationManager's `schema_migrations(version)`, one row per migration that ran; the
        /// record is the highest `version`.
        case schemaMigrations
        /// fmdb-migration-manager's `schema_info(version)`; the record is the highest `version`.
        case schemaInfo
        /// GRDB's `DatabaseMigrator`: `grdb_migrations(identifier)`, one row per migration that
        /// ran; the records are the identifiers.
        case grdbMigrations
        /// A table of the app's own (an "array of change scripts" kept by hand); the record is the
        /// highest value of the column.
        case column(table: String, column: String)

        // MARK: Names

        /// The names of the sources that schema.yaml spells as one word, in the order the format lists them.
        ///
        /// ```swift
        /// LegacyRecord.Source.namedSources.map(\.description) // ["user_version", "schema_migrations", …]
        /// ```
        package static let namedSources: [LegacyRecord.Source] = [.userVersion, .schemaMigrations, .schemaInfo, .grdbMigrations]

        /// The source as schema.yaml writes it: `user_version`, `schema_migrations`, `schema_info`,
        /// `grdb_migrations`, or `TABLE.COLUMN`, split at its last dot; nil for any other text.
        ///
        /// ```swift
        /// LegacyRecord.Source("versions.current") // .column(table: "versions", column: "current")
        /// LegacyRecord.Source("migrations")       // nil: neither a known name nor TABLE.COLUMN
        /// ```
        public init?(_ text: String) {
            if let named = Self.namedSources.first(where: { $0.description == text }) {
                self = named
                return
            }
            guard let dot = text.lastIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
                return nil
            }
            self = .column(table: String(text[..<dot]), column: String(text[text.index(after: dot)...]))
        }

        /// The source as schema.yaml writes it.
        public var description: String {
            switch self {
            case .userVersion: "user_version"
            case .schemaMigrations: "schema_migrations"
            case .schemaInfo: "schema_info"
            case .grdbMigrations: "grdb_migrations"
            case .column(let table, let column): table + "." + column
            }
        }

        // MARK: Where the record is

        /// The table that holds the record; nil for `user_version`.
        public var table: String? {
            switch self {
            case .userVersion: nil
            case .schemaMigrations: "schema_migrations"
            case .schemaInfo: "schema_info"
            case .grdbMigrations: "grdb_migrations"
            case .column(let table, _): table
            }
        }

        /// The column of ``table`` that holds the record; nil for `user_version`.
        public var column: String? {
            switch self {
            case .userVersion: nil
            case .schemaMigrations, .schemaInfo: "version"
            case .grdbMigrations: "identifier"
            case .column(_, let column): column
            }
        }

        /// Whether the records are whole numbers, and the database is at the highest one; false for
        /// `grdb_migrations`, whose records are migration identifiers.
        public var isNumeric: Bool { self != .grdbMigrations }

        // MARK: Codable

        /// Reads the source as schema.yaml writes it.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let source = LegacyRecord.Source(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "not a legacy source: \(text)"))
            }
            self = source
        }

        /// Writes the source as schema.yaml writes it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }
}
