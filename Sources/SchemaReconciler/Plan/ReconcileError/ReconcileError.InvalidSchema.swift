// MARK: - ReconcileError.InvalidSchema

extension ReconcileError.Code {
    /// schema.yaml or an upgrade script it names is invalid: ``ReconcileError/InvalidSchema``.
    public static let invalidSchema = ReconcileError.Code(rawValue: 1, name: "invalidSchema")
}

extension ReconcileError {
    /// The payload of an invalid schema.yaml, or of an upgrade script it names: the error, with
    /// its place.
    ///
    /// ```swift
    /// if let invalid = error.payload(as: ReconcileError.InvalidSchema.self) {
    ///     print(invalid.schemaError.location, invalid.schemaError.message)
    /// }
    /// ```
    public struct InvalidSchema: Payload {
        /// ``ReconcileError/Code/invalidSchema``.
        public static let code = Code.invalidSchema

        /// What is wrong, and where.
        public var schemaError: SchemaError

        /// The payload of `schemaError`.
        public init(schemaError: SchemaError) {
            self.schemaError = schemaError
        }

        /// The schema error's description: `schema.yaml:3:5: error: …`.
        public var message: String {
            schemaError.description
        }

        /// True: the input is to fix.
        public var isInvalidInput: Bool {
            true
        }
    }

    /// schema.yaml or an upgrade script it names is invalid.
    ///
    /// ```swift
    /// throw ReconcileError.invalidSchema(.unreadable(path: "schema.yaml", reason: "no such file"))
    /// ```
    public static func invalidSchema(_ error: SchemaError) -> ReconcileError {
        ReconcileError(InvalidSchema(schemaError: error))
    }
}
