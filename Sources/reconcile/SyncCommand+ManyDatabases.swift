import ArgumentParser
import SchemaReconciler

// MARK: - sync with a pattern

extension SyncCommand {
    /// `--database 'tenants/*.sqlite'`: schema.yaml and its scripts loaded once, then each
    /// database the pattern matches synced (or previewed) on its own, `--jobs` at a time. A
    /// match removed before its turn fails, and is not created again.
    /// Exit status 1 when one failed; with `--check`, otherwise 4 when one would change.
    func runOnEachDatabase(_ reconciler: Reconciler) throws {
        let reconciler = try reconciler.loadingSchemaOnce()
        let paths = try options.databasePaths()
        guard dryRun || check else {
            let outcomes = try reconciler.sync(databasesAt: paths, jobs: options.jobCount, creatingMissing: false)
            if output.isJSON {
                try JSONOutput.print(ManyDatabasesJSON(syncs: outcomes))
            } else {
                ManyDatabasesText.sync(outcomes).print()
            }
            // The files listed as synced were; the others were left as they were.
            if let signal = Interruption.shared.signal { Interruption.exit(signal, changedNothing: false) }
            if outcomes.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.failure.rawValue) }
            return
        }
        let results = reconciler.eachDatabase(at: paths, jobs: options.jobCount) { reconciler, path in
            try Reconciler.requireExistingDatabase(at: path)
            let plan = try reconciler.plan(databaseAt: path)
            // A dry run refuses a denied hazard as --check and a sync do.
            try reconciler.refuseDeniedHazards(in: plan)
            return plan
        }
        let plans = Array(zip(paths, results)).map { (path: $0, result: $1) }
        if output.isJSON {
            try JSONOutput.print(ManyDatabasesJSON(plans: plans))
        } else {
            (check ? ManyDatabasesText.check(plans) : ManyDatabasesText.dryRun(plans)).print()
        }
        let tally = DatabaseTally(results) { !$0.isNothingToDo }
        if tally.failed > 0 { throw ExitCode(ExitStatus.failure.rawValue) }
        if check && tally.changed > 0 { throw ExitCode(ExitStatus.wouldChange.rawValue) }
    }
}
