import Foundation

// MARK: - SyncReport

/// What a sync did.
///
/// ```swift
/// let report = try reconciler.sync(databaseAt: path)
/// if report.didChange { print("ran \(report.statements.count) statements, \(report.upgrades.count) upgrades") }
/// report.warnings.forEach { print("warning:", $0) }
/// ```
public struct SyncReport: Sendable, Codable {
    /// The plan that ran, as it ran (empty when there was nothing to do).
    public var plan: Plan
    /// Every schema statement that ran, in order.
    public var statements: [String]
    /// The upgrades that ran, in order.
    public var upgrades: [Upgrade]
    /// Things to know: undeclared objects kept, scripts changed since they ran.
    public var warnings: [SyncWarning]
    /// The version the database is at now.
    public var version: SemanticVersion
    /// Whether the sync wrote anything.
    public var didChange: Bool
    /// How long the sync took.
    public var duration: Duration
    /// The database the sync wrote to: its path as the sync was given it, or as the GRDB
    /// connection names it (`:memory:` for a database in memory).
    public var databasePath: String

    /// The fingerprint the database recorded before the sync; nil for a database never synced.
    ///
    /// It is the fingerprint the no-op check compares (a SHA-256 digest of the inputs of the
    /// last sync: schema.yaml's bytes, its scripts, the code upgrades' names and the library
    /// version), not a digest of the live schema: it costs a launch nothing to read, and two
    /// databases synced from the same inputs have the same one.
    ///
    /// ```swift
    /// report.fingerprintBefore == report.fingerprintAfter  // true when the sync wrote nothing
    /// ```
    public var fingerprintBefore: String?
    /// The fingerprint the database records after the sync (see ``fingerprintBefore``): the
    /// one this sync wrote, or the one it found when it wrote nothing.
    public var fingerprintAfter: String?
    /// How long the sync spent in each phase: planning, steps, upgrades, checks, recording.
    ///
    /// ```swift
    /// report.phaseDurations.runningUpgrades  // 0.21 seconds
    /// ```
    public var phaseDurations = PhaseDurations()

    /// Where the contract steps were planned from the schema that upgrades left (the plan's
    /// own revisions, and any made at sync time).
    public var revisions: [Plan.Revision] { plan.revisions }

    /// For a database this sync adopted: the record of the migration tool the app used before,
    /// and the version it stood for, from which the upgrades ran (the plan's own).
    ///
    /// ```swift
    /// report.legacyRecord?.description // "legacy record schema_migrations = 4 → 1.1.0"
    /// ```
    public var legacyRecord: LegacyRecord? { plan.legacyRecord }

    /// The work the sync left for later, which ``Reconciler/finishDeferredWork(databaseAt:)-1uoft``
    /// does (the plan's own): empty when nothing waits.
    ///
    /// ```swift
    /// if !report.deferred.isEmpty { scheduleFinishing() }
    /// ```
    public var deferred: Plan.DeferredWork { plan.deferred }

    /// The database's floor: the oldest app version that can use it, and the release that set
    /// it (the plan's own).
    ///
    /// ```swift
    /// report.floor?.description // "1.0.0 (set by 1.0.0)"
    /// ```
    public var floor: DatabaseFloor? { plan.floor }

    /// Whether this app's schema.yaml is older than the database, which still serves it: the
    /// sync changed nothing and wrote nothing.
    ///
    /// ```swift
    /// if report.runsOnNewerDatabase { analytics.note("downgraded device") }
    /// ```
    public var runsOnNewerDatabase: Bool { plan.olderVersionServed != nil }

    /// Creates a report.
    package init(plan: Plan, statements: [String] = [], upgrades: [Upgrade] = [], warnings: [SyncWarning] = [],
                 version: SemanticVersion, didChange: Bool, duration: Duration = .zero, databasePath: String = "") {
        self.plan = plan
        self.statements = statements
        self.upgrades = upgrades
        self.warnings = warnings
        self.version = version
        self.didChange = didChange
        self.duration = duration
        self.databasePath = databasePath
    }
}

// MARK: - Codable

extension SyncReport {
    private enum CodingKeys: String, CodingKey {
        case databasePath, didChange, version, statements, upgrades, warnings, durationSeconds, plan
        case fingerprintBefore, fingerprintAfter, phaseSeconds, deferred
        case floor, runsOnNewerDatabase
    }

    /// Writes `{"databasePath": "app.sqlite", "didChange": true, "version": "1.2.0", "statements":
    /// [...], "upgrades": [...], "warnings": [...], "durationSeconds": 0.012, "plan": {...},
    /// "fingerprintBefore": "3f5a…", "fingerprintAfter": "9c1e…", "phaseSeconds": {...}, "deferred": {...}}`.
    ///
    /// The ``duration`` as a number of seconds, the ``phaseDurations`` too.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(databasePath, forKey: .databasePath)
        try container.encode(didChange, forKey: .didChange)
        try container.encode(version, forKey: .version)
        try container.encode(statements, forKey: .statements)
        try container.encode(upgrades, forKey: .upgrades)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(duration.seconds, forKey: .durationSeconds)
        // The plan's own, which reading takes from the plan.
        try container.encodeIfPresent(floor, forKey: .floor)
        try container.encode(runsOnNewerDatabase, forKey: .runsOnNewerDatabase)
        try container.encode(plan, forKey: .plan)
        try encodeSendHomeFields(to: &container)
    }

    /// Writes `"fingerprintBefore": "3f5a…"` (null for a new database), `"fingerprintAfter"`,
    /// `"phaseSeconds": {"planning": 0.004, …}` (``PhaseDurations``) and `"deferred"`, the
    /// plan's deferred work, beside it for a reader that does not read the plan.
    private func encodeSendHomeFields(to container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(fingerprintBefore, forKey: .fingerprintBefore)
        try container.encode(fingerprintAfter, forKey: .fingerprintAfter)
        try container.encode(phaseDurations, forKey: .phaseSeconds)
        try container.encode(deferred, forKey: .deferred)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(plan: try container.decode(Plan.self, forKey: .plan),
                  statements: try container.decode([String].self, forKey: .statements),
                  upgrades: try container.decode([Upgrade].self, forKey: .upgrades),
                  warnings: try container.decode([SyncWarning].self, forKey: .warnings),
                  version: try container.decode(SemanticVersion.self, forKey: .version),
                  didChange: try container.decode(Bool.self, forKey: .didChange),
                  duration: .seconds(try container.decode(Double.self, forKey: .durationSeconds)),
                  databasePath: try container.decode(String.self, forKey: .databasePath))
        // Absent from a report written before they were: nil and zero.
        fingerprintBefore = try container.decodeIfPresent(String.self, forKey: .fingerprintBefore)
        fingerprintAfter = try container.decodeIfPresent(String.self, forKey: .fingerprintAfter)
        phaseDurations = try container.decodeIfPresent(PhaseDurations.self, forKey: .phaseSeconds) ?? PhaseDurations()
    }
}

// MARK: - Reports in a row

extension SyncReport {
    /// This report and `next`, of a later transaction, as one: the steps and statements of
    /// both, in order, and what `next` left (its deferred work, warnings and version).
    ///
    /// ```swift
    /// total = total.followed(by: part)
    /// ```
    package func followed(by next: SyncReport) -> SyncReport {
        var plan = next.plan
        plan.steps = self.plan.steps + next.plan.steps
        plan.changes = self.plan.changes + next.plan.changes.filter { !self.plan.changes.contains($0) }
        return SyncReport(plan: plan, statements: statements + next.statements, upgrades: upgrades + next.upgrades,
                          warnings: next.warnings, version: next.version, didChange: didChange || next.didChange,
                          databasePath: next.databasePath)
            .withSendHomeFields(before: fingerprintBefore, after: next.fingerprintAfter,
                                phases: phaseDurations.adding(next.phaseDurations))
    }

    /// This report with `before` and `after` as its fingerprints and `phases` as its durations.
    private func withSendHomeFields(before: String?, after: String?, phases: PhaseDurations) -> SyncReport {
        var report = self
        report.fingerprintBefore = before
        report.fingerprintAfter = after
        report.phaseDurations = phases
        return report
    }
}
