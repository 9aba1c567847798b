// MARK: - Plan.DeferredWork

extension Plan {
    /// What a sync left for later, as ``Reconciler/Options/deferring`` allowed: the steps that wait
    /// for `finishDeferredWork(databaseAt:)`.
    ///
    /// ```swift
    /// let status = try reconciler.status(databaseAt: path)
    /// for step in status.deferred.steps { print("waits:", step) } // drop column books.body …
    /// if !status.deferred.isEmpty { try reconciler.finishDeferredWork(databaseAt: path) }
    /// ```
    public struct DeferredWork: Sendable, Hashable, Codable {
        /// The steps that wait, in the order they will run.
        public var steps: [Step]

        /// Whether a record of deferred work was found that this version of the library cannot
        /// read: something waits, and the next sync that lets nothing wait plans it again.
        package var isUnreadable = false

        /// Creates a value.
        public init(steps: [Step] = []) {
            self.steps = steps
        }

        /// Whether nothing waits.
        public var isEmpty: Bool { steps.isEmpty && !isUnreadable }

        /// The hazards of the steps that wait.
        public var hazards: [Hazard] { steps.flatMap(\.hazards) }

        private enum CodingKeys: String, CodingKey {
            case steps
        }
    }
}
