// MARK: - ReconcileError.DataDoesNotFit

extension ReconcileError.Code {
    /// Existing rows do not satisfy constraints the sync adds: ``ReconcileError/DataDoesNotFit``.
    public static let dataDoesNotFit = ReconcileError.Code(rawValue: 13, name: "dataDoesNotFit")
}

extension ReconcileError {
    /// The payload of existing rows that do not satisfy constraints the sync adds: for each
    /// constraint, the table, how many rows, and what to do about them.
    ///
    /// ```swift
    /// for violation in error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations ?? [] {
    ///     print("\(violation.rows) rows of \(violation.table): \(violation.remedy)")
    /// }
    /// ```
    public struct DataDoesNotFit: Payload {
        /// ``ReconcileError/Code/dataDoesNotFit``.
        public static let code = Code.dataDoesNotFit

        /// The rows, constraint by constraint.
        public var violations: [DataViolation]

        /// The payload of `violations`.
        public init(violations: [DataViolation]) {
            self.violations = violations
        }

        /// Each violation, on a line of its own when there are several, then `The database was
        /// rolled back; nothing was changed.`
        public var message: String {
            violations.map(\.description).joined(separator: "\n  ")
                + (violations.count > 1 ? "\n  " : ". ") + "The database was rolled back; nothing was changed."
        }
    }

    /// Existing rows do not satisfy constraints the sync adds.
    ///
    /// ```swift
    /// throw ReconcileError.dataDoesNotFit([DataViolation(table: "users", constraint: .notNull(column: "handle"), rows: 4)])
    /// ```
    public static func dataDoesNotFit(_ violations: [DataViolation]) -> ReconcileError {
        ReconcileError(DataDoesNotFit(violations: violations))
    }
}
