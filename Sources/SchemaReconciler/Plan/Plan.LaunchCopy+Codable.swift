// MARK: - Plan.LaunchCopy as JSON

extension Plan.LaunchCopy {
    private enum CodingKeys: String, CodingKey {
        case table, needs, waiting, description
    }

    /// Writes `{"table": "books", "needs": [...], "waiting": [...], "description": "table books is
    /// copied now, …"}`: the values, and the description, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(table, forKey: .table)
        try container.encode(needs, forKey: .needs)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(table: try container.decode(String.self, forKey: .table),
                  needs: try container.decode([Change].self, forKey: .needs),
                  waiting: try container.decode([Change].self, forKey: .waiting))
    }
}
