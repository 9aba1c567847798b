// MARK: - Reconciler.Outcome

extension Reconciler {
    /// How the sync of one database among many ended: its report, or the error that stopped it.
    ///
    /// Each database is synced on its own, so one that fails leaves the others, and itself, as a
    /// failed one-file sync leaves it: exactly as it was.
    ///
    /// ```swift
    /// let outcomes = try reconciler.sync(databasesAt: ["tenants/a.sqlite", "tenants/b.sqlite"])
    /// for outcome in outcomes {
    /// switch outcome.result {
    /// case .success(let report): print(outcome.path, report.didChange ? "synced" : "in sync")
    /// case .failure(let error): print(outcome.path, error.localizedDescription)
    /// }
    /// }
    /// ```
    public struct Outcome: Sendable, Codable {
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

// MARK: - Codable

extension Reconciler.Outcome {
    private enum CodingKeys: String, CodingKey {
        case path, report, error
    }

    /// Writes `{"path": "tenants/a.sqlite", "report": {...}}`, or `{"path": …, "error": {...}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        switch result {
        case .success(let report): try container.encode(report, forKey: .report)
        case .failure(let error): try container.encode(error, forKey: .error)
        }
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let path = try container.decode(String.self, forKey: .path)
        if let error = try container.decodeIfPresent(ReconcileError.self, forKey: .error) {
            self.init(path: path, result: .failure(error))
        } else {
            self.init(path: path, result: .success(try container.decode(SyncReport.self, forKey: .report)))
        }
    }
}
