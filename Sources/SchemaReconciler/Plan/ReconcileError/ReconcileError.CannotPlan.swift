// MARK: - ReconcileError.CannotPlan

extension ReconcileError.Code {
    /// The declared schema cannot be reached from this database: ``ReconcileError/CannotPlan``.
    public static let cannotPlan = ReconcileError.Code(rawValue: 11, name: "cannotPlan")
}

extension ReconcileError {
    /// The payload of a declared schema that cannot be reached from this database (an SQLite too
    /// old for a change, a rename SQLite refuses): the detail says which and why.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.CannotPlan.self)?.detail // "this SQLite cannot drop the column"
    /// ```
    public struct CannotPlan: Payload {
        /// ``ReconcileError/Code/cannotPlan``.
        public static let code = Code.cannotPlan

        /// Which change, and why.
        public var detail: String

        /// The payload of `detail`.
        public init(detail: String) {
            self.detail = detail
        }

        /// The detail, then `Nothing was changed.`
        public var message: String {
            "\(detail). Nothing was changed."
        }
    }

    /// The declared schema cannot be reached from this database (an SQLite too old for a change,
    /// a rename SQLite refuses): the message says which and why.
    ///
    /// ```swift
    /// throw ReconcileError.cannotPlan(error.description)
    /// ```
    public static func cannotPlan(_ detail: String) -> ReconcileError {
        ReconcileError(CannotPlan(detail: detail))
    }
}
