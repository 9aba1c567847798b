// MARK: - ReconcileError.ForeignKeyViolation

extension ReconcileError.Code {
    /// The sync made rows that reference a missing parent row: ``ReconcileError/ForeignKeyViolation``.
    public static let foreignKeyViolation = ReconcileError.Code(rawValue: 14, name: "foreignKeyViolation")
}

extension ReconcileError {
    /// The payload of rows that reference a missing parent row, more of them after the steps than
    /// before: the sync made them (it copied a table and lost a parent row, or an upgrade wrote
    /// them).
    ///
    /// The violation's ``DataViolation/rows`` is how many more. Rows that were there before never
    /// stop a sync.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation.table // "orders"
    /// ```
    public struct ForeignKeyViolation: Payload {
        /// ``ReconcileError/Code/foreignKeyViolation``.
        public static let code = Code.foreignKeyViolation

        /// The foreign key, its table, and how many more rows reference a missing parent row.
        public var violation: DataViolation

        /// The payload of `violation`.
        public init(violation: DataViolation) {
            self.violation = violation
        }

        /// `table orders: 2 rows reference missing rows of customers (…), more than before the sync: …`.
        public var message: String {
            "\(violation.orphans), more than before the sync: it made them; fix or delete them in an upgrade "
                + "script. The database was rolled back; nothing was changed."
        }
    }

    /// After the steps, more rows reference a missing parent row through this foreign key than
    /// before them: the sync made them. The count is how many more.
    ///
    /// ```swift
    /// throw ReconcileError.foreignKeyViolation(made.violation)
    /// ```
    public static func foreignKeyViolation(_ violation: DataViolation) -> ReconcileError {
        ReconcileError(ForeignKeyViolation(violation: violation))
    }
}
