// MARK: - Plan.LaunchBudget

extension Plan {
    /// What a sync with a launch budget (``Reconciler/Options/launchBudget``) estimated each step
    /// would cost on this device, what it let wait to keep to the budget, and the budget.
    ///
    /// The estimates come from the pages and rows SQLite keeps for each table and a copy rate
    /// measured on a few rows, before anything changes: an estimate, not a promise.
    ///
    /// ```swift
    /// if let budget = report.plan.launchBudget {
    ///     budget.estimate        // 0.02 seconds: what runs at launch
    ///     budget.deferred.first  // rebuild table events: … (about 42 seconds)
    /// }
    /// ```
    public struct LaunchBudget: Sendable, Hashable, Codable {
        /// The budget.
        public var budget: Duration
        /// The steps that run at launch, each with its estimate.
        public var steps: [StepEstimate]
        /// The steps that wait for `finishDeferredWork(databaseAt:)`, each with its estimate.
        public var deferred: [StepEstimate]

        /// Creates a value.
        public init(budget: Duration, steps: [StepEstimate] = [], deferred: [StepEstimate] = []) {
            self.budget = budget
            self.steps = steps
            self.deferred = deferred
        }

        /// The estimate of what runs at launch: the sum of its steps' estimates.
        public var estimate: Duration { steps.reduce(.zero) { $0 + $1.estimate } }

        /// Whether what runs at launch is estimated to take longer than the budget: work that
        /// cannot wait is over it (and the sync warns, ``SyncWarning/Code/launchOverBudget``).
        public var isOverBudget: Bool { estimate > budget }

        /// The estimates carried over to `planned`, the plan's steps as they run (their rows
        /// counted, their statements rehearsed), so that ``steps`` are the plan's own: each
        /// takes the estimate of the step estimated that is the same, else that does the same
        /// work on the same table, else that is about the same table the same way; a step
        /// without one (a rename) costs nothing.
        ///
        /// ```swift
        /// budget.carryingEstimates(over: plan.steps)
        /// budget.steps.map(\.step) == plan.steps  // true
        /// ```
        package mutating func carryingEstimates(over planned: [Step]) {
            var estimated = steps
            let matches: [(Step, Step) -> Bool] = [
                { $0 == $1 },
                { $0.table == $1.table && $0.phase == $1.phase && $0.method == $1.method && $0.statements == $1.statements },
                { $0.table == $1.table && $0.phase == $1.phase && $0.method == $1.method },
            ]
            steps = planned.map { step in
                for matches in matches {
                    if let index = estimated.firstIndex(where: { matches($0.step, step) }) {
                        return Plan.StepEstimate(step: step, estimate: estimated.remove(at: index).estimate)
                    }
                }
                return Plan.StepEstimate(step: step, estimate: .zero)
            }
        }

        private enum CodingKeys: String, CodingKey {
            case budgetSeconds, steps, deferred, estimateSeconds
        }

        /// Writes `{"budgetSeconds": 1, "estimateSeconds": 0.02, "steps": [...], "deferred": [...]}`;
        /// reading ignores `estimateSeconds`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(budget.seconds, forKey: .budgetSeconds)
            try container.encode(estimate.seconds, forKey: .estimateSeconds)
            try container.encode(steps, forKey: .steps)
            try container.encode(deferred, forKey: .deferred)
        }

        /// Reads what ``encode(to:)`` writes.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(budget: .seconds(try container.decode(Double.self, forKey: .budgetSeconds)),
                      steps: try container.decode([StepEstimate].self, forKey: .steps),
                      deferred: try container.decode([StepEstimate].self, forKey: .deferred))
        }
    }

    /// A step and what it is estimated to cost on this device.
    ///
    /// ```swift
    /// estimate.description  // "rebuild table events: … (about 42 seconds)"
    /// ```
    public struct StepEstimate: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The step.
        public var step: Step
        /// How long it is estimated to take.
        public var estimate: Duration

        /// Creates a value.
        public init(step: Step, estimate: Duration) {
            self.step = step
            self.estimate = estimate
        }

        /// The step, then `(about 42 seconds)`.
        public var description: String {
            "\(step) (about \(estimate.seconds.secondsText))"
        }

        private enum CodingKeys: String, CodingKey {
            case step, estimateSeconds
        }

        /// Writes `{"step": {...}, "estimateSeconds": 42.1}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(step, forKey: .step)
            try container.encode(estimate.seconds, forKey: .estimateSeconds)
        }

        /// Reads what ``encode(to:)`` writes.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(step: try container.decode(Step.self, forKey: .step),
                      estimate: .seconds(try container.decode(Double.self, forKey: .estimateSeconds)))
        }
    }
}

// MARK: - Seconds

extension Double {
    /// The number of seconds in words, to two significant digits: `1 second`, `0.25 seconds`, `42 seconds`.
    package var secondsText: String {
        let number = formatted(significantDigits: 2)
        return number == "1" ? "1 second" : "\(number) seconds"
    }

    /// The number rounded to `digits` significant digits, as text: `42`, `0.021`.
    package func formatted(significantDigits digits: Int) -> String {
        guard self != 0, isFinite else { return "0" }
        let magnitude = Int((Swift.abs(self)).log10Floor)
        let decimals = Swift.max(0, digits - 1 - magnitude)
        let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
        let rounded = (self * scale).rounded() / scale
        guard decimals > 0 else { return String(Int(rounded)) }
        // `1.0` is `1`, `2.50` is `2.5`: the digits that carry nothing are left out.
        var text = String(rounded)
        guard !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The power of ten at or below the number (positive).
    private var log10Floor: Double {
        var power = 0.0
        var value = self
        while value >= 10 { value /= 10; power += 1 }
        while value < 1 { value *= 10; power -= 1 }
        return power
    }
}
