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

    /// Creates a report.
    package init(plan: Plan, statements: [String] = [], upgrades: [Upgrade] = [], warnings: [SyncWarning] = [],
                 version: SemanticVersion, didChange: Bool, duration: Duration = .zero) {
        self.plan = plan
        self.statements = statements
        self.upgrades = upgrades
        self.warnings = warnings
        self.version = version
        self.didChange = didChange
        self.duration = duration
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
                          warnings: next.warnings, version: next.version, didChange: didChange || next.didChange)
    }
}
