// MARK: - SyncWarning.LaunchOverBudget

extension SyncWarning.Code {
    /// A launch estimated to take longer than its budget, for work that cannot wait:
    /// ``SyncWarning/LaunchOverBudget``.
    public static let launchOverBudget = SyncWarning.Code(rawValue: "launchOverBudget")
}

extension SyncWarning {
    /// The payload of a launch that runs although it is estimated to take longer than
    /// ``Reconciler/Options/launchBudget``: what is over the budget is work the new app needs
    /// at once (a type changed, a column added that `ALTER TABLE` cannot add), which cannot wait.
    ///
    /// ```swift
    /// warning.payload(as: SyncWarning.LaunchOverBudget.self)?.tables // ["events"]
    /// ```
    public struct LaunchOverBudget: Payload {
        /// ``SyncWarning/Code/launchOverBudget``.
        public static let code = Code.launchOverBudget

        /// The budget, in seconds.
        public var budgetSeconds: Double
        /// What the launch is estimated to take, in seconds.
        public var estimateSeconds: Double
        /// The tables whose steps cost the most of it, most first.
        public var tables: [String]

        /// The payload of a launch estimated at `estimateSeconds` over a budget of `budgetSeconds`.
        public init(budgetSeconds: Double, estimateSeconds: Double, tables: [String]) {
            self.budgetSeconds = budgetSeconds
            self.estimateSeconds = estimateSeconds
            self.tables = tables
        }

        /// `the launch is estimated at 12 seconds, over its budget of 1 second, for work that cannot wait: table events`.
        public var message: String {
            let names = tables.isEmpty ? "" : ": " + tables.map { "table \($0)" }.joined(separator: ", ")
            return "the launch is estimated at \(estimateSeconds.secondsText), "
                + "over its budget of \(budgetSeconds.secondsText), for work that cannot wait"
                + names
        }
    }

    /// A launch estimated to take longer than its budget, for work that cannot wait.
    ///
    /// ```swift
    /// SyncWarning.launchOverBudget(budgetSeconds: 1, estimateSeconds: 12, tables: ["events"])
    /// ```
    public static func launchOverBudget(budgetSeconds: Double, estimateSeconds: Double, tables: [String]) -> SyncWarning {
        SyncWarning(LaunchOverBudget(budgetSeconds: budgetSeconds, estimateSeconds: estimateSeconds, tables: tables))
    }
}
