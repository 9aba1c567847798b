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

    private static func result(_ result: UpgradePathReport.PathResult) -> JSONValue {
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

    private static func problem(_ problem: UpgradePathReport.Problem) -> JSONValue {
        .object(members: [
            ("kind", .string(problem.kind.rawValue)),
            ("table", .string(problem.table)),
            ("column", .string(problem.column)),
            ("message", .string(problem.description)),
            ("error", problem.error.map(ErrorJSON.body) ?? .null),
        ])
    }
}
