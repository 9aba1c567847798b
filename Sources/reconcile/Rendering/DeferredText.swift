import SchemaReconciler

// MARK: - DeferredText

/// The lines that list the work waiting for `reconcile finish`, for `status`, a dry run and a
/// sync's report, then the tables a launch copies all the same, and why; none when nothing
/// waits and nothing is copied so.
///
/// ```
/// deferred until `reconcile finish`:
///   drop column books.body (listed under drop)
/// copied at launch all the same:
///   table books is copied now, for what the app needs at once and ALTER TABLE cannot make in place: …
/// ```
struct DeferredText {
    let deferred: Plan.DeferredWork
    let copiedAtLaunch: [Plan.LaunchCopy]
    /// With `--launch-budget`: the budget, and each step's estimate.
    var launchBudget: Plan.LaunchBudget?

    init(_ deferred: Plan.DeferredWork, copiedAtLaunch: [Plan.LaunchCopy] = []) {
        self.deferred = deferred
        self.copiedAtLaunch = copiedAtLaunch
    }

    /// The lines of a plan's deferred work and launch copies, each step that waits with its
    /// estimate when the plan kept to a launch budget.
    init(_ plan: Plan) {
        self.init(plan.deferred, copiedAtLaunch: plan.copiedAtLaunch)
        launchBudget = plan.launchBudget
    }

    /// Whether the steps that wait are those the launch budget let wait, each with its estimate:
    /// the list then names the budget.
    var isBudgeted: Bool {
        guard let launchBudget, !deferred.isEmpty else { return false }
        return launchBudget.deferred.map(\.step) == deferred.steps
    }

    /// `, over the launch budget of 1 second` when the steps that wait are the budget's; empty
    /// otherwise: what the heading of the list adds.
    var overBudget: String {
        guard let launchBudget, isBudgeted else { return "" }
        return ", over the launch budget of \(launchBudget.budget.seconds.secondsText)"
    }

    var lines: [String] {
        var lines: [String] = []
        if !deferred.isEmpty {
            lines.append("deferred until `reconcile finish`\(overBudget):")
            if let launchBudget, isBudgeted {
                lines += launchBudget.deferred.map { "  \($0)" }
            } else {
                lines += deferred.steps.map { "  \($0)" }
            }
        }
        if !copiedAtLaunch.isEmpty {
            lines.append("copied at launch all the same:")
            lines += copiedAtLaunch.map { "  \($0)" }
        }
        return lines
    }
}
