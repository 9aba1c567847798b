// MARK: - Reconciler.Outcome

extension Reconciler {
    /// How the sync of one database among many ended: its report, or the error that stopped it.
    /// Each database is synced on its own, so one that fails leaves the others, and itself, as a
    /// failed one-file sync leaves it: exactly as it was.
    ///
    /// ```swift
    /// let outcomes = try reconciler.sync(databasesAt: ["tenants/a.sqlite", "tenants/b.sqlite"])
    /// for outcome in outcomes {
    ///     switch outcome.result {
    ///     case .success(let report): print(outcome.path, report.didChange ? "synced" : "in sync")
    ///     case .failure(let error): print(outcome.path, error.localizedDescription)
    ///     }
    /// }
    /// ```
    public struct Outcome: Sendable {
        /// The database file's path, as it was given.
        public var path: String
        /// What the sync returned, or the error it threw.
        public var result: Result<SyncReport, ReconcileError>

        /// The report of a sync that ended well; nil when it failed.
        ///
        /// ```swift
        /// let changed = outcomes.filter { $0.report?.didChange == true }.map(\.path)
        /// ```
        public var report: SyncReport? {
            guard case .success(let report) = result else { return nil }
            return report
        }

        /// The error of a sync that failed; nil when it ended well.
        ///
        /// ```swift
        /// for outcome in outcomes { if let error = outcome.error { log("\(outcome.path): \(error)") } }
        /// ```
        public var error: ReconcileError? {
            guard case .failure(let error) = result else { return nil }
            return error
        }

        /// Creates an outcome.
        ///
        /// ```swift
        /// let outcome = Reconciler.Outcome(path: "tenants/a.sqlite", result: .failure(.insideTransaction))
        /// ```
        public init(path: String, result: Result<SyncReport, ReconcileError>) {
            self.path = path
            self.result = result
        }
    }
}
