// MARK: - The contract steps after the upgrades

extension Planner {
    /// The contract steps for a database whose schema is `live` once the upgrades ran, and the
    /// undeclared objects they keep. Row counts of tables the upgrades may have filled are
    /// unknown: every check is planned.
    ///
    /// ```swift
    /// let contract = try Planner.contract(declared: file.schema, drop: file.drop, live: leftByUpgrades, facts: facts)
    /// plan.steps = plan.expandSteps + contract.steps
    /// ```
    static func contract(declared: Schema, drop: DropList, live: Schema, facts: Facts) throws
        -> (steps: [Step], kept: [SchemaObject]) {
        let renames = try ReconcileError.renames(declared, live: live)
        var facts = facts
        facts.rowCounts = [:]
        facts.unconvertedColumns = [:]
        let planner = Planner(declared: declared, drop: drop, live: live, facts: facts)
        let diff = try ReconcileError.diff(declared, drop: drop, live: live)
        let steps = try ReconcileError.planned { try planner.renameSteps(renames) + planner.steps(for: diff) }.map { step in
            var step = step
            step.phase = .contract
            return step
        }
        return (steps, planner.keptObjects(of: diff, steps: steps))
    }
}
