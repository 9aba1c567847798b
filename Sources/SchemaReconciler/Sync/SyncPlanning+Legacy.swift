import GRDB

// MARK: - The old tool's record

extension SyncPlanning {
    /// For a database never synced that has tables: the record that the migration tool the app
    /// used before left in it, placed by schema.yaml's `legacy` section; nil when the file has
    /// no such section or the database holds no record (the legacy version of the options then
    /// applies). A record the section cannot place is refused before anything is touched.
    ///
    /// ```swift
    /// let legacy = try planning.legacyRecord(in: db) // legacy record schema_migrations = 4 → 1.1.0
    /// ```
    func legacyRecord(in db: Database) throws -> LegacyRecord? {
        guard let map = file.legacy else { return nil }
        guard case .records(let records) = try map.source.read(in: db) else {
            throw ReconcileError.legacyColumnMissing(source: map.source)
        }
        switch map.place(records) {
        case .noRecord: return nil
        case .placed(let record): return record
        case .notMapped(let records): throw ReconcileError.legacyRecordNotMapped(source: map.source, records: records)
        }
    }
}
