import ArgumentParser
import SchemaReconciler

// MARK: - status with a pattern

extension StatusCommand {
    /// `status --database 'tenants/*.sqlite'`: schema.yaml loaded once, then where each database
    /// the pattern matches stands, `--jobs` at a time. Exit status 1 when one could not be read
    /// or was removed before its turn.
    func runOnEachDatabase(_ reconciler: Reconciler) throws {
        let reconciler = try reconciler.loadingSchemaOnce()
        let paths = try options.databasePaths()
        let results = reconciler.eachDatabase(at: paths, jobs: options.jobCount) { reconciler, path in
            try Reconciler.requireExistingDatabase(at: path)
            return try reconciler.status(databaseAt: path)
        }
        let statuses = Array(zip(paths, results)).map { (path: $0, result: $1) }
        if output.isJSON {
            try JSONOutput.print(ManyDatabasesJSON(statuses: statuses))
        } else {
            ManyDatabasesText.status(statuses).print()
        }
        if results.contains(where: { if case .failure = $0 { true } else { false } }) {
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}
