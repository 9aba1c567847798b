// MARK: - SchemaError as JSON

extension SchemaError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, file, line, column, message, reason, description
    }

    /// The case's name: `unknownKey`, `missingScript`, `refusedBySQLite`…
    ///
    /// ```swift
    /// SchemaError.missingKey("columns", in: "table 'users'", at: here).kind // "missingKey"
    /// ```
    package var kind: String {
        switch self {
        case .unreadable: "unreadable"
        case .syntax: "syntax"
        case .unknownKey: "unknownKey"
        case .duplicateKey: "duplicateKey"
        case .wrongType: "wrongType"
        case .invalidValue: "invalidValue"
        case .missingKey: "missingKey"
        case .undeclaredReference: "undeclaredReference"
        case .reservedName: "reservedName"
        case .ignoredName: "ignoredName"
        case .conflict: "conflict"
        case .invalidVersion: "invalidVersion"
        case .upgradeAboveVersion: "upgradeAboveVersion"
        case .missingScript: "missingScript"
        case .scriptOutsideDirectory: "scriptOutsideDirectory"
        case .unreadableScript: "unreadableScript"
        case .refusedBySQLite: "refusedBySQLite"
        case .unregistered: "unregistered"
        case .preparationFailed: "preparationFailed"
        case .overLimit: "overLimit"
        case .needsNewerSQLite: "needsNewerSQLite"
        case .incompatible: "incompatible"
        case .legacyVersionsMissing: "legacyVersionsMissing"
        }
    }

    /// Writes where and what: `{"kind": "missingKey", "file": "schema.yaml", "line": 3, "column":
    /// 5, "message": "missing key 'columns' in table 'users'", "description": "schema.yaml:3:5:
    /// error: …"}`.
    ///
    /// An error without a location has the file's path as `file`, no `line` nor `column`, and its
    /// `reason`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .unreadable(let path, let reason), .preparationFailed(let path, let reason):
            try container.encode(path, forKey: .file)
            try container.encode(reason, forKey: .reason)
        default:
            try container.encodeIfPresent(location?.file, forKey: .file)
            try container.encodeIfPresent(location?.line, forKey: .line)
            try container.encodeIfPresent(location?.column, forKey: .column)
        }
        try container.encode(message, forKey: .message)
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes, as an error with the same location, message and
    /// description.
    ///
    /// ``unreadable(path:reason:)`` and ``preparationFailed(path:reason:)`` as themselves, any
    /// other kind as a ``conflict(_:at:)`` with the message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decode(String.self, forKey: .file)
        switch try container.decode(String.self, forKey: .kind) {
        case "unreadable":
            self = .unreadable(path: file, reason: try container.decode(String.self, forKey: .reason))
        case "preparationFailed":
            self = .preparationFailed(path: file, reason: try container.decode(String.self, forKey: .reason))
        default:
            let location = SourceLocation(file: file, line: try container.decode(Int.self, forKey: .line),
                                          column: try container.decode(Int.self, forKey: .column))
            self = .conflict(try container.decode(String.self, forKey: .message), at: location)
        }
    }
}
