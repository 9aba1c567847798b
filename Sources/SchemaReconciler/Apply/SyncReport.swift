import Foundation

// MARK: - SyncReport

/// What a sync did.
///
/// ```swift
/// let report = try reconciler.sync(databaseAt: path)
/// if report.didChange { print("ran \(report.statements.count) statements, \(report.upgrades.count) upgrades") }
/// report.warnings.forEach { print("warning:", $0) }
/// ```
public struct SyncReport: Sendable {
    /// The plan that ran (empty when there was nothing to do).
    public var plan: Plan
    /// Every schema statement that ran, in order.
    public var statements: [String]
    /// The upgrades that ran, in order.
    package var upgrades: [PendingUpgrade]
    /// Things to know: undeclared objects kept, scripts changed since they ran.
    public var warnings: [String]
    /// The version the database is at now.
    public var version: SemanticVersion
    /// Whether the sync wrote anything.
    public var didChange: Bool
    /// How long the sync took.
    public var duration: Duration

    /// Creates a report.
    package init(plan: Plan, statements: [String] = [], upgrades: [PendingUpgrade] = [], warnings: [String] = [],
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
