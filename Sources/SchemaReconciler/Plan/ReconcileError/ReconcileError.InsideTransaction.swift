// MARK: - ReconcileError.InsideTransaction

extension ReconcileError.Code {
    /// `sync` was called inside a transaction: ``ReconcileError/InsideTransaction``.
    public static let insideTransaction = ReconcileError.Code(rawValue: 5, name: "insideTransaction")
}

extension ReconcileError {
    /// The payload of a `sync` called inside a transaction the caller opened: no fields.
    ///
    /// ```swift
    /// catch ReconcileError.Code.insideTransaction { syncAfterTheTransaction() }
    /// ```
    public struct InsideTransaction: Payload {
        /// ``ReconcileError/Code/insideTransaction``.
        public static let code = Code.insideTransaction

        /// The payload.
        public init() {}

        /// `sync was called inside an open transaction; …`.
        public var message: String {
            "sync was called inside an open transaction; call it outside any transaction "
                + "(it opens its own, so that the whole sync commits or rolls back as one)"
        }
    }

    /// `sync` was called inside a transaction the caller opened.
    ///
    /// ```swift
    /// if db.isInsideTransaction { throw ReconcileError.insideTransaction }
    /// ```
    public static var insideTransaction: ReconcileError {
        ReconcileError(InsideTransaction())
    }
}
