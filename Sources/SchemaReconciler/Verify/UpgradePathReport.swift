// MARK: - UpgradePathReport.PathResult

extension UpgradePathReport {
    /// How the upgrade path from one release to the current schema file went: the release, what
    /// its database held, the upgrades that ran, and the problems found (none when it passed).
    ///
    /// ```swift
    /// for result in report.results {
    ///     print(result.version, result.tables, result.rows, result.isPassing ? "ok" : "FAILED")
    /// }
    /// ```
    public struct PathResult: Sendable, Codable, CustomStringConvertible {
        /// Where the release's file came from.
        public var source: String
        /// The release's version.
        public var version: SemanticVersion
        /// The tables of the release's database.
        public var tables: Int
        /// The rows generated in them.
        public var rows: Int
        /// The upgrades the sync ran.
        public var upgrades: [Upgrade]
        /// Rows that could not be generated, and why (a CHECK the generator could not satisfy…);
        /// the path was still verified with the others.
        public var notes: [String]
        /// What went wrong; empty when the path passed.
        public var problems: [UpgradePathReport.Problem]

        /// Whether the path passed.
        public var isPassing: Bool { problems.isEmpty }

        /// `1.0.0 (history/1.0.0.yaml): 3 tables, 12 rows, 2 upgrades: ok`, then a line per problem.
        public var description: String {
            let upgradeCount = upgrades.count
            let head = "\(version) (\(source)): \(tables) table\(tables == 1 ? "" : "s"), \(rows) row\(rows == 1 ? "" : "s"), "
                + "\(upgradeCount) upgrade\(upgradeCount == 1 ? "" : "s"): " + (isPassing ? "ok" : "FAILED")
            return ([head] + problems.map { "  \($0)" } + notes.map { "  note: \($0)" }).joined(separator: "\n")
        }
    }
}

// MARK: - UpgradePathReport

/// Every upgrade path ``Reconciler/verifyUpgradePaths(from:rowsPerTable:)-97t5l`` tried, one result
/// per release.
///
/// ```swift
/// let report = try reconciler.verifyUpgradePaths(from: history)
/// #expect(report.isPassing, "\(report)")
/// ```
public struct UpgradePathReport: Sendable, Codable, CustomStringConvertible {
    /// The version of the current schema file.
    public var version: SemanticVersion
    /// One result per release, in the order given.
    public var results: [UpgradePathReport.PathResult]
    /// The other direction, as a matrix: for the database of each release after the oldest,
    /// updated release by release, and last for the current file's, whether each earlier
    /// release's build opens it (see ``UpgradePathReport/OlderBuildsRow``). Empty when the history holds no release
    /// with a file below the current version. A build that is refused does not fail the report.
    public var olderBuilds: [UpgradePathReport.OlderBuildsRow] = []

    /// Whether every path passed.
    public var isPassing: Bool { results.allSatisfy(\.isPassing) }

    /// The results that failed.
    public var failures: [UpgradePathReport.PathResult] { results.filter { !$0.isPassing } }

    /// One line per release, and a line per problem under a release that failed.
    public var description: String {
        results.map(\.description).joined(separator: "\n")
    }
}

// MARK: - Encodable

/// The key of ``UpgradePathReport/isPassing`` and ``UpgradePathReport/PathResult/isPassing``,
/// which reading ignores.
private enum PassingKey: String, CodingKey {
    case isPassing
}

extension UpgradePathReport {
    /// Writes `{"version": "1.4.0", "isPassing": false, "results": [...], "olderBuilds": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(results, forKey: .results)
        try container.encode(olderBuilds, forKey: .olderBuilds)
        var passing = encoder.container(keyedBy: PassingKey.self)
        try passing.encode(isPassing, forKey: .isPassing)
    }
}

extension UpgradePathReport {
    private enum CodingKeys: String, CodingKey {
        case version, results, olderBuilds
    }

    /// Reads what ``encode(to:)`` writes; JSON written before the matrix of older builds reads
    /// with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(SemanticVersion.self, forKey: .version)
        results = try container.decode([UpgradePathReport.PathResult].self, forKey: .results)
        olderBuilds = try container.decodeIfPresent([UpgradePathReport.OlderBuildsRow].self, forKey: .olderBuilds) ?? []
    }
}

extension UpgradePathReport.PathResult {
    /// Writes `{"version": "1.0.0", "source": "history/1.0.0.yaml", "tables": 3, "rows": 12, "upgrades": [...],
    /// "notes": [], "problems": [{"kind": "syncFailed", "table": "users", "column": "handle", "message": "the sync
    /// failed: …", "error": {...}}], "isPassing": false}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(version, forKey: .version)
        try container.encode(tables, forKey: .tables)
        try container.encode(rows, forKey: .rows)
        try container.encode(upgrades, forKey: .upgrades)
        try container.encode(notes, forKey: .notes)
        try container.encode(problems, forKey: .problems)
        var passing = encoder.container(keyedBy: PassingKey.self)
        try passing.encode(isPassing, forKey: .isPassing)
    }
}
