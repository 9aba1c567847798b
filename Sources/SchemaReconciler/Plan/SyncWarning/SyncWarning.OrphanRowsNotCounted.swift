// MARK: - SyncWarning.OrphanRowsNotCounted

extension SyncWarning.Code {
    /// A dry run did not count every row that references a missing parent: ``SyncWarning/OrphanRowsNotCounted``.
    public static let orphanRowsNotCounted = SyncWarning.Code(rawValue: "orphanRowsNotCounted")
}

extension SyncWarning {
    /// The payload of a dry run that did not count the rows that reference a missing parent
    /// outside the tables the sync would check: that reads the whole file, of `databaseBytes`
    /// bytes. A status counts them.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.OrphanRowsNotCounted.self)?.databaseBytes // 9_000_000
    /// ```
    public struct OrphanRowsNotCounted: Payload {
        /// ``SyncWarning/Code/orphanRowsNotCounted``.
        public static let code = Code.orphanRowsNotCounted

        /// The size of the database file, in bytes.
        public var databaseBytes: Int64

        /// The payload of a database of `databaseBytes`.
        public init(databaseBytes: Int64) {
            self.databaseBytes = databaseBytes
        }

        /// `rows that reference a missing parent were not counted outside the tables this sync checks: …`.
        public var message: String {
            "rows that reference a missing parent were not counted outside the tables this sync checks: "
                + "that reads the whole file (\(ByteCount.text(databaseBytes))); a status counts them"
        }
    }

    /// A dry run did not count the rows that reference a missing parent outside the tables the
    /// sync would check.
    ///
    /// ```swift
    /// plan.warnings.append(.orphanRowsNotCounted(databaseBytes: bytes))
    /// ```
    public static func orphanRowsNotCounted(databaseBytes: Int64) -> SyncWarning {
        SyncWarning(OrphanRowsNotCounted(databaseBytes: databaseBytes))
    }
}
