import SchemaReconciler

// MARK: - StandInFallback

/// How the commands that write nothing (`--dry-run`, `--check`, `status`, `verify`) treat a
/// schema.yaml that uses a collation or SQL function of the app's own, which `reconcile` cannot
/// register: they go on with a stand-in that does nothing in its place, after a warning for
/// each, so that CI can still preview a sync. A sync refuses such a file: an index built in a
/// stand-in's order would be out of order for the app.
///
/// ```swift
/// let plan = try StandInFallback.run(reconciler) { try $0.plan(databaseAt: "app.sqlite") }
/// ```
enum StandInFallback {
    /// `body(reconciler)`; when schema.yaml uses a collation or function the command does not
    /// have, `body` again with a reconciler that stands in for each, after the warnings. A
    /// file without them costs nothing more, and is read no more than before.
    static func run<T>(_ reconciler: Reconciler, _ body: (Reconciler) throws -> T) throws -> T {
        do {
            return try body(reconciler)
        } catch let error as ReconcileError {
            guard case .unregistered(_, let kind, _, _)? = error.payload(as: ReconcileError.InvalidSchema.self)?.schemaError,
                  kind != "tokenizer" else { throw error }
            return try body(standingIn(reconciler))
        }
    }

    /// `reconciler` with schema.yaml loaded with stand-ins, for it and for `releases`, after a
    /// warning for each stand-in.
    static func standingIn(_ reconciler: Reconciler, alsoFor releases: [SchemaRelease] = []) throws -> Reconciler {
        let files = releases.compactMap(\.file)
        let standingIn = try reconciler.standingInForUnregisteredSQL(alsoFor: files.flatMap(\.standIns),
                                                                     otherDefaultFunctions: files.flatMap(\.defaultFunctions))
        for error in standingIn.standIns + releases.compactMap(\.file).flatMap(\.standIns) {
            ErrorText.printLine(StandInText.warning(error))
        }
        return standingIn
    }
}
