import SchemaReconciler

// MARK: - ReportJSON

/// What `reconcile sync --format json` prints: what the sync did, and the plan it ran.
///
/// ```json
/// {"database": "app.sqlite", "didChange": true, "fromVersion": "1.1.0", "version": "1.2.0",
///  "statements": [...], "upgrades": [...], "warnings": [...], "durationSeconds": 0.012, "plan": {...}}
/// ```
enum ReportJSON {
    /// The report of a sync of `database`.
    static func report(_ report: SyncReport, database: String) -> JSONValue {
        let duration = report.duration.components
        return .object(members: [
            ("database", .string(database)),
            ("didChange", .boolean(report.didChange)),
            ("fromVersion", .text(report.plan.fromVersion)),
            ("legacyRecord", LegacyJSON.record(report.legacyRecord)),
            ("version", .text(report.version)),
            ("statements", .strings(report.statements)),
            ("upgrades", .array(report.upgrades.map(PlanJSON.upgrade))),
            ("warnings", .array(report.warnings.map(PlanJSON.warning))),
            ("durationSeconds", .number(Double(duration.seconds) + Double(duration.attoseconds) / 1e18)),
            ("plan", PlanJSON.plan(report.plan)),
        ])
    }
}
