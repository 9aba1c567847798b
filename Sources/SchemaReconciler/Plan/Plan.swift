// MARK: - Plan

/// Everything a sync would do, in order: the expand steps, the upgrades, the contract steps.
/// The dry run prints it; a sync runs exactly it.
///
/// ```swift
/// let plan = try reconciler.plan(databaseAt: "app.sqlite")
/// print(plan.sql)          // every statement, each preceded by a `--` comment saying why
/// plan.warnings            // undeclared objects, kept
/// ```
public struct Plan: Sendable {
    /// The schema steps, expand steps first, then contract steps.
    public var steps: [Step]
    /// The upgrades that run between the expand and the contract steps.
    package var upgrades: [PendingUpgrade]
    /// The differences the plan was made from.
    package var changes: [Change]
    /// Things the user should know: undeclared objects kept, stale scripts, leftovers.
    public var warnings: [String]
    /// The objects the database has and the file does not declare, which the sync keeps
    /// (their descriptions are among the warnings).
    package var undeclared: [UndeclaredObject]
    /// The version the database is at before the sync (nil for a new database).
    public var fromVersion: SemanticVersion?
    /// The version it is at after.
    public var toVersion: SemanticVersion

    /// Creates a plan.
    package init(steps: [Step] = [], upgrades: [PendingUpgrade] = [], changes: [Change] = [], warnings: [String] = [],
                undeclared: [UndeclaredObject] = [], fromVersion: SemanticVersion? = nil,
                toVersion: SemanticVersion = .zero) {
        self.steps = steps
        self.upgrades = upgrades
        self.changes = changes
        self.warnings = warnings
        self.undeclared = undeclared
        self.fromVersion = fromVersion
        self.toVersion = toVersion
    }

    /// The expand steps.
    public var expandSteps: [Step] { steps.filter { $0.phase == .expand } }
    /// The contract steps.
    public var contractSteps: [Step] { steps.filter { $0.phase == .contract } }

    /// Whether the schema is already as declared and no upgrade is pending.
    public var isEmpty: Bool { steps.isEmpty && upgrades.isEmpty }

    /// Whether the plan rebuilds or drops a table: SQLite must then run with foreign key
    /// enforcement off, or `DROP TABLE` would delete (or cascade into) child rows.
    public var requiresForeignKeysOff: Bool {
        steps.contains { step in
            if case .rebuild = step.method { return true }
            return step.statements.contains { $0.hasPrefix("DROP TABLE") }
        }
    }
}
