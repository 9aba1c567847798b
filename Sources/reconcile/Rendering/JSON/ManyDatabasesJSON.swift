import SchemaReconciler

// MARK: - ManyDatabasesJSON

/// What `--format json` prints for a `--database` pattern: one object with a `databases` array,
/// in path order, each with the `path` and the object the one-file command prints (`report`,
/// `plan` or `status`) or its `error`, and a `summary` of the counts. A sync's entries are the
/// library's encoding of ``Reconciler/Outcome``.
///
/// ```json
/// {"databases": [{"path": "tenants/acme.sqlite", "report": {...}},
///                {"path": "tenants/globex.sqlite", "error": {"kind": "dataDoesNotFit", …}}],
///  "summary": {"databases": 2, "synced": 0, "inSync": 1, "failed": 1}}
/// ```
struct ManyDatabasesJSON<Entry: Encodable>: Encodable {
    /// One entry per database, in path order.
    var databases: [Entry]
    /// The counts.
    var summary: [String: Int]

    private init(_ databases: [Entry], summary counts: [(String, Int)], tally: DatabaseTally) {
        self.databases = databases
        summary = Dictionary(uniqueKeysWithValues: [("databases", tally.databases)] + counts + [("failed", tally.failed)])
    }
}

extension ManyDatabasesJSON<Reconciler.Outcome> {
    /// A sync: each database's report or error; `synced`, `inSync` and `failed` counted.
    init(syncs outcomes: [Reconciler.Outcome]) {
        let tally = DatabaseTally(outcomes.map(\.result)) { $0.didChange }
        self.init(outcomes, summary: [("synced", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }
}

extension ManyDatabasesJSON<ManyDatabasesEntry<Plan>> {
    /// `--dry-run` and `--check`: each database's plan or error; `wouldChange`, `inSync` and
    /// `failed` counted.
    init(plans: [(path: String, result: Result<Plan, ReconcileError>)]) {
        let tally = DatabaseTally(plans.map(\.result)) { !$0.isNothingToDo }
        self.init(plans.map { ManyDatabasesEntry(path: $0.path, key: .plan, result: $0.result) },
                  summary: [("wouldChange", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }
}

extension ManyDatabasesJSON<ManyDatabasesEntry<SyncStatus>> {
    /// `status`: each database's status or error; `outOfSync`, `inSync` and `failed` counted.
    init(statuses: [(path: String, result: Result<SyncStatus, ReconcileError>)]) {
        let tally = DatabaseTally(statuses.map(\.result)) { !$0.isInSync }
        self.init(statuses.map { ManyDatabasesEntry(path: $0.path, key: .status, result: $0.result) },
                  summary: [("outOfSync", tally.changed), ("inSync", tally.unchanged)], tally: tally)
    }
}
