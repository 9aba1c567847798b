// MARK: - Plan.Revision

extension Plan {
    /// A point where the contract steps of a plan were planned from the schema that upgrades left,
    /// rather than from the database before the sync.
    ///
    /// Upgrades that create a table, an index or a trigger of their own change what the contract
    /// step must keep.
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

// MARK: - Codable

extension Plan.Revision {
    private enum CodingKeys: String, CodingKey {
        case kind, upgrades, message
    }

    /// Writes `{"kind": "contractPlannedAfterUpgrades", "upgrades": [...], "message": "the upgrades change …"}`:
    /// the case's name, its upgrades, and the description, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .contractPlannedAfterUpgrades(let upgrades):
            try container.encode("contractPlannedAfterUpgrades", forKey: .kind)
            try container.encode(upgrades, forKey: .upgrades)
        case .contractReplannedAtSync(let upgrades):
            try container.encode("contractReplannedAtSync", forKey: .kind)
            try container.encode(upgrades, forKey: .upgrades)
        }
        try container.encode(description, forKey: .message)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let upgrades = try container.decode([Upgrade].self, forKey: .upgrades)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "contractPlannedAfterUpgrades": self = .contractPlannedAfterUpgrades(upgrades)
        case "contractReplannedAtSync": self = .contractReplannedAtSync(after: upgrades)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a revision: \(kind)")
        }
    }
}
