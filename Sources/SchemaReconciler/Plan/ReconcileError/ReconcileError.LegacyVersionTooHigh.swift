// MARK: - ReconcileError.LegacyVersionTooHigh

extension ReconcileError.Code {
    /// The version assumed for a database never synced is too high: ``ReconcileError/LegacyVersionTooHigh``.
    public static let legacyVersionTooHigh = ReconcileError.Code(rawValue: 7, name: "legacyVersionTooHigh")
}

extension ReconcileError {
    /// The payload of a version assumed for a database that was never synced
    /// (``Reconciler/Options/legacyVersion``) above schema.yaml's: both versions.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.LegacyVersionTooHigh.self)?.legacyVersion // 3.0.0
    /// ```
    public struct LegacyVersionTooHigh: Payload {
        /// ``ReconcileError/Code/legacyVersionTooHigh``.
        public static let code = Code.legacyVersionTooHigh

        /// The version assumed.
        public var legacyVersion: SemanticVersion
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion

        /// The payload of `legacyVersion`, above `declaredVersion`.
        public init(legacyVersion: SemanticVersion, declaredVersion: SemanticVersion) {
            self.legacyVersion = legacyVersion
            self.declaredVersion = declaredVersion
        }

        /// `the legacy version 3.0.0, assumed for a database that was never synced, is above …`.
        public var message: String {
            "the legacy version \(legacyVersion), assumed for a database that was never synced, is above "
                + "schema.yaml's version \(declaredVersion); give a legacy version no higher than \(declaredVersion). "
                + "Nothing was changed."
        }
    }

    /// The version assumed for a database that was never synced is above schema.yaml's.
    ///
    /// ```swift
    /// throw ReconcileError.legacyVersionTooHigh(legacy: options.legacyVersion, declared: file.version)
    /// ```
    public static func legacyVersionTooHigh(legacy: SemanticVersion, declared: SemanticVersion) -> ReconcileError {
        ReconcileError(LegacyVersionTooHigh(legacyVersion: legacy, declaredVersion: declared))
    }
}
