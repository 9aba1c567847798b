import SchemaReconciler

// MARK: - ManyDatabasesJSON

/// What `--format json` prints for a `--database` pattern: one object with a `databases` array,
/// in path order, each with the `path` and the object the one-file command prints (`report`,
/// `plan` or `status`) or its `error` (the other one null), and a `summary` of the counts.
///
/// ```json
/// {"databases": [{"path": "tenants/acme.sqlite", "report": {...}, "error": null},
///                {"path": "tenants/globex.sqlite", "report": null, "error": {"kind": "dataDoesNotFit", …}}],
///  "summary": {"databases": 2, "synced": 0, "inSync": 1, "failed": 1}}
/// ```
enum ManyDatabasesJSON {
    /// A sync: each database's report or error; `synced`, `inSync` and `failed` counted.
    static func sync(_ outcomes: [Reconciler.Outcome]) -> JSONValue {
        let databases = outcomes.map { outcome in
            entry(outcome.path, outcome.result, key: "report") { ReportJSON.report($0, database: outcome.path) }
        }
        let tally = DatabaseTally(outcomes.map(\.result)) { $0.didChange }
        return document(databases, summary: [("synced", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }

    /// `--dry-run` and `--check`: each database's plan or error; `wouldChange`, `inSync` and
    /// `failed` counted.
    static func plans(_ plans: [(path: String, result: Result<Plan, ReconcileError>)]) -> JSONValue {
        let databases = plans.map { entry($0.path, $0.result, key: "plan", PlanJSON.plan) }
        let tally = DatabaseTally(plans.map(\.result)) { !$0.isNothingToDo }
        return document(databases, summary: [("wouldChange", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }

    /// `status`: each database's status or error; `outOfSync`, `inSync` and `failed` counted.
    static func statuses(_ statuses: [(path: String, result: Result<SyncStatus, ReconcileError>)]) -> JSONValue {
        let databases = statuses.map { item in
            entry(item.path, item.result, key: "status") { StatusJSON.status($0, database: item.path) }
        }
        let tally = DatabaseTally(statuses.map(\.result)) { !$0.isInSync }
        return document(databases, summary: [("outOfSync", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }

    // MARK: Parts

    /// `{"path": …, key: value or null, "error": error or null}`.
    private static func entry<Value>(_ path: String, _ result: Result<Value, ReconcileError>, key: String,
                                     _ value: (Value) -> JSONValue) -> JSONValue {
        switch result {
        case .success(let success):
            return .object(members: [("path", .string(path)), (key, value(success)), ("error", .null)])
        case .failure(let error):
            return .object(members: [("path", .string(path)), (key, .null), ("error", ErrorJSON.body(error))])
        }
    }

    private static func document(_ databases: [JSONValue], summary counts: [(String, Int)], tally: DatabaseTally) -> JSONValue {
        let summary = [("databases", tally.databases)] + counts + [("failed", tally.failed)]
        return .object(members: [
            ("databases", .array(databases)),
            ("summary", .object(members: summary.map { ($0.0, .integer($0.1)) })),
        ])
    }
}
