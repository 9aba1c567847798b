// MARK: - Plan

/// Everything a sync would do, in order: the expand steps, the upgrades, the contract steps.
///
/// The dry run prints it, and a sync runs exactly it; where upgrades change the schema, the plan
/// says so in ``revisions``.
///
/// ```swift
/// let plan = try reconciler.plan(databaseAt: "app.sqlite")
/// for step in plan.expandSteps { print(step) }
/// for upgrade in plan.upgrades { print(upgrade) }
/// for step in plan.contractSteps { print(step) }
/// plan.warnings // undeclared objects kept, stale scripts…
/// ```
public struct Plan: Sendable, Codable {
    /// The version the database is at before the sync (nil for a new database).
    public var fromVersion: SemanticVersion?
    /// The version it is at after.
    public var toVersion: SemanticVersion
    /// The schema steps, expand steps first, then contract steps.
    public var steps: [Step]
    /// The upgrades that run between the expand and the contract steps, in order.
    public var upgrades: [Upgrade]
    /// For a new database, the scripts of schema.yaml's `seed`, in order: the rows it starts with,
    /// which run after the schema.
    ///
    /// Empty for a database that exists, which never runs them.
    ///
    /// ```swift
    /// plan.seeds.map(\.path) // ["seed/default-vault.sql"]
    /// ```
    public var seeds: [SeedScript] = []
    /// The differences the plan was made from.
    package var changes: [Change]
    /// Things the user should know: undeclared objects kept, stale scripts, leftovers.
    public var warnings: [SyncWarning]
    /// Where the contract steps were planned from the schema that upgrades leave.
    public var revisions: [Plan.Revision]
    /// What waits for `finishDeferredWork(databaseAt:)`: the steps that
    /// ``Reconciler/Options/deferring`` let wait, and any left by an earlier sync.
    public var deferred = Plan.DeferredWork()
    /// The tables that a sync letting work wait copies all the same, because the new app needs a
    /// change of theirs that `ALTER TABLE` cannot make without a copy.
    ///
    /// Each says which, and the work that could have waited is done in that copy.
    ///
    /// Empty when nothing may wait.
    ///
    /// ```swift
    /// plan.copiedAtLaunch.map(\.description)
    /// // ["table books is copied now, for what the app needs at once and ALTER TABLE cannot make in place: …"]
    /// ```
    public var copiedAtLaunch: [Plan.LaunchCopy] = []
    /// For a sync with ``Reconciler/Options/launchBudget``: each step's estimate on this
    /// device, the steps the budget let wait, and the budget; nil without a budget.
    ///
    /// ```swift
    /// plan.launchBudget?.deferred.map(\.description) // ["rebuild table events: … (about 42 seconds)"]
    /// ```
    public var launchBudget: Plan.LaunchBudget?
    /// Where the sync checks foreign keys once its steps ran: no table until a step could leave
    /// rows without a parent.
    public var foreignKeyCheck = Plan.ForeignKeyCheck.tables([])
    /// Where ``fromVersion`` came from, for a database never synced whose old migration tool's
    /// record schema.yaml's `legacy` section maps; nil otherwise.
    ///
    /// ```swift
    /// plan.legacyRecord?.description // "legacy record schema_migrations = 4 → 1.1.0"
    /// ```
    public var legacyRecord: LegacyRecord?
    /// The database's floor once the plan ran: the oldest app version whose schema it still
    /// serves, and the release that set it (see ``DatabaseFloor``).
    ///
    /// ```swift
    /// plan.floor?.version // 1.0.0
    /// ```
    public var floor: DatabaseFloor?
    /// schema.yaml's version, when the database is newer and still serves it (the version is
    /// at or above its ``floor``): the plan is then empty, and the sync writes nothing.
    ///
    /// ```swift
    /// if let version = plan.olderVersionServed { print("\(version) runs on a newer database") }
    /// ```
    public var olderVersionServed: SemanticVersion?

    /// Views and triggers that were broken before the sync: reported, not held against it.
    package var brokenBefore: [BrokenObject] = []
    /// The schema the database is expected to have once the upgrades ran, when the plan could
    /// find it by rehearsing them; at sync time a different one makes the contract be planned again.
    package var catalogAfterUpgrades: Catalog?
    /// The schema version each in-place edit session sets (`PRAGMA schema_version`), in the
    /// order the sessions run: the plan is made for one database at one moment, and the dry run
    /// prints these numbers.
    package var editSessionVersions: [Int] = []

    /// Creates a plan.
    package init(fromVersion: SemanticVersion? = nil, toVersion: SemanticVersion, steps: [Step] = [],
                 upgrades: [Upgrade] = [], changes: [Change] = [], warnings: [SyncWarning] = [],
                 revisions: [Plan.Revision] = []) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.steps = steps
        self.upgrades = upgrades
        self.changes = changes
        self.warnings = warnings
        self.revisions = revisions
    }

    /// The expand steps.
    public var expandSteps: [Step] { steps.filter { $0.phase == .expand } }
    /// The contract steps.
    public var contractSteps: [Step] { steps.filter { $0.phase == .contract } }

    /// Whether the schema is already as declared and no upgrade (nor seed) is pending.
    public var isEmpty: Bool { steps.isEmpty && upgrades.isEmpty && seeds.isEmpty }

    /// Whether the sync would change nothing at all, not even the recorded version.
    public var isNothingToDo: Bool { isEmpty && fromVersion == toVersion }

    /// Whether the plan rebuilds or drops a table: SQLite must then run with foreign key
    /// enforcement off, or `DROP TABLE` would delete (or cascade into) child rows.
    public var requiresForeignKeysOff: Bool {
        steps.contains { step in
            if step.method == .rebuild { return true }
            if case .dropTable = step.action { return true }
            return false
        }
    }

    private enum CodingKeys: String, CodingKey {
        case fromVersion, toVersion, steps, upgrades, seeds, changes, warnings, revisions, deferred, copiedAtLaunch
        case foreignKeyCheck, legacyRecord, floor, olderVersionServed, launchBudget
    }

    private enum Computed: String, CodingKey {
        case isNothingToDo, hazards
    }

    /// Writes the plan's values (``fromVersion`` left out for a new database, ``legacyRecord``
    /// when there is none), with ``isNothingToDo`` and ``hazards``, which reading ignores.
    ///
    /// ```json
    /// {"fromVersion": "1.1.0", "toVersion": "1.2.0", "isNothingToDo": false, "steps": [...], "upgrades": [...], "seeds": [],
    ///  "changes": [...], "revisions": [...], "hazards": [...], "warnings": [...], "deferred": {"steps": []}, "copiedAtLaunch": [],
    ///  "foreignKeyCheck": {"kind": "tables", "tables": []}}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(steps, forKey: .steps)
        try container.encode(upgrades, forKey: .upgrades)
        try container.encode(seeds, forKey: .seeds)
        try container.encode(changes, forKey: .changes)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(revisions, forKey: .revisions)
        try container.encode(deferred, forKey: .deferred)
        try container.encode(copiedAtLaunch, forKey: .copiedAtLaunch)
        try container.encode(foreignKeyCheck, forKey: .foreignKeyCheck)
        try container.encodeIfPresent(legacyRecord, forKey: .legacyRecord)
        try container.encodeIfPresent(floor, forKey: .floor)
        try container.encodeIfPresent(olderVersionServed, forKey: .olderVersionServed)
        try container.encodeIfPresent(launchBudget, forKey: .launchBudget)
        var computed = encoder.container(keyedBy: Computed.self)
        try computed.encode(isNothingToDo, forKey: .isNothingToDo)
        try computed.encode(hazards, forKey: .hazards)
    }
}
