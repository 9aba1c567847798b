// MARK: - Steps on synced tables

extension Plan {
    /// Marks each step, of those that run now and those that wait, whose table `compatibility`
    /// syncs between devices (``Step/isSynced``), so that its drops and renames are
    /// ``Hazard/breaksSync(table:column:renamedTo:rows:)``. Without a profile, nothing is marked.
    ///
    /// ```swift
    /// plan.markSyncedSteps(under: file.compatibility)
    /// plan.hazards // [… breaks-sync: drops synced column notes.body (3 rows), …]
    /// ```
    package mutating func markSyncedSteps(under compatibility: Compatibility?) {
        guard let compatibility else { return }
        func marked(_ step: Step) -> Step {
            var step = step
            step.isSynced = step.table.map(compatibility.covers) ?? false
            return step
        }
        steps = steps.map(marked)
        deferred.steps = deferred.steps.map(marked)
    }
}
