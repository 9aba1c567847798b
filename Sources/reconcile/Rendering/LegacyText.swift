import SchemaReconciler

// MARK: - LegacyText

/// The line that says where the version of a database never synced came from, as `status`, the
/// dry run, `--check` and a sync print it.
///
/// ```swift
/// LegacyText.line(record) // "legacy record schema_migrations = 4 → 1.1.0"
/// ```
enum LegacyText {
    /// `legacy record SOURCE = RECORD → VERSION`, and why when the record is below every key.
    static func line(_ record: LegacyRecord) -> String {
        let below = record.key == nil ? " (below every key of legacy.versions: every upgrade runs)" : ""
        return record.description + below
    }
}
