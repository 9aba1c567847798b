import SchemaReconciler

// MARK: - VerifyJSON

/// What `reconcile verify --format json` prints.
///
/// ```json
/// {"version": "1.4.0", "isPassing": false, "results": [{"version": "1.0.0", "source": "history/1.0.0.yaml",
///   "tables": 3, "rows": 12, "upgrades": [...], "isPassing": false, "notes": [],
///   "problems": [{"kind": "syncFailed", "table": "users", "column": "handle", "message": "…", "error": {...}}]}]}
/// ```
enum VerifyJSON {
    /// The report.
    static func report(_ report: UpgradePathReport) -> JSONValue {
        .object(members: [
            ("version", .text(report.version)),
            ("isPassing", .boolean(report.isPassing)),
            ("results", .array(report.results.map(result))),
        ])
    }

    private static func result(_ result: UpgradePathResult) -> JSONValue {
        .object(members: [
            ("version", .text(result.version)),
            ("source", .string(result.source)),
            ("tables", .integer(result.tables)),
            ("rows", .integer(result.rows)),
            ("upgrades", .array(result.upgrades.map(PlanJSON.upgrade))),
            ("isPassing", .boolean(result.isPassing)),
            ("problems", .array(result.problems.map(problem))),
            ("notes", .strings(result.notes)),
        ])
    }

    private static func problem(_ problem: UpgradePathProblem) -> JSONValue {
        let (kind, error): (String, ReconcileError?) = switch problem {
        case .releaseCannotBeBuilt(let error): ("releaseCannotBeBuilt", error)
        case .syncFailed(let error): ("syncFailed", error)
        case .schemaDiffers: ("schemaDiffers", nil)
        case .rowsLost: ("rowsLost", nil)
        case .valuesLost: ("valuesLost", nil)
        case .upgradesNotRun: ("upgradesNotRun", nil)
        case .secondSyncNotIdle: ("secondSyncNotIdle", nil)
        case .orphanRows: ("orphanRows", nil)
        }
        return .object(members: [
            ("kind", .string(kind)),
            ("table", .string(problem.table)),
            ("column", .string(problem.column)),
            ("message", .string(problem.description)),
            ("error", error.map(ErrorJSON.body) ?? .null),
        ])
    }
}
