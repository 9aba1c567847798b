// MARK: - ReconcileError.Payload

extension ReconcileError {
    /// The fields of one kind of error: what it says its ``code`` is, its ``message``, and its
    /// JSON fields, which its own `Codable` conformance writes and reads.
    ///
    /// Each of the library's errors is a payload type nested in ``ReconcileError``
    /// (``ReconcileError/StepFailed``, ``ReconcileError/DataDoesNotFit``…), declared in one file
    /// with its code and the static function a sync throws it with. An error is written as JSON
    /// once, for every kind: its `kind` (the code's name), `code` (its number), `message`,
    /// `isBusy` and `isInvalidInput`, and the payload's fields beside them, by name. A payload's
    /// fields take no other name of these five.
    ///
    /// An app, or a test, adds a kind of error the same way, in one file:
    ///
    /// ```swift
    /// extension ReconcileError.Code {
    ///     static let quotaExceeded = ReconcileError.Code(rawValue: 1001, name: "quotaExceeded")
    /// }
    ///
    /// struct QuotaExceeded: ReconcileError.Payload {
    ///     static let code = ReconcileError.Code.quotaExceeded
    ///     var databases: Int
    ///     var message: String { "\(databases) databases are more than the plan allows" }
    /// }
    ///
    /// throw ReconcileError(QuotaExceeded(databases: 12))
    /// // {"kind": "quotaExceeded", "code": 1001, "message": "12 databases are …", "databases": 12, …}
    /// ```
    public protocol Payload: Codable, Sendable {
        /// The code of the errors with this payload.
        static var code: ReconcileError.Code { get }

        /// What failed, in words a user can act on: ``ReconcileError/message``.
        var message: String { get }

        /// The error behind this one (SQLite's, or what a code upgrade threw), if there is one;
        /// nil by default. ``ReconcileError/databaseError`` is SQLite's.
        var underlyingError: (any Error)? { get }

        /// Whether the error is in the input (schema.yaml, a script), not in the database; false
        /// by default. `reconcile` exits with status 2 for such an error, 1 for the others.
        var isInvalidInput: Bool { get }
    }
}

extension ReconcileError.Payload {
    /// None.
    public var underlyingError: (any Error)? {
        nil
    }

    /// False.
    public var isInvalidInput: Bool {
        false
    }
}
