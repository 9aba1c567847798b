// MARK: - Steps on tables CloudKit shares

extension Plan {
    /// Marks each step, of those that run now and those that wait, whose table `compatibility`
    /// shares between devices through CloudKit (``Step/isCloudKitShared``), so that its drops and renames are
    /// ``Hazard/breaksCloudKitSharing(table:column:renamedTo:rows:)``. A virtual table (a full-text index,
    /// say) is the device's own, made from rows the sync brings: none of `virtualTables`, those
    /// declared and those in the database, is marked. Without a profile, nothing is marked.
    ///
    /// ```swift
    /// plan.markCloudKitSteps(under: file.compatibility, virtualTables: ["notes_search"])
    /// plan.hazards // [… breaks-cloudkit-sharing: drops CloudKit-shared column notes.body (3 rows), …]
    /// ```
    package mutating func markCloudKitSteps(under compatibility: Compatibility?, virtualTables: [String]) {
        guard let compatibility else { return }
        func marked(_ step: Step) -> Step {
            var step = step
            step.isCloudKitShared = step.table.map { table in
                compatibility.covers(table) && !virtualTables.contains { $0.isSameName(as: table) }
            } ?? false
            return step
        }
        steps = steps.map(marked)
        deferred.steps = deferred.steps.map(marked)
    }
}
