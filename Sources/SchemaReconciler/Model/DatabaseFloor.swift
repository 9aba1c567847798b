// MARK: - DatabaseFloor

/// The oldest app version whose schema a database still serves, and the release that set it.
///
/// Each sync records it. A release that only adds what an older build cannot trip over (a
/// table, a nullable or defaulted column, a non-unique index, a view, a trigger) keeps it; a
/// release that drops or renames, tightens a constraint, or runs an upgrade raises it to its
/// own version, as does `compatible_from` in schema.yaml. An older build at or above the floor
/// opens the database and changes nothing; one below it is refused with
/// ``ReconcileError/databaseIsNewer(stored:declared:floor:)``.
///
/// ```swift
/// let report = try reconciler.sync(databaseAt: path)
/// report.floor?.version  // 1.0.0: builds from 1.0.0 on can open this database
/// report.floor?.setBy    // 1.0.0: the release that set it
/// ```
public struct DatabaseFloor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The oldest app version that can use the database.
    public var version: SemanticVersion
    /// The release whose sync set ``version``.
    public var setBy: SemanticVersion

    /// A floor at `version`, set by the release `setBy`.
    ///
    /// ```swift
    /// DatabaseFloor(version: "1.2.0", setBy: "1.2.0")
    /// ```
    public init(version: SemanticVersion, setBy: SemanticVersion) {
        self.version = version
        self.setBy = setBy
    }

    /// `1.0.0 (set by 1.2.0)`, or `1.2.0` when the release set the floor to itself.
    public var description: String {
        version == setBy ? "\(version)" : "\(version) (set by \(setBy))"
    }
}
