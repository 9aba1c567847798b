// MARK: - SyncWarning.OrphanRows

extension SyncWarning.Code {
    /// Rows that referenced a missing parent row before the sync: ``SyncWarning/OrphanRows``.
    public static let orphanRows = SyncWarning.Code(rawValue: "orphanRows")
}

extension SyncWarning {
    /// The payload of rows that reference a missing parent row and were there before the sync: an
    /// app that ran with foreign keys off may have written them. The sync did not make them, so
    /// they never stop it; it keeps them, and says how many there are.
    ///
    /// A sync counts them only in the tables its steps could affect; a dry run and `--check` also
    /// in the rest of a small file; a status everywhere.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.OrphanRows.self)?.violation.rows // 2
    /// ```
    public struct OrphanRows: Payload {
        /// ``SyncWarning/Code/orphanRows``.
        public static let code = Code.orphanRows

        /// The foreign key, its table, and how many rows reference a missing parent row.
        public var violation: ReconcileError.DataViolation

        /// The payload of `violation`.
        public init(violation: ReconcileError.DataViolation) {
            self.violation = violation
        }

        /// `table orders: 2 rows reference missing rows of customers (…): they were there before this sync, …`.
        public var message: String {
            "\(violation.orphans): they were there before this sync, which keeps them; fix or delete them when you can"
        }
    }

    /// Rows that reference a missing parent row and were there before the sync.
    ///
    /// ```swift
    /// oldOrphans.map { SyncWarning.orphanRows($0.violation) }
    /// ```
    public static func orphanRows(_ violation: ReconcileError.DataViolation) -> SyncWarning {
        SyncWarning(OrphanRows(violation: violation))
    }
}
