// MARK: - ReconcileError.SyncNeededBeforeFinish

extension ReconcileError.Code {
    /// Finishing deferred work found a database to sync first: ``ReconcileError/SyncNeededBeforeFinish``.
    public static let syncNeededBeforeFinish = ReconcileError.Code(rawValue: 24, name: "syncNeededBeforeFinish")
}

extension ReconcileError {
    /// The payload of a database that `finishDeferredWork(databaseAt:)` found a sync must bring to
    /// schema.yaml's version first: the database's version (nil for one never synced) and
    /// schema.yaml's. Nothing was changed.
    ///
    /// ```swift
    /// if error.code == .syncNeededBeforeFinish { try reconciler.sync(databaseAt: path) }
    /// ```
    public struct SyncNeededBeforeFinish: Payload {
        /// ``ReconcileError/Code/syncNeededBeforeFinish``.
        public static let code = Code.syncNeededBeforeFinish

        /// The database's version; nil for a database never synced.
        public var storedVersion: SemanticVersion?
        /// schema.yaml's version.
        public var declaredVersion: SemanticVersion

        /// The payload of a database at `storedVersion` (nil: never synced), below `declaredVersion`.
        public init(storedVersion: SemanticVersion?, declaredVersion: SemanticVersion) {
            self.storedVersion = storedVersion
            self.declaredVersion = declaredVersion
        }

        /// `the database is at version 1.0.0 and schema.yaml declares version 2.0.0: run a sync first; …`.
        public var message: String {
            let now = storedVersion.map { "is at version \($0)" } ?? "was never synced"
            return "the database \(now) and schema.yaml declares version \(declaredVersion): run a sync first; "
                + "finishing only does the work a sync left for later. Nothing was changed."
        }
    }

    /// `finishDeferredWork(databaseAt:)` found a database that a sync must bring to schema.yaml's
    /// version first (`stored` is nil for one never synced).
    ///
    /// ```swift
    /// throw ReconcileError.syncNeededBeforeFinish(stored: state?.version, declared: plan.toVersion)
    /// ```
    public static func syncNeededBeforeFinish(stored: SemanticVersion?, declared: SemanticVersion) -> ReconcileError {
        ReconcileError(SyncNeededBeforeFinish(storedVersion: stored, declaredVersion: declared))
    }
}
