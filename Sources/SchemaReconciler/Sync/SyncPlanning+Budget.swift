import GRDB

// MARK: - The launch budget

extension SyncPlanning {
    /// `split` kept to ``Reconciler/Options/launchBudget``: each step estimated on this device
    /// (``LaunchCostEstimator``); when what runs at launch is over the budget, the steps planned
    /// again letting wait all that may (the rules of ``Reconciler/Options/deferring``, for every
    /// hazard kind). Nil estimates without a budget, and when finishing deferred work.
    func budgeted(_ split: StepDeferral.Split, diff: SchemaDiff, drop: DropList, renamed: Schema, facts: Planner.Facts,
                  liveNames: [SQLName: String], db: Database) throws -> (StepDeferral.Split, Plan.LaunchBudget?) {
        guard let budget = options.launchBudget, !finishing else { return (split, nil) }
        var estimator = try LaunchCostEstimator(db, live: renamed, liveNames: liveNames, rate: options.copyRate)
        var estimates = Plan.LaunchBudget(budget: budget, steps: try estimator.estimates(of: split.now),
                                          deferred: try estimator.estimates(of: split.later))
        guard estimates.isOverBudget else { return (split, estimates) }
        let waiting = try StepDeferral(kinds: Set(Hazard.Kind.allCases), declared: file.schema, drop: drop, live: renamed,
                                       facts: facts).split(diff)
        estimates.steps = try estimator.estimates(of: waiting.now)
        estimates.deferred = try estimator.estimates(of: waiting.later)
        return (waiting, estimates)
    }
}

extension Plan.LaunchBudget {
    /// The warning of a launch over its budget, naming the tables whose steps cost the most
    /// first; nil when it keeps to it.
    var warning: SyncWarning? {
        guard isOverBudget else { return nil }
        var costs: [String: Duration] = [:]
        var order: [String] = []
        for estimate in steps where estimate.estimate > .zero {
            guard let table = estimate.step.table else { continue }
            if costs[table] == nil { order.append(table) }
            costs[table, default: .zero] += estimate.estimate
        }
        let tables = order.enumerated().sorted { left, right in
            let (a, b) = (costs[left.element]!, costs[right.element]!)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
        return .launchOverBudget(budgetSeconds: budget.seconds, estimateSeconds: estimate.seconds, tables: tables)
    }

    /// The same, with the steps that waited run now: the sync planned them again, to run at once.
    mutating func runningEverything() {
        steps += deferred
        deferred = []
    }
}
