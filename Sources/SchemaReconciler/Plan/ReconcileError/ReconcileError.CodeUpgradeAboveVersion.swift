// MARK: - ReconcileError.CodeUpgradeAboveVersion

extension ReconcileError.Code {
    /// A code upgrade would never run: ``ReconcileError/CodeUpgradeAboveVersion``.
    public static let codeUpgradeAboveVersion = ReconcileError.Code(rawValue: 8, name: "codeUpgradeAboveVersion")
}

extension ReconcileError {
    /// The payload of a code upgrade registered for a version above schema.yaml's, so that it
    /// would never run: its name and version, and schema.yaml's.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.CodeUpgradeAboveVersion.self)?.name // "fillHandles"
    /// ```
    public struct CodeUpgradeAboveVersion: Payload {
        /// ``ReconcileError/Code/codeUpgradeAboveVersion``.
        public static let code = Code.codeUpgradeAboveVersion

        /// The code upgrade's name.
        public var name: String
        /// The version it is registered for.
        public var version: SemanticVersion
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion

        /// The payload of the code upgrade `name`, registered for `version`, above `declaredVersion`.
        public init(name: String, version: SemanticVersion, declaredVersion: SemanticVersion) {
            self.name = name
            self.version = version
            self.declaredVersion = declaredVersion
        }

        /// `the code upgrade fillHandles is registered for version 2.1.0, above …`.
        public var message: String {
            "the code upgrade \(name) is registered for version \(version), above schema.yaml's version "
                + "\(declaredVersion): bump `version` to run it. Nothing was changed."
        }
    }

    /// A code upgrade is registered for a version above schema.yaml's, so it would never run.
    ///
    /// ```swift
    /// throw ReconcileError.codeUpgradeAboveVersion(name: code.name, version: code.version, declared: file.version)
    /// ```
    public static func codeUpgradeAboveVersion(name: String, version: SemanticVersion,
                                               declared: SemanticVersion) -> ReconcileError {
        ReconcileError(CodeUpgradeAboveVersion(name: name, version: version, declaredVersion: declared))
    }
}
