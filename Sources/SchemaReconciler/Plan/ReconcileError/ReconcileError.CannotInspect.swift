// MARK: - ReconcileError.CannotInspect

extension ReconcileError.Code {
    /// A schema object's stored definition could not be read: ``ReconcileError/CannotInspect``.
    public static let cannotInspect = ReconcileError.Code(rawValue: 9, name: "cannotInspect")
}

extension ReconcileError {
    /// The payload of a schema object whose stored definition could not be read: the object, and
    /// why.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.CannotInspect.self)?.object.name // "recent"
    /// ```
    public struct CannotInspect: Payload {
        /// ``ReconcileError/Code/cannotInspect``.
        public static let code = Code.cannotInspect

        /// The object.
        public var object: SchemaObject
        /// Why its definition could not be read.
        public var detail: String

        /// The payload of `object`, unreadable for `detail`.
        public init(object: SchemaObject, detail: String) {
            self.object = object
            self.detail = detail
        }

        /// `cannot read the live schema: view recent: cannot parse the definition. Nothing was changed.`
        public var message: String {
            "cannot read the live schema: \(object): \(detail). Nothing was changed."
        }
    }

    /// A schema object's stored definition could not be read: the object, and why.
    ///
    /// ```swift
    /// throw ReconcileError.cannotInspect(SchemaObject(kind: .view, name: "recent"), message: "cannot parse the definition")
    /// ```
    public static func cannotInspect(_ object: SchemaObject, message: String) -> ReconcileError {
        ReconcileError(CannotInspect(object: object, detail: message))
    }
}
