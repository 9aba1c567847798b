import SchemaReconciler

// MARK: - DeferredText

/// The lines that list the work waiting for `reconcile finish`, for `status`, a dry run and a
/// sync's report; none when nothing waits.
///
/// ```
/// deferred until `reconcile finish`:
///   drop column books.body (listed under drop)
/// ```
struct DeferredText {
    let deferred: Plan.DeferredWork

    init(_ deferred: Plan.DeferredWork) {
        self.deferred = deferred
    }

    var lines: [String] {
        guard !deferred.isEmpty else { return [] }
        var lines = ["deferred until `reconcile finish`:"]
        lines += deferred.steps.map { "  \($0)" }
        return lines
    }
}
