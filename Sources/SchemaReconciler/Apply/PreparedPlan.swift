// MARK: - PreparedPlan

/// A plan, and what a sync needs to know besides to apply it: the state the database recorded,
/// what it drops, whether it is new, whether it was synced by a newer app version.
///
/// ```swift
/// let prepared = try planning.prepare(db)
/// if prepared.isNothingToWrite { return }
/// ```
struct PreparedPlan {
    /// The plan.
    var plan: Plan
    /// The state the last sync recorded; nil for a database never synced.
    var state: StoredState?
    /// What the sync drops: the file's `drop`, or nothing for a newer database.
    var drop: DropList
    /// Whether the database is new: it held nothing of its users.
    var isNewDatabase: Bool
    /// Whether the database, newer than the file, is synced all the same.
    var acceptsNewerDatabase: Bool
    /// Whether the database, newer than the file, serves it as it is: nothing is written.
    var servesOlderVersion: Bool { plan.olderVersionServed != nil }

    /// Whether the sync has nothing to do and nothing to record: the schema matches, no upgrade
    /// is pending, and the stored version, floor and deferred work are already the ones to
    /// record (a floor that was never stored is its version, which a sync with nothing to do
    /// keeps); or the database, newer than the file, serves it as it is.
    var isNothingToWrite: Bool {
        if servesOlderVersion { return true }
        guard let state, plan.isEmpty else { return false }
        return state.version == plan.toVersion && state.effectiveFloor == plan.floor
            && state.deferred.isRecorded(as: plan.deferred)
    }
}

private extension Plan.DeferredWork {
    /// Whether `other` is this record, as stored: the same steps. A record this version cannot
    /// read is none: the sync writes its own in its place.
    func isRecorded(as other: Plan.DeferredWork) -> Bool {
        !isUnreadable && steps.map(\.action) == other.steps.map(\.action)
            && steps.map(\.statements) == other.steps.map(\.statements)
    }
}
