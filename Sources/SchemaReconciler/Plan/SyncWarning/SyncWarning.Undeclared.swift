// MARK: - SyncWarning.Undeclared

extension SyncWarning.Code {
    /// An object the database has and schema.yaml does not declare: ``SyncWarning/Undeclared``.
    public static let undeclared = SyncWarning.Code(rawValue: "undeclared")
}

extension SyncWarning {
    /// The payload of an object the database has and schema.yaml does not declare: kept.
    ///
    /// ```swift
    /// let kept = report.warnings.compactMap { $0.payload(as: SyncWarning.Undeclared.self)?.object }
    /// ```
    public struct Undeclared: Payload {
        /// ``SyncWarning/Code/undeclared``.
        public static let code = Code.undeclared

        /// The object kept.
        public var object: SchemaObject

        /// The payload of `object`.
        public init(object: SchemaObject) {
            self.object = object
        }

        /// `column users.legacy_flag is not declared in schema.yaml; it is kept (…)`.
        public var message: String {
            "\(object) is not declared in schema.yaml; it is kept (list it under drop to remove it)"
        }
    }

    /// An object the database has and schema.yaml does not declare: kept.
    ///
    /// ```swift
    /// plan.warnings = kept.map(SyncWarning.undeclared) + plan.warnings
    /// ```
    public static func undeclared(_ object: SchemaObject) -> SyncWarning {
        SyncWarning(Undeclared(object: object))
    }
}
