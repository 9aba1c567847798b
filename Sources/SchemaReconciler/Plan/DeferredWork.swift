// MARK: - DeferredWork

/// What a sync left for later, as ``Reconciler/Options/deferring`` allowed: the steps that wait
/// for `finishDeferredWork(databaseAt:)`, and whether the foreign keys of the
/// tables the sync did not touch are still to be checked.
///
/// ```swift
/// let status = try reconciler.status(databaseAt: path)
/// for step in status.deferred.steps { print("waits:", step) } // drop column books.body …
/// if !status.deferred.isEmpty { try reconciler.finishDeferredWork(databaseAt: path) }
/// ```
public struct DeferredWork: Sendable, Hashable, Codable {
    /// The steps that wait, in the order they will run.
    public var steps: [Step]
    /// Whether `PRAGMA foreign_key_check` over the whole database waits: a sync that defers
    /// ``Hazard/Kind/scansRows`` checks only the tables its steps could have left with rows
    /// that reference a missing parent.
    public var checksForeignKeys: Bool

    /// Creates a value.
    public init(steps: [Step] = [], checksForeignKeys: Bool = false) {
        self.steps = steps
        self.checksForeignKeys = checksForeignKeys
    }

    /// Whether nothing waits.
    public var isEmpty: Bool { steps.isEmpty && !checksForeignKeys }

    /// The hazards of the steps that wait.
    public var hazards: [Hazard] { steps.flatMap(\.hazards) }
}
