// MARK: - Plan.Revision

extension Plan {
    /// A point where the contract steps of a plan were planned from the schema that upgrades left,
    /// rather than from the database before the sync: upgrades that create a table, an index or a
    /// trigger of their own change what the contract step must keep.
    ///
    /// ```swift
    /// for revision in plan.revisions { print(revision) }
    /// ```
    public enum Revision: Sendable, Hashable, Codable, CustomStringConvertible {
        /// These upgrade scripts change the schema. The plan found it by running them on a
        /// schema-only copy of the database, and planned the contract steps from what they leave.
        case contractPlannedAfterUpgrades([Upgrade])
        /// At sync time the upgrades left another schema than the plan expected (a code upgrade
        /// changed it): the contract steps were planned again, from the database as they left it.
        case contractReplannedAtSync(after: [Upgrade])

        public var description: String {
            switch self {
            case .contractPlannedAfterUpgrades(let upgrades):
                return "the upgrades change the schema (\(upgrades.map(\.name).joined(separator: ", "))): the contract "
                    + "steps are planned from the schema they leave"
            case .contractReplannedAtSync(let upgrades):
                return "the upgrades left another schema than planned (\(upgrades.map(\.name).joined(separator: ", "))): "
                    + "the contract steps were planned again from the database as they left it"
            }
        }
    }
}
