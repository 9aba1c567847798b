// MARK: - Codable

extension SyncWarning: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, message
    }

    /// The payload types of the library's warnings, which reading gives back as they were; a
    /// warning of another kind is read with its code, its message and its fields.
    package static let payloadTypes: [any Payload.Type] = [
        Undeclared.self, ScriptChanged.self, ScriptNeverRuns.self, LeftoverTable.self, AlreadyBroken.self,
        WouldBreak.self, StepWillFail.self, RowsWillNotFit.self, OrphanRows.self, UpgradesBelowLegacyMap.self,
        OrphanRowsNotCounted.self, LaunchOverBudget.self,
    ]

    /// Writes `{"kind": "undeclared", "object": {"kind": "column", "name": "legacy_flag", "table": "users"},
    /// "message": "column users.legacy_flag is not declared in schema.yaml; …"}`: the ``code``'s name
    /// as `kind`, the payload's fields by name, and the ``message``, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.rawValue, forKey: .kind)
        try container.encode(message, forKey: .message)
    }

    /// Reads what ``encode(to:)`` writes: a warning of the library's with its payload as it was; a
    /// warning of a kind it does not know with its code, its message and its fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = Code(rawValue: try container.decode(String.self, forKey: .kind))
        if let type = Self.payloadTypes.first(where: { $0.code == code }) {
            self.init(code: code, payload: try type.init(from: decoder))
        } else {
            self.init(code: code, payload: try DecodedPayload(from: decoder))
        }
    }
}
