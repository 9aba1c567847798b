// MARK: - SyncProgress

/// Where a sync stands while it runs: its phase, the step it is running (step 3 of 7), how many
/// rows a table rebuild has copied so far, and the upgrade it is running (upgrade 1 of 2).
///
/// A sync hands one to ``Reconciler/Options/progress`` at each phase, step and upgrade, and
/// several while a rebuild copies a table's rows.
///
/// ```swift
/// var options = Reconciler.Options()
/// options.progress = { progress in
///     if let step = progress.step {
///         print("step \(progress.stepNumber) of \(progress.stepCount): \(step)")
///     }
///     if let copied = progress.copiedRows, let total = progress.totalRows {
///         print("  \(copied) of \(total) rows")
///     }
/// }
/// ```
public struct SyncProgress: Sendable, Hashable {
    // MARK: Phase

    /// What a sync is doing, in the order it does it.
    ///
    /// ```swift
    /// if progress.phase == .runningUpgrades { label.text = "Updating your data…" }
    /// ```
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Reading the database and making the plan.
        case planning
        /// Running the plan's steps: the expand steps before the upgrades, the contract steps
        /// after them.
        case applyingSteps
        /// Running the upgrade scripts and the upgrades registered in code.
        case runningUpgrades
        /// Checking foreign keys, views and triggers, and the resulting schema.
        case checking
        /// Writing the version, the fingerprint and the upgrades that ran.
        case recording
    }

    // MARK: Where the sync stands

    /// What the sync is doing.
    public var phase: Phase

    /// The step running, during ``Phase/applyingSteps``; nil in the other phases.
    ///
    /// ```swift
    /// progress.step?.table        // "items"
    /// progress.step?.description  // "rebuild table items (copies 5000 rows): …"
    /// ```
    public var step: Step?
    /// The number of the step running, from 1 to ``stepCount``; in the other phases, how many
    /// steps have run.
    public var stepNumber: Int
    /// The number of steps the plan runs (0 while planning).
    public var stepCount: Int

    /// The rows the step has copied so far, while a rebuild copies its table; nil otherwise.
    ///
    /// It only grows, never exceeds ``totalRows``, and the last report of a copy gives the exact
    /// count.
    public var copiedRows: Int?
    /// The rows of the table being copied, while a rebuild copies it; nil otherwise.
    public var totalRows: Int?

    /// The upgrade running, during ``Phase/runningUpgrades``; nil in the other phases.
    public var upgrade: Upgrade?
    /// The number of the upgrade running, from 1 to ``upgradeCount``; in the other phases, how
    /// many upgrades have run.
    public var upgradeNumber: Int
    /// The number of upgrades the plan runs.
    public var upgradeCount: Int

    /// The share of the table's rows copied so far, from 0 to 1; nil when no copy is running.
    ///
    /// ```swift
    /// progressView.progress = Float(progress.copiedFraction ?? 0)
    /// ```
    public var copiedFraction: Double? {
        guard let copiedRows, let totalRows else { return nil }
        return totalRows == 0 ? 1 : Double(copiedRows) / Double(totalRows)
    }

    /// Creates a report of where a sync stands.
    package init(phase: Phase, step: Step? = nil, stepNumber: Int = 0, stepCount: Int = 0, copiedRows: Int? = nil,
                 totalRows: Int? = nil, upgrade: Upgrade? = nil, upgradeNumber: Int = 0, upgradeCount: Int = 0) {
        self.phase = phase
        self.step = step
        self.stepNumber = stepNumber
        self.stepCount = stepCount
        self.copiedRows = copiedRows
        self.totalRows = totalRows
        self.upgrade = upgrade
        self.upgradeNumber = upgradeNumber
        self.upgradeCount = upgradeCount
    }
}
