// MARK: - Codable

extension ReconcileError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, code, message, isBusy, isInvalidInput
    }

    /// The payload types of the library's errors, which reading gives back as they were; an error
    /// of another kind is read with its code, its message and its fields.
    package static let payloadTypes: [any Payload.Type] = [
        InvalidSchema.self, InvalidDatabasePath.self, CannotOpenDatabase.self, DatabaseFailure.self,
        InsideTransaction.self, DatabaseIsNewer.self, LegacyVersionTooHigh.self, CodeUpgradeAboveVersion.self,
        CannotInspect.self, CannotDiff.self, CannotPlan.self, StepFailed.self, DataDoesNotFit.self,
        ForeignKeyViolation.self, BrokenObjects.self, UpgradeFailed.self, CodeUpgradeFailed.self,
        VerificationFailed.self, HazardsDenied.self, Cancelled.self, ForeignKeysLeftOff.self,
        NotEnoughDiskSpace.self, DatabaseFull.self, SyncNeededBeforeFinish.self, LegacyRecordNotMapped.self,
        LegacyColumnMissing.self, SeedFailed.self, BelowDatabaseFloor.self,
    ]

    /// Writes the error as one object: its ``code``'s name as `kind` and its number as `code`,
    /// its ``message``, ``isBusy`` and ``isInvalidInput`` (which reading ignores), and the
    /// payload's fields beside them, as the payload writes them. SQLite's error is
    /// `databaseError` (``SQLiteErrorFields``): `resultCode`, `extendedResultCode`, `message`,
    /// `sql`.
    ///
    /// ```json
    /// {"kind": "dataDoesNotFit", "code": 13, "message": "table users: 2 rows violate NOT NULL on nickname; …",
    ///  "isBusy": false, "isInvalidInput": false,
    ///  "violations": [{"table": "users", "constraint": {"kind": "notNull", "column": "nickname", …}, "rows": 2, …}]}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.name, forKey: .kind)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(isBusy, forKey: .isBusy)
        try container.encode(isInvalidInput, forKey: .isInvalidInput)
    }

    /// Reads what ``encode(to:)`` writes: an error of the library's with its payload as it was
    /// (SQLite's errors as GRDB's `DatabaseError`, with the same codes, message and statement);
    /// an error of a kind it does not know with its code, its message and its fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .kind)
        if let type = Self.payloadTypes.first(where: { $0.code.name == name }) {
            self.init(code: type.code, payload: try type.init(from: decoder))
        } else {
            let number = try container.decode(Int.self, forKey: .code)
            self.init(code: Code(rawValue: number, name: name), payload: try DecodedPayload(from: decoder))
        }
    }
}
