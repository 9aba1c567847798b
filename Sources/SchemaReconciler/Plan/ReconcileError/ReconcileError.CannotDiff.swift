// MARK: - ReconcileError.CannotDiff

extension ReconcileError.Code {
    /// A rename hint cannot be followed: ``ReconcileError/CannotDiff``.
    public static let cannotDiff = ReconcileError.Code(rawValue: 10, name: "cannotDiff")
}

extension ReconcileError {
    /// The payload of a rename hint that cannot be followed against this database: both the old
    /// and the new object exist. The detail names them and says what to do.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.CannotDiff.self)?.detail // "renamed_from names table users, but …"
    /// ```
    public struct CannotDiff: Payload {
        /// ``ReconcileError/Code/cannotDiff``.
        public static let code = Code.cannotDiff

        /// What cannot be followed, and what to do.
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

    /// A rename hint cannot be followed against this database: both the old and the new object
    /// exist. The message names them and says what to do.
    ///
    /// ```swift
    /// throw ReconcileError.cannotDiff(error.description)
    /// ```
    public static func cannotDiff(_ detail: String) -> ReconcileError {
        ReconcileError(CannotDiff(detail: detail))
    }
}
