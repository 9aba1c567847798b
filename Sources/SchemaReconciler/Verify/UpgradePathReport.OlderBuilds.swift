// MARK: - UpgradePathReport.OlderBuilds

extension UpgradePathReport {
    /// One row of verify's matrix of older builds: the database of a release, updated release by
    /// release from the oldest in the history, its floor, and whether each earlier release's
    /// build can open it.
    ///
    /// An earlier build at or above the floor opens the database and writes nothing; one below
    /// it is refused with ``ReconcileError/databaseIsNewer(stored:declared:floor:)``, which names
    /// the floor and the release that set it. A refusal is information, not a failed path.
    ///
    /// ```swift
    /// for row in report.olderBuilds {
    ///     let opening = row.builds.filter(\.opens).map(\.version)
    ///     print(row.version, row.floor?.description ?? "-", opening)
    /// }
    /// // 1.1.0 1.0.0 [1.0.0]
    /// // 1.2.0 1.2.0 []
    /// ```
    public struct OlderBuilds: Sendable, Codable, CustomStringConvertible {
        /// The release whose database this is; the last row is the current schema file's.
        public var version: SemanticVersion
        /// The database's floor once that release synced it.
        public var floor: DatabaseFloor?
        /// Every earlier release's build, oldest first, and whether it opens the database.
        public var builds: [UpgradePathReport.OlderBuild]

        /// A row for the database of `version`, whose floor is `floor`.
        ///
        /// ```swift
        /// UpgradePathReport.OlderBuilds(version: "1.1.0", floor: DatabaseFloor(version: "1.0.0", setBy: "1.0.0"), builds: [])
        /// ```
        public init(version: SemanticVersion, floor: DatabaseFloor?, builds: [UpgradePathReport.OlderBuild]) {
            self.version = version
            self.floor = floor
            self.builds = builds
        }

        /// `1.2.0's database (floor 1.2.0): 1.0.0 refused, 1.1.0 refused`.
        public var description: String {
            "\(version)'s database (floor \(floor?.description ?? "none")): "
                + builds.map { "\($0.version) \($0.opens ? "opens" : "refused")" }.joined(separator: ", ")
        }
    }

    // MARK: - UpgradePathReport.OlderBuild

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
