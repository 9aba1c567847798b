import Foundation

// MARK: - SyncReport.PhaseDurations

extension SyncReport {
    /// How long a sync spent in each of its phases, the ``SyncProgress/Phase`` values, measured
    /// with the continuous clock as the sync went.
    ///
    /// The phases do not cover the whole sync: the report's ``SyncReport/duration`` also counts
    /// waiting for the database's write lock, the commit, and opening the database, so
    /// ``total`` is never more than it. Each phase is zero when the sync did not reach it (a
    /// sync with nothing to do only plans).
    ///
    /// ```swift
    /// let report = try reconciler.sync(databaseAt: path)
    /// report.phaseDurations.planning        // the no-op check, reading schema.yaml, the plan
    /// report.phaseDurations[.runningUpgrades]
    /// report.phaseDurations.total <= report.duration  // true
    /// ```
    public struct PhaseDurations: Sendable, Hashable {
        /// The no-op check, reading schema.yaml and its scripts, reading the database and
        /// making the plan (and making it again, when another connection wrote in between or
        /// the upgrades left another schema than planned).
        public var planning: Duration = .zero
        /// The plan's steps, expand and contract, and the seed scripts of a new database.
        public var applyingSteps: Duration = .zero
        /// The upgrade scripts and the upgrades registered in code.
        public var runningUpgrades: Duration = .zero
        /// The checks: free disk space, foreign keys, views and triggers, and the resulting
        /// schema against the declared one.
        public var checking: Duration = .zero
        /// Writing the version, the fingerprint and the upgrades that ran.
        public var recording: Duration = .zero

        /// Durations of zero in every phase.
        public init() {}

        /// The duration of `phase`.
        ///
        /// ```swift
        /// for phase in SyncProgress.Phase.allCases { print(phase, report.phaseDurations[phase]) }
        /// ```
        public subscript(phase: SyncProgress.Phase) -> Duration {
            get {
                switch phase {
                case .planning: planning
                case .applyingSteps: applyingSteps
                case .runningUpgrades: runningUpgrades
                case .checking: checking
                case .recording: recording
                }
            }
            set {
                switch phase {
                case .planning: planning = newValue
                case .applyingSteps: applyingSteps = newValue
                case .runningUpgrades: runningUpgrades = newValue
                case .checking: checking = newValue
                case .recording: recording = newValue
                }
            }
        }

        /// The phases' durations added up: at most the sync's whole ``SyncReport/duration``.
        public var total: Duration {
            SyncProgress.Phase.allCases.reduce(.zero) { $0 + self[$1] }
        }

        // MARK: Measuring

        /// Runs `body`, adding the time it took to `phase`, whether it returned or threw.
        package mutating func measure<T>(_ phase: SyncProgress.Phase, _ body: () throws -> T) rethrows -> T {
            let start = ContinuousClock.now
            defer { self[phase] += ContinuousClock.now - start }
            return try body()
        }

        /// These durations and `other`'s, phase by phase.
        package func adding(_ other: PhaseDurations) -> PhaseDurations {
            var sum = self
            for phase in SyncProgress.Phase.allCases { sum[phase] += other[phase] }
            return sum
        }
    }
}

// MARK: - Codable

extension SyncReport.PhaseDurations: Codable {
    private struct PhaseKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ phase: SyncProgress.Phase) { stringValue = phase.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes each phase's duration as a number of seconds, by the phase's name:
    /// `{"planning": 0.004, "applyingSteps": 0.012, "runningUpgrades": 0, "checking": 0.002, "recording": 0.001}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PhaseKey.self)
        for phase in SyncProgress.Phase.allCases {
            try container.encode(self[phase].seconds, forKey: PhaseKey(phase))
        }
    }

    /// Reads what ``encode(to:)`` writes; a phase it does not name is zero.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PhaseKey.self)
        self.init()
        for phase in SyncProgress.Phase.allCases {
            if let seconds = try container.decodeIfPresent(Double.self, forKey: PhaseKey(phase)) {
                self[phase] = .seconds(seconds)
            }
        }
    }
}
