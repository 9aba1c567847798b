// MARK: - ReconcileError.LegacyRecordNotMapped

extension ReconcileError.Code {
    /// A record of the old migration tool that `legacy.versions` cannot place: ``ReconcileError/LegacyRecordNotMapped``.
    public static let legacyRecordNotMapped = ReconcileError.Code(rawValue: 25, name: "legacyRecordNotMapped")
}

extension ReconcileError {
    /// The payload of records of the migration tool the app used before, in a database never
    /// synced, that schema.yaml's `legacy.versions` cannot place: where they were read, and the
    /// records. Nothing was changed.
    ///
    /// They are a number above every key (a later migration the file does not map), a value of a
    /// numeric source that is not a whole number, or GRDB migration identifiers it does not list.
    ///
    /// ```swift
    /// if let unmapped = error.payload(as: ReconcileError.LegacyRecordNotMapped.self) {
    ///     log("add \(unmapped.records) of \(unmapped.source) under legacy.versions")
    /// }
    /// ```
    public struct LegacyRecordNotMapped: Payload {
        /// ``ReconcileError/Code/legacyRecordNotMapped``.
        public static let code = Code.legacyRecordNotMapped

        /// Where the records were read.
        public var source: LegacyRecord.Source
        /// The records `legacy.versions` cannot place.
        public var records: [LegacyRecord.Value]

        /// The payload of `records`, read from `source`.
        public init(source: LegacyRecord.Source, records: [LegacyRecord.Value]) {
            self.source = source
            self.records = records
        }

        /// The records, and the key to add to `legacy.versions`.
        public var message: String {
            let add = "under legacy.versions in schema.yaml. Nothing was changed."
            let keys = records.map { "`\($0): <the app version it stands for>`" }.joined(separator: " and ")
            guard source.isNumeric else {
                let listed = records.map { "'\($0)'" }.joined(separator: ", ")
                return "the database's \(source) holds the migration\(records.count == 1 ? "" : "s") \(listed), which "
                    + "legacy.versions in schema.yaml does not list, so the app version of the database is unknown: "
                    + "add \(keys) " + add
            }
            if case .number = records.first, records.count == 1 {
                return "the database's legacy record \(source) = \(records[0]) is above every key of legacy.versions in "
                    + "schema.yaml, so the app version it stands for is unknown: add \(keys) " + add
            }
            // The values of a numeric source that are not whole numbers.
            let values = records.map { "'\($0)'" }
            return "the database's \(source) holds \(values.joined(separator: ", ")), which "
                + "\(values.count == 1 ? "is" : "are") not a whole number: the records of \(source) are whole numbers; "
                + "name the column that holds the version in legacy.source. Nothing was changed."
        }
    }

    /// A database never synced holds records of the migration tool the app used before that
    /// schema.yaml's `legacy.versions` cannot place. Nothing was changed.
    ///
    /// ```swift
    /// throw ReconcileError.legacyRecordNotMapped(source: map.source, records: records)
    /// ```
    public static func legacyRecordNotMapped(source: LegacyRecord.Source, records: [LegacyRecord.Value]) -> ReconcileError {
        ReconcileError(LegacyRecordNotMapped(source: source, records: records))
    }
}
