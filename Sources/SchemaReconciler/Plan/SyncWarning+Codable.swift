import Foundation

// MARK: - SyncWarning.Kind

extension SyncWarning {
    /// The kinds of warning, one per case, named as the case is.
    ///
    /// ```swift
    /// report.warnings.filter { $0.kind == .undeclared }.count
    /// ```
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``SyncWarning/undeclared(_:)``.
        case undeclared
        /// ``SyncWarning/scriptChanged(_:ranAt:)``.
        case scriptChanged
        /// ``SyncWarning/scriptNeverRuns(_:storedVersion:)``.
        case scriptNeverRuns
        /// ``SyncWarning/leftoverTable(_:)``.
        case leftoverTable
        /// ``SyncWarning/alreadyBroken(_:)``.
        case alreadyBroken
        /// ``SyncWarning/wouldBreak(_:)``.
        case wouldBreak
        /// ``SyncWarning/stepWillFail(_:message:)``.
        case stepWillFail
        /// ``SyncWarning/rowsWillNotFit(_:)``.
        case rowsWillNotFit
        /// ``SyncWarning/orphanRows(_:)``.
        case orphanRows
        /// ``SyncWarning/upgradesBelowLegacyMap(_:lowest:)``.
        case upgradesBelowLegacyMap
        /// ``SyncWarning/orphanRowsNotCounted(databaseBytes:)``.
        case orphanRowsNotCounted
    }

    /// The warning's kind.
    public var kind: Kind {
        switch self {
        case .undeclared: .undeclared
        case .scriptChanged: .scriptChanged
        case .scriptNeverRuns: .scriptNeverRuns
        case .leftoverTable: .leftoverTable
        case .alreadyBroken: .alreadyBroken
        case .wouldBreak: .wouldBreak
        case .stepWillFail: .stepWillFail
        case .rowsWillNotFit: .rowsWillNotFit
        case .orphanRows: .orphanRows
        case .upgradesBelowLegacyMap: .upgradesBelowLegacyMap
        case .orphanRowsNotCounted: .orphanRowsNotCounted
        }
    }
}

// MARK: - Codable

extension SyncWarning {
    private enum CodingKeys: String, CodingKey {
        case kind, object, upgrade, ranAt, storedVersion, table, step, detail, violation, upgrades, lowest, databaseBytes
        case message
    }

    /// Writes `{"kind": "undeclared", "object": {"kind": "column", "name": "legacy_flag", "table": "users"},
    /// "message": "column users.legacy_flag is not declared in schema.yaml; …"}`: the ``kind``, the
    /// case's fields by name, and the description as `message`, which reading ignores. The fields:
    /// `object` (``undeclared(_:)``, ``alreadyBroken(_:)``, ``wouldBreak(_:)``), `upgrade` and
    /// `ranAt` or `storedVersion`, `table` (``leftoverTable(_:)``), `step` and `detail`
    /// (``stepWillFail(_:message:)``), `violation`, `upgrades` and `lowest`, `databaseBytes`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .undeclared(let object):
            try container.encode(object, forKey: .object)
        case .scriptChanged(let upgrade, let ranAt):
            try container.encode(upgrade, forKey: .upgrade)
            try container.encode(ranAt, forKey: .ranAt)
        case .scriptNeverRuns(let upgrade, let storedVersion):
            try container.encode(upgrade, forKey: .upgrade)
            try container.encode(storedVersion, forKey: .storedVersion)
        case .leftoverTable(let table):
            try container.encode(table, forKey: .table)
        case .alreadyBroken(let object), .wouldBreak(let object):
            try container.encode(object, forKey: .object)
        case .stepWillFail(let step, let message):
            try container.encode(step, forKey: .step)
            try container.encode(message, forKey: .detail)
        case .rowsWillNotFit(let violation), .orphanRows(let violation):
            try container.encode(violation, forKey: .violation)
        case .upgradesBelowLegacyMap(let upgrades, let lowest):
            try container.encode(upgrades, forKey: .upgrades)
            try container.encode(lowest, forKey: .lowest)
        case .orphanRowsNotCounted(let databaseBytes):
            try container.encode(databaseBytes, forKey: .databaseBytes)
        }
        try container.encode(description, forKey: .message)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys) throws -> T { try container.decode(T.self, forKey: key) }
        switch try container.decode(Kind.self, forKey: .kind) {
        case .undeclared: self = .undeclared(try value(.object))
        case .scriptChanged: self = .scriptChanged(try value(.upgrade), ranAt: try value(.ranAt))
        case .scriptNeverRuns: self = .scriptNeverRuns(try value(.upgrade), storedVersion: try value(.storedVersion))
        case .leftoverTable: self = .leftoverTable(try value(.table))
        case .alreadyBroken: self = .alreadyBroken(try value(.object))
        case .wouldBreak: self = .wouldBreak(try value(.object))
        case .stepWillFail: self = .stepWillFail(try value(.step), message: try value(.detail))
        case .rowsWillNotFit: self = .rowsWillNotFit(try value(.violation))
        case .orphanRows: self = .orphanRows(try value(.violation))
        case .upgradesBelowLegacyMap: self = .upgradesBelowLegacyMap(try value(.upgrades), lowest: try value(.lowest))
        case .orphanRowsNotCounted: self = .orphanRowsNotCounted(databaseBytes: try value(.databaseBytes))
        }
    }
}
