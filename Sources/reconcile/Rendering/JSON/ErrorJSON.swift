import GRDB
import SchemaReconciler

// MARK: - ErrorJSON

/// An error as `--format json` prints it: `{"error": {…}}` on standard output, with the error's
/// kind, its message, the exit status, and the fields of its ``ReconcileError`` case.
///
/// ```json
/// {"error": {"kind": "dataDoesNotFit", "code": 13, "exitStatus": 1, "isBusy": false,
///            "isInvalidInput": false, "message": "table users: 2 rows violate …",
///            "violations": [{"table": "users", "constraint": "NOT NULL on nickname", "column": "nickname", …}]}}
/// ```
enum ErrorJSON {
    /// The whole object: `{"error": …}`.
    static func document(_ error: ReconcileError) -> JSONValue {
        .object(members: [("error", body(error))])
    }

    /// The error's fields.
    static func body(_ error: ReconcileError) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind(of: error))),
            ("code", .integer(error.errorCode)),
            ("exitStatus", .integer(Int(ExitStatus(error).rawValue))),
            ("isBusy", .boolean(error.isBusy)),
            ("isInvalidInput", .boolean(error.isInvalidInput)),
            ("message", .string(ErrorText.description(error))),
        ]
        members += fields(of: error)
        return .object(members: members)
    }

    /// A schema.yaml error: where, and what.
    static func schemaError(_ error: SchemaError) -> JSONValue {
        .object(members: [("file", .string(error.location?.file)), ("line", .integer(error.location?.line)),
                 ("column", .integer(error.location?.column)), ("message", .string(error.message)),
                 ("description", .string(error.description))])
    }

    // MARK: Cases

    /// The case's name, as the README lists it.
    static func kind(of error: ReconcileError) -> String {
        switch error {
        case .invalidSchema: "invalidSchema"
        case .invalidDatabasePath: "invalidDatabasePath"
        case .cannotOpenDatabase: "cannotOpenDatabase"
        case .database: "database"
        case .insideTransaction: "insideTransaction"
        case .databaseIsNewer: "databaseIsNewer"
        case .legacyVersionTooHigh: "legacyVersionTooHigh"
        case .codeUpgradeAboveVersion: "codeUpgradeAboveVersion"
        case .cannotInspect: "cannotInspect"
        case .cannotDiff: "cannotDiff"
        case .cannotPlan: "cannotPlan"
        case .stepFailed: "stepFailed"
        case .dataDoesNotFit: "dataDoesNotFit"
        case .foreignKeyViolation: "foreignKeyViolation"
        case .brokenObjects: "brokenObjects"
        case .upgradeFailed: "upgradeFailed"
        case .codeUpgradeFailed: "codeUpgradeFailed"
        case .hazardsDenied: "hazardsDenied"
        case .verificationFailed: "verificationFailed"
        case .cancelled: "cancelled"
        case .foreignKeysLeftOff: "foreignKeysLeftOff"
        case .notEnoughDiskSpace: "notEnoughDiskSpace"
        case .databaseFull: "databaseFull"
        case .syncNeededBeforeFinish: "syncNeededBeforeFinish"
        case .legacyRecordNotMapped: "legacyRecordNotMapped"
        case .legacyColumnMissing: "legacyColumnMissing"
        }
    }

    /// The values the case carries.
    private static func fields(of error: ReconcileError) -> [(String, JSONValue)] {
        switch error {
        case .invalidSchema(let error):
            return [("schemaError", schemaError(error))]
        case .invalidDatabasePath(let path, let problem):
            return [("path", .string(path)), ("problem", .string(problem.rawValue))]
        case .cannotOpenDatabase(let path, let error):
            return [("path", .string(path)), ("sqlite", sqlite(error))]
        case .database(let error):
            return [("sqlite", sqlite(error))]
        case .insideTransaction:
            return []
        case .databaseIsNewer(let stored, let declared):
            return [("storedVersion", .text(stored)), ("declaredVersion", .text(declared))]
        case .legacyVersionTooHigh(let legacy, let declared):
            return [("legacyVersion", .text(legacy)), ("declaredVersion", .text(declared))]
        case .codeUpgradeAboveVersion(let name, let version, let declared):
            return [("name", .string(name)), ("version", .text(version)), ("declaredVersion", .text(declared))]
        case .cannotInspect(let object, let message):
            return [("objectKind", .text(object.kind)), ("name", .string(object.name)), ("detail", .string(message))]
        case .cannotDiff(let error):
            return [("detail", .text(error))]
        case .cannotPlan(let error):
            return [("detail", .text(error))]
        case .stepFailed(let step, let statement, let error):
            return [("step", PlanJSON.step(step)), ("statement", .string(statement)), ("sqlite", sqlite(error))]
        case .dataDoesNotFit(let violations):
            return [("violations", .array(violations.map(violation)))]
        case .foreignKeyViolation(let violation):
            return [("violations", .array([self.violation(violation)]))]
        case .brokenObjects(let objects):
            return [("objects", .array(objects.map {
                .object(members: [("declared", .boolean($0.isDeclared)), ("message", .string($0.message)), ("subject", .string($0.subject))])
            }))]
        case .upgradeFailed(let upgrade, let line, let statement, let error):
            return [("upgrade", PlanJSON.upgrade(upgrade)), ("line", .integer(line)), ("statement", .string(statement)),
                    ("sqlite", sqlite(error))]
        case .codeUpgradeFailed(let upgrade, let error):
            return [("upgrade", PlanJSON.upgrade(upgrade)), ("sqlite", (error as? DatabaseError).map(sqlite) ?? .null),
                    ("detail", .string(String(describing: error)))]
        case .hazardsDenied(let denied):
            return [("denied", .array(denied.map { item in
                .object(members: [("hazard", PlanJSON.hazard(item.hazard)), ("step", item.step.map(PlanJSON.step) ?? .null),
                         ("upgrades", .array(item.upgrades.map(PlanJSON.upgrade)))])
            }))]
        case .verificationFailed(let changes):
            return [("changes", .strings(changes))]
        case .cancelled, .foreignKeysLeftOff:
            return []
        case .notEnoughDiskSpace(let tables, let needed, let available, let path):
            return [("tables", .strings(tables)), ("neededBytes", .integer(Int(clamping: needed))),
                    ("availableBytes", .integer(Int(clamping: available))), ("path", .string(path))]
        case .databaseFull(let step, let path, let error):
            return [("step", step.map(PlanJSON.step) ?? .null), ("path", .string(path)), ("sqlite", sqlite(error))]
        case .syncNeededBeforeFinish(let stored, let declared):
            return [("storedVersion", stored.map { .text($0) } ?? .null), ("declaredVersion", .text(declared))]
        case .legacyRecordNotMapped(let source, let records):
            return [("source", .text(source)), ("records", .array(records.map(LegacyJSON.value)))]
        case .legacyColumnMissing(let source):
            return [("source", .text(source)), ("table", .string(source.table)), ("column", .string(source.column))]
        }
    }

    // MARK: Parts

    /// SQLite's result codes and message.
    private static func sqlite(_ error: DatabaseError) -> JSONValue {
        .object(members: [("code", .integer(Int(error.resultCode.rawValue))), ("extendedCode", .integer(Int(error.extendedResultCode.rawValue))),
                 ("message", .string(error.message))])
    }

    /// Rows that violate a constraint the sync adds.
    private static func violation(_ violation: ReconcileError.DataViolation) -> JSONValue {
        var column: String?
        switch violation.constraint {
        case .notNull(let name), .strictType(let name, _): column = name
        default: break
        }
        return .object(members: [
            ("table", .string(violation.table)),
            ("constraint", .text(violation.constraint)),
            ("column", .string(column)),
            ("rows", .integer(violation.rows)),
            ("index", .string(violation.index)),
            ("isNewColumn", .boolean(violation.isNewColumn)),
            ("remedy", .string(violation.remedy)),
        ])
    }
}
