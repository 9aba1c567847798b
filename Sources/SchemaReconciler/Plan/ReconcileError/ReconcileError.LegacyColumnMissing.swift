// MARK: - ReconcileError.LegacyColumnMissing

extension ReconcileError.Code {
    /// `legacy.source` names a table without the record's column: ``ReconcileError/LegacyColumnMissing``.
    public static let legacyColumnMissing = ReconcileError.Code(rawValue: 26, name: "legacyColumnMissing")
}

extension ReconcileError {
    /// The payload of a `legacy.source` in schema.yaml that names a table the database holds
    /// without the column of the record (``LegacyRecord/Source/column``). Nothing was changed.
    ///
    /// ```swift
    /// if let missing = error.payload(as: ReconcileError.LegacyColumnMissing.self) { log("no column \(missing.source.column!)") }
    /// ```
    public struct LegacyColumnMissing: Payload {
        /// ``ReconcileError/Code/legacyColumnMissing``.
        public static let code = Code.legacyColumnMissing

        /// schema.yaml's `legacy.source`.
        public var source: LegacyRecord.Source

        /// The payload of `source`.
        public init(source: LegacyRecord.Source) {
            self.source = source
        }

        /// `schema.yaml's legacy.source is app_version.version_num, and the database's table app_version has no column …`.
        public var message: String {
            "schema.yaml's legacy.source is \(source), and the database's table \(source.table ?? "") has no column "
                + "\(source.column ?? ""): name the table and column that hold the old tool's record "
                + "(legacy.source: TABLE.COLUMN). Nothing was changed."
        }
    }

    /// schema.yaml's `legacy.source` names a table that the database holds without the column of
    /// the record. Nothing was changed.
    ///
    /// ```swift
    /// throw ReconcileError.legacyColumnMissing(source: map.source)
    /// ```
    public static func legacyColumnMissing(source: LegacyRecord.Source) -> ReconcileError {
        ReconcileError(LegacyColumnMissing(source: source))
    }
}
