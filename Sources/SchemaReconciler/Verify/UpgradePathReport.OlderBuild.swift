// MARK: - UpgradePathReport.OlderBuild

extension UpgradePathReport {
    /// Whether the build of an earlier release opens a newer release's database.
    ///
    /// ```swift
    /// if let build = row.builds.first, !build.opens, let error = build.error {
    ///     print(build.version, error.message)
    /// }
    /// // 1.0.0 the database is at version 1.2.0, newer than schema.yaml's 1.0.0, …
    /// ```
    public struct OlderBuild: Sendable, Codable {
        /// The earlier release's version.
        public var version: SemanticVersion
        /// Where its schema file came from.
        public var source: String
        /// Whether it opens the database: it is at or above the floor, and is served as the
        /// database is, with nothing written.
        public var opens: Bool
        /// Why it does not: ``ReconcileError/databaseIsNewer(stored:declared:floor:)`` naming
        /// the floor and the release that set it, or whatever else stopped its sync; nil when
        /// it opens.
        public var error: ReconcileError?

        /// The result of the build of `version` (from `source`): it opens the database, or
        /// `error` stopped it.
        ///
        /// ```swift
        /// UpgradePathReport.OlderBuild(version: "1.0.0", source: "history/1.0.0.yaml", error: nil) // opens
        /// ```
        public init(version: SemanticVersion, source: String, error: ReconcileError?) {
            self.version = version
            self.source = source
            self.opens = error == nil
            self.error = error
        }
    }
}
