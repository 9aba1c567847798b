// MARK: - UpgradePathReport.OlderBuildsRow

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
    public struct OlderBuildsRow: Sendable, Codable, CustomStringConvertible {
        /// The release whose database this is; the last row is the current schema file's.
        public var version: SemanticVersion
        /// The database's floor once that release synced it.
        public var floor: DatabaseFloor?
        /// Every earlier release's build, oldest first, and whether it opens the database.
        public var builds: [UpgradePathReport.OlderBuild]

        /// A row for the database of `version`, whose floor is `floor`.
        ///
        /// ```swift
        /// UpgradePathReport.OlderBuildsRow(version: "1.1.0", floor: DatabaseFloor(version: "1.0.0", setBy: "1.0.0"), builds: [])
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
}
