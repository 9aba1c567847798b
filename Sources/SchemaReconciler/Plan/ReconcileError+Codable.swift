import GRDB

// MARK: - ReconcileError.Kind

extension ReconcileError {
    /// The kinds of error, one per case, named as the case is, in the order of their
    /// ``ReconcileError/errorCode`` (1 for the first).
    ///
    /// ```swift
    /// if error.kind == .dataDoesNotFit { showTheRows() }
    /// ReconcileError.Kind.allCases.count // 27
    /// ```
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``ReconcileError/invalidSchema(_:)``: 1.
        case invalidSchema
        /// ``ReconcileError/invalidDatabasePath(_:problem:)``: 2.
        case invalidDatabasePath
        /// ``ReconcileError/cannotOpenDatabase(path:error:)``: 3.
        case cannotOpenDatabase
        /// ``ReconcileError/database(_:)``: 4.
        case database
        /// ``ReconcileError/insideTransaction``: 5.
        case insideTransaction
        /// ``ReconcileError/databaseIsNewer(stored:declared:)``: 6.
        case databaseIsNewer
        /// ``ReconcileError/legacyVersionTooHigh(legacy:declared:)``: 7.
        case legacyVersionTooHigh
        /// ``ReconcileError/codeUpgradeAboveVersion(name:version:declared:)``: 8.
        case codeUpgradeAboveVersion
        /// ``ReconcileError/cannotInspect(_:message:)``: 9.
        case cannotInspect
        /// ``ReconcileError/cannotDiff(_:)``: 10.
        case cannotDiff
        /// ``ReconcileError/cannotPlan(_:)``: 11.
        case cannotPlan
        /// ``ReconcileError/stepFailed(_:statement:error:)``: 12.
        case stepFailed
        /// ``ReconcileError/dataDoesNotFit(_:)``: 13.
        case dataDoesNotFit
        /// ``ReconcileError/foreignKeyViolation(_:)``: 14.
        case foreignKeyViolation
        /// ``ReconcileError/brokenObjects(_:)``: 15.
        case brokenObjects
        /// ``ReconcileError/upgradeFailed(_:line:statement:error:)``: 16.
        case upgradeFailed
        /// ``ReconcileError/codeUpgradeFailed(_:error:)``: 17.
        case codeUpgradeFailed
        /// ``ReconcileError/verificationFailed(_:)``: 18.
        case verificationFailed
        /// ``ReconcileError/hazardsDenied(_:)``: 19.
        case hazardsDenied
        /// ``ReconcileError/cancelled``: 20.
        case cancelled
        /// ``ReconcileError/foreignKeysLeftOff``: 21.
        case foreignKeysLeftOff
        /// ``ReconcileError/notEnoughDiskSpace(tables:needed:available:path:)``: 22.
        case notEnoughDiskSpace
        /// ``ReconcileError/databaseFull(step:path:error:)``: 23.
        case databaseFull
        /// ``ReconcileError/syncNeededBeforeFinish(stored:declared:)``: 24.
        case syncNeededBeforeFinish
        /// ``ReconcileError/legacyRecordNotMapped(source:records:)``: 25.
        case legacyRecordNotMapped
        /// ``ReconcileError/legacyColumnMissing(source:)``: 26.
        case legacyColumnMissing
        /// ``ReconcileError/seedFailed(path:line:statement:error:)``: 27.
        case seedFailed
    }

    /// The error's kind.
    ///
    /// ```swift
    /// ReconcileError.insideTransaction.kind // .insideTransaction
    /// ```
    public var kind: Kind {
        switch self {
        case .invalidSchema: .invalidSchema
        case .invalidDatabasePath: .invalidDatabasePath
        case .cannotOpenDatabase: .cannotOpenDatabase
        case .database: .database
        case .insideTransaction: .insideTransaction
        case .databaseIsNewer: .databaseIsNewer
        case .legacyVersionTooHigh: .legacyVersionTooHigh
        case .codeUpgradeAboveVersion: .codeUpgradeAboveVersion
        case .cannotInspect: .cannotInspect
        case .cannotDiff: .cannotDiff
        case .cannotPlan: .cannotPlan
        case .stepFailed: .stepFailed
        case .dataDoesNotFit: .dataDoesNotFit
        case .foreignKeyViolation: .foreignKeyViolation
        case .brokenObjects: .brokenObjects
        case .upgradeFailed: .upgradeFailed
        case .codeUpgradeFailed: .codeUpgradeFailed
        case .verificationFailed: .verificationFailed
        case .hazardsDenied: .hazardsDenied
        case .cancelled: .cancelled
        case .foreignKeysLeftOff: .foreignKeysLeftOff
        case .notEnoughDiskSpace: .notEnoughDiskSpace
        case .databaseFull: .databaseFull
        case .syncNeededBeforeFinish: .syncNeededBeforeFinish
        case .legacyRecordNotMapped: .legacyRecordNotMapped
        case .legacyColumnMissing: .legacyColumnMissing
        case .seedFailed: .seedFailed
        }
    }
}

// MARK: - Codable

extension ReconcileError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, code, message, isBusy, isInvalidInput
        case schemaError, path, problem, databaseError, storedVersion, declaredVersion, legacyVersion, name, version
        case object, detail, step, statement, violations, violation, objects, upgrade, line, error, denied, changes
        case tables, neededBytes, availableBytes, source, records
    }

    /// Writes the error as one object: its ``kind``, its ``errorCode`` as `code`, its
    /// ``description`` as `message`, ``isBusy`` and ``isInvalidInput`` (which reading ignores),
    /// and the case's fields by name. SQLite's error is `databaseError`: `resultCode`,
    /// `extendedResultCode`, `message`, `sql`; the error a code upgrade threw is `error`: its
    /// `description`, and SQLite's fields when it is SQLite's.
    ///
    /// ```json
    /// {"kind": "dataDoesNotFit", "code": 13, "message": "table users: 2 rows violate NOT NULL on nickname; …",
    ///  "isBusy": false, "isInvalidInput": false,
    ///  "violations": [{"table": "users", "constraint": {"kind": "notNull", "column": "nickname", …}, "rows": 2, …}]}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(errorCode, forKey: .code)
        try container.encode(description, forKey: .message)
        try container.encode(isBusy, forKey: .isBusy)
        try container.encode(isInvalidInput, forKey: .isInvalidInput)
        try encodeFields(into: &container)
    }

    /// The fields of the case.
    private func encodeFields(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        switch self {
        case .invalidSchema(let error):
            try container.encode(error, forKey: .schemaError)
        case .invalidDatabasePath(let path, let problem):
            try container.encode(path, forKey: .path)
            try container.encode(problem, forKey: .problem)
        case .cannotOpenDatabase(let path, let error):
            try container.encode(path, forKey: .path)
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        case .database(let error):
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        case .insideTransaction, .cancelled, .foreignKeysLeftOff:
            break
        case .databaseIsNewer(let stored, let declared):
            try container.encode(stored, forKey: .storedVersion)
            try container.encode(declared, forKey: .declaredVersion)
        case .legacyVersionTooHigh(let legacy, let declared):
            try container.encode(legacy, forKey: .legacyVersion)
            try container.encode(declared, forKey: .declaredVersion)
        case .codeUpgradeAboveVersion(let name, let version, let declared):
            try container.encode(name, forKey: .name)
            try container.encode(version, forKey: .version)
            try container.encode(declared, forKey: .declaredVersion)
        case .cannotInspect(let object, let message):
            try container.encode(object, forKey: .object)
            try container.encode(message, forKey: .detail)
        case .cannotDiff(let detail), .cannotPlan(let detail):
            try container.encode(detail, forKey: .detail)
        case .stepFailed(let step, let statement, let error):
            try container.encode(step, forKey: .step)
            try container.encode(statement, forKey: .statement)
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        case .dataDoesNotFit(let violations):
            try container.encode(violations, forKey: .violations)
        case .foreignKeyViolation(let violation):
            try container.encode(violation, forKey: .violation)
        case .brokenObjects(let objects):
            try container.encode(objects, forKey: .objects)
        case .upgradeFailed(let upgrade, let line, let statement, let error):
            try container.encode(upgrade, forKey: .upgrade)
            try container.encode(line, forKey: .line)
            try container.encode(statement, forKey: .statement)
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        case .codeUpgradeFailed(let upgrade, let error):
            try container.encode(upgrade, forKey: .upgrade)
            try container.encode(ThrownFields(error), forKey: .error)
        case .hazardsDenied(let denied):
            try container.encode(denied, forKey: .denied)
        case .verificationFailed(let changes):
            try container.encode(changes, forKey: .changes)
        case .notEnoughDiskSpace(let tables, let needed, let available, let path):
            try container.encode(tables, forKey: .tables)
            try container.encode(needed, forKey: .neededBytes)
            try container.encode(available, forKey: .availableBytes)
            try container.encode(path, forKey: .path)
        case .databaseFull(let step, let path, let error):
            try container.encodeIfPresent(step, forKey: .step)
            try container.encode(path, forKey: .path)
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        case .syncNeededBeforeFinish(let stored, let declared):
            try container.encodeIfPresent(stored, forKey: .storedVersion)
            try container.encode(declared, forKey: .declaredVersion)
        case .legacyRecordNotMapped(let source, let records):
            try container.encode(source, forKey: .source)
            try container.encode(records, forKey: .records)
        case .legacyColumnMissing(let source):
            try container.encode(source, forKey: .source)
        case .seedFailed(let path, let line, let statement, let error):
            try container.encode(path, forKey: .path)
            try container.encode(line, forKey: .line)
            try container.encode(statement, forKey: .statement)
            try container.encode(SQLiteFields(error), forKey: .databaseError)
        }
    }

    /// Reads what ``encode(to:)`` writes. SQLite's errors come back as GRDB's `DatabaseError`,
    /// with the same codes, message and statement; the error a code upgrade threw, when it was
    /// not SQLite's, as an error that says what it said.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys) throws -> T { try container.decode(T.self, forKey: key) }
        func sqlite() throws -> DatabaseError { try container.decode(SQLiteFields.self, forKey: .databaseError).error }
        switch try container.decode(Kind.self, forKey: .kind) {
        case .invalidSchema: self = .invalidSchema(try value(.schemaError))
        case .invalidDatabasePath: self = .invalidDatabasePath(try value(.path), problem: try value(.problem))
        case .cannotOpenDatabase: self = .cannotOpenDatabase(path: try value(.path), error: try sqlite())
        case .database: self = .database(try sqlite())
        case .insideTransaction: self = .insideTransaction
        case .databaseIsNewer: self = .databaseIsNewer(stored: try value(.storedVersion), declared: try value(.declaredVersion))
        case .legacyVersionTooHigh:
            self = .legacyVersionTooHigh(legacy: try value(.legacyVersion), declared: try value(.declaredVersion))
        case .codeUpgradeAboveVersion:
            self = .codeUpgradeAboveVersion(name: try value(.name), version: try value(.version), declared: try value(.declaredVersion))
        case .cannotInspect: self = .cannotInspect(try value(.object), message: try value(.detail))
        case .cannotDiff: self = .cannotDiff(try value(.detail))
        case .cannotPlan: self = .cannotPlan(try value(.detail))
        case .stepFailed: self = .stepFailed(try value(.step), statement: try value(.statement), error: try sqlite())
        case .dataDoesNotFit: self = .dataDoesNotFit(try value(.violations))
        case .foreignKeyViolation: self = .foreignKeyViolation(try value(.violation))
        case .brokenObjects: self = .brokenObjects(try value(.objects))
        case .upgradeFailed:
            self = .upgradeFailed(try value(.upgrade), line: try value(.line), statement: try value(.statement), error: try sqlite())
        case .codeUpgradeFailed:
            self = .codeUpgradeFailed(try value(.upgrade), error: try container.decode(ThrownFields.self, forKey: .error).error)
        case .verificationFailed: self = .verificationFailed(try value(.changes))
        case .hazardsDenied: self = .hazardsDenied(try value(.denied))
        case .cancelled: self = .cancelled
        case .foreignKeysLeftOff: self = .foreignKeysLeftOff
        case .notEnoughDiskSpace:
            self = .notEnoughDiskSpace(tables: try value(.tables), needed: try value(.neededBytes),
                                       available: try value(.availableBytes), path: try value(.path))
        case .databaseFull:
            self = .databaseFull(step: try container.decodeIfPresent(Step.self, forKey: .step), path: try value(.path),
                                 error: try sqlite())
        case .syncNeededBeforeFinish:
            self = .syncNeededBeforeFinish(stored: try container.decodeIfPresent(SemanticVersion.self, forKey: .storedVersion),
                                           declared: try value(.declaredVersion))
        case .legacyRecordNotMapped: self = .legacyRecordNotMapped(source: try value(.source), records: try value(.records))
        case .legacyColumnMissing: self = .legacyColumnMissing(source: try value(.source))
        case .seedFailed:
            self = .seedFailed(path: try value(.path), line: try value(.line), statement: try value(.statement), error: try sqlite())
        }
    }
}

// MARK: - The errors behind

extension ReconcileError {
    /// SQLite's error as JSON: `{"resultCode": 19, "extendedResultCode": 1299, "message": "NOT NULL constraint
    /// failed: notes.body", "sql": "…"}`.
    private struct SQLiteFields: Codable {
        var resultCode: Int32
        var extendedResultCode: Int32
        var message: String?
        var sql: String?

        init(_ error: DatabaseError) {
            resultCode = error.resultCode.rawValue
            extendedResultCode = error.extendedResultCode.rawValue
            message = error.message
            sql = error.sql
        }

        /// GRDB's error, with the same codes, message and statement.
        var error: DatabaseError {
            DatabaseError(resultCode: ResultCode(rawValue: extendedResultCode), message: message, sql: sql)
        }
    }

    /// The error a code upgrade threw, as JSON: its `description`, and SQLite's fields when it is
    /// SQLite's.
    private struct ThrownFields: Codable {
        var description: String
        var sqlite: SQLiteFields?

        private enum CodingKeys: String, CodingKey {
            case description, resultCode
        }

        init(_ error: any Error) {
            description = String(describing: error)
            sqlite = (error as? DatabaseError).map(SQLiteFields.init)
        }

        /// SQLite's error when it was one; otherwise one that says what the original said.
        var error: any Error {
            sqlite?.error ?? DecodedError(description: description)
        }

        func encode(to encoder: any Encoder) throws {
            try sqlite?.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(description, forKey: .description)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            description = try container.decode(String.self, forKey: .description)
            sqlite = container.contains(.resultCode) ? try SQLiteFields(from: decoder) : nil
        }
    }
}
