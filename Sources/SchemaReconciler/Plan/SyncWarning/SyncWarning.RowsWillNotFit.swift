// MARK: - SyncWarning.RowsWillNotFit

extension SyncWarning.Code {
    /// Rows that the sync would refuse: ``SyncWarning/RowsWillNotFit``.
    public static let rowsWillNotFit = SyncWarning.Code(rawValue: "rowsWillNotFit")
}

extension SyncWarning {
    /// The payload of rows that a constraint the sync adds would refuse, unless an upgrade it runs
    /// first fixes them. A dry run and a status count them; a sync refuses with an error.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.RowsWillNotFit.self)?.violation.remedy
    /// ```
    public struct RowsWillNotFit: Payload {
        /// ``SyncWarning/Code/rowsWillNotFit``.
        public static let code = Code.rowsWillNotFit

        /// The table, the constraint, and how many rows.
        public var violation: ReconcileError.DataViolation

        /// The payload of `violation`.
        public init(violation: ReconcileError.DataViolation) {
            self.violation = violation
        }

        /// `the sync will refuse these rows unless an upgrade fixes them first: table …`.
        public var message: String {
            "the sync will refuse these rows unless an upgrade fixes them first: \(violation)"
        }
    }

    /// Rows that a constraint the sync adds would refuse, unless an upgrade it runs first fixes
    /// them.
    ///
    /// ```swift
    /// plan.warnings += violations.map(SyncWarning.rowsWillNotFit)
    /// ```
    public static func rowsWillNotFit(_ violation: ReconcileError.DataViolation) -> SyncWarning {
        SyncWarning(RowsWillNotFit(violation: violation))
    }
}
