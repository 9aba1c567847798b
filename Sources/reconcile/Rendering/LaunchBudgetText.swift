import SchemaReconciler

// MARK: - LaunchBudgetText

/// What a plan made with `--launch-budget` says of its budget, for the text and Markdown
/// renderers: the budget against the estimate of what runs at launch, whether that is over it,
/// and each step's estimate.
///
/// ```
/// launch budget 1 second: what runs at launch is estimated at about 0.02 seconds
/// launch budget 1 second: what runs at launch is estimated at about 12 seconds, over the budget; what cannot wait runs all the same
/// ```
struct LaunchBudgetText {
    let launchBudget: Plan.LaunchBudget

    init(_ launchBudget: Plan.LaunchBudget) {
        self.launchBudget = launchBudget
    }

    /// The budget's text for a plan made with one; nil without.
    init?(_ plan: Plan) {
        guard let launchBudget = plan.launchBudget else { return nil }
        self.init(launchBudget)
    }

    // MARK: The budget

    /// The budget and the estimate of what runs at launch; over the budget, that it is, and that
    /// the work that cannot wait runs all the same.
    var line: String {
        let line = "launch budget \(launchBudget.budget.seconds.secondsText): what runs at launch is estimated at "
            + "about \(launchBudget.estimate.seconds.secondsText)"
        return launchBudget.isOverBudget ? line + ", over the budget; what cannot wait runs all the same" : line
    }

    /// ``line`` as a sentence, for Markdown: `Launch budget 1 second: … about 0.02 seconds.`
    var sentence: String {
        line.prefix(1).uppercased() + line.dropFirst() + "."
    }

    // MARK: The steps

    /// `about 0.02 seconds`: the estimate of `step` when it runs at launch; nil for a step the
    /// budget does not list.
    func estimate(of step: Step) -> String? {
        launchBudget.steps.first { $0.step == step }.map { "about \($0.estimate.seconds.secondsText)" }
    }

    /// `step`, then its estimate in parentheses when the budget lists it: as the deferred steps
    /// are written, `add column tags.colour (native ALTER) (about 0.0001 seconds)`.
    func describing(_ step: Step) -> String {
        launchBudget.steps.first { $0.step == step }?.description ?? step.description
    }
}
