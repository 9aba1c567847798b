// MARK: - ReconcileError.Cancelled

extension ReconcileError.Code {
    /// The work was cancelled before it committed: ``ReconcileError/Cancelled``.
    public static let cancelled = ReconcileError.Code(rawValue: 20, name: "cancelled")
}

extension ReconcileError {
    /// The payload of work cancelled before it committed, and rolled back: no fields.
    ///
    /// It is the outcome of a database whose sync the cancelled Task of the async
    /// `sync(databasesAt:jobs:creatingMissing:)` stopped (or never started). A sync of one
    /// database throws `CancellationError` instead, as Swift's cancellable functions do.
    ///
    /// ```swift
    /// let cancelled = outcomes.filter { $0.error?.code == .cancelled }
    /// ```
    public struct Cancelled: Payload {
        /// ``ReconcileError/Code/cancelled``.
        public static let code = Code.cancelled

        /// The payload.
        public init() {}

        /// `interrupted before it committed; nothing was changed`.
        public var message: String {
            "interrupted before it committed; nothing was changed"
        }
    }

    /// The work was cancelled before it committed, and rolled back.
    ///
    /// ```swift
    /// throw ReconcileError.cancelled
    /// ```
    public static var cancelled: ReconcileError {
        ReconcileError(Cancelled())
    }
}
