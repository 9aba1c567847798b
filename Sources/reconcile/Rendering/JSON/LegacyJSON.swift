import SchemaReconciler

// MARK: - LegacyJSON

/// Where the version of a database never synced came from, as `--format json` prints it in a
/// plan, a report and a status: `null` when it came from no record of an old tool.
///
/// ```json
/// {"source": "schema_migrations", "record": 4, "key": 3, "version": "1.1.0",
///  "description": "legacy record schema_migrations = 4 → 1.1.0"}
/// ```
enum LegacyJSON {
    /// The record, or `null`.
    static func record(_ record: LegacyRecord?) -> JSONValue {
        guard let record else { return .null }
        return .object(members: [
            ("source", .text(record.source)),
            ("record", value(record.record)),
            ("key", record.key.map(value) ?? .null),
            ("version", .text(record.version)),
            ("description", .string(LegacyText.line(record))),
        ])
    }

    /// A record or a key: a JSON number, or a string for a migration identifier.
    static func value(_ value: LegacyRecord.Value) -> JSONValue {
        switch value {
        case .number(let number): .integer(Int(clamping: number))
        case .identifier(let identifier): .string(identifier)
        }
    }
}
