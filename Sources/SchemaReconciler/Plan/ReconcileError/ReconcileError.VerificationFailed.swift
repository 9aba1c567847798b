// MARK: - ReconcileError.VerificationFailed

extension ReconcileError.Code {
    /// After the steps, the live schema still differs from the declared one: ``ReconcileError/VerificationFailed``.
    public static let verificationFailed = ReconcileError.Code(rawValue: 18, name: "verificationFailed")
}

extension ReconcileError {
    /// The payload of a live schema that still differs from the declared one after the steps (a
    /// bug: please report it): what a sync would still change.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.VerificationFailed.self)?.changes // ["add column users.nickname"]
    /// ```
    public struct VerificationFailed: Payload {
        /// ``ReconcileError/Code/verificationFailed``.
        public static let code = Code.verificationFailed

        /// What a sync would still change, in words.
        public var changes: [String]

        /// The payload of `changes`.
        public init(changes: [String]) {
            self.changes = changes
        }

        /// `after applying the plan the database still differs from schema.yaml …`, then the changes.
        public var message: String {
            "after applying the plan the database still differs from schema.yaml "
                + "(this is a bug in the reconciler; please report it). The database was rolled back.\n  "
                + changes.joined(separator: "\n  ")
        }
    }

    /// After the steps, the live schema still differs from the declared one (a bug: please report
    /// it): what a sync would still change.
    ///
    /// ```swift
    /// throw ReconcileError.verificationFailed(changes.map(\.description))
    /// ```
    public static func verificationFailed(_ changes: [String]) -> ReconcileError {
        ReconcileError(VerificationFailed(changes: changes))
    }
}
