// MARK: - Steps on synced tables

extension Plan {
    /// Marks each step, of those that run now and those that wait, whose table `compatibility`
    /// syncs between devices (``Step/isSynced``), so that its drops and renames are
    /// ``Hazard/breaksSync(table:column:renamedTo:rows:)``. A virtual table (a full-text index,
    /// say) is the device's own, made from rows the sync brings: none of `virtualTables`, those
    /// declared and those in the database, is marked. Without a profile, nothing is marked.
    ///
    /// ```swift
    /// plan.markSyncedSteps(under: file.compatibility, virtualTables: ["notes_search"])
    /// plan.hazards // [… breaks-sync: drops synced column notes.body (3 rows), …]
    /// ```
    package mutating func markSyncedSteps(under compatibility: Compatibility?, virtualTables: [String]) {
        guard let compatibility else { return }
        func marked(_ step: Step) -> Step {
            var step = step
            step.isSynced = step.table.map { table in
                compatibility.covers(table) && !virtualTables.contains { $0.isSameName(as: table) }
            } ?? false
            return step
        }
        steps = steps.map(marked)
        deferred.steps = deferred.steps.map(marked)
    }
}
