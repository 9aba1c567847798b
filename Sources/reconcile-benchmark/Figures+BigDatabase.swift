import Foundation

// MARK: - A 1 GB database at launch

extension Figures {
    /// What the deferred sync's launch leaves for later.
    private static let deferredWork = ["copies-rows", "drops-data", "scans-rows", "builds-index"]

    /// What an app's launch costs on a 1 GB database (``BigDatabase``) against the same launch on
    /// an empty database of the same schema: the `reconcile` beside this benchmark run as whole
    /// processes (``BigDatabaseRuns``). Run only when named: the database takes a gigabyte on disk
    /// and some ten seconds to build the first time. A line about the databases, and the figures:
    ///
    /// ```
    /// 1 GB database: a no-op sync: 9.71 ms vs the same on the empty database 9.96 ms = 0.98× (goal ≤ 1.20×: met); 11 runs each, on one copy, warm cache
    /// ```
    func bigDatabase() throws -> (about: String, figures: [Figure]) {
        let reconcile = try ReconcileBinary.besideBenchmark()
        let start = ContinuousClock.now
        let (database, isNew) = try BigDatabase.cached(reconcile: reconcile)
        let built = isNew ? "built in " + Figure.time(Stopwatch.seconds(ContinuousClock.now - start)) : "cached"
        let runs = try BigDatabaseRuns(database: database, reconcile: reconcile)
        let addsColumn = ["--schema", runs.schemaPath(.addsColumn)]
        let scansRowsLater = ["--defer", "scans-rows"]
        let figures = [
            try runs.figure("a nullable column added to settings", addsColumn, writes: true, goal: 1.5),
            try runs.figure("a nullable column added, --defer scans-rows", addsColumn + scansRowsLater, writes: true, goal: 1.5),
            try runs.figure("its dry run", addsColumn + ["--dry-run"], writes: false, goal: 1.5),
            try runs.figure("its dry run, --defer scans-rows", addsColumn + ["--dry-run"] + scansRowsLater, writes: false, goal: 1.5),
            try runs.figure("a no-op sync", ["--schema", runs.schemaPath(.synced)], writes: false, goal: 1.2),
            try deferredLaunch(runs),
            try budgetedLaunch(runs),
        ]
        let about = "1 GB database: " + String(format: "%.2f GB", Double(database.bigSize) / 1e9)
            + " (\(BigDatabase.rows.authors) authors, \(BigDatabase.rows.books) books), \(built) in \(database.folder.path); "
            + "\(reconcile.url.path) as whole processes; every run on a warm page cache"
        return (about, figures)
    }

    /// A deferred sync's launch: `books.body` dropped, NOT NULL on `books.isbn`, a new
    /// `books.lang` with a constant default, an index on `books(title)`, every hazard deferred;
    /// and, beside it, the time of the `reconcile finish` that completes it.
    private func deferredLaunch(_ runs: BigDatabaseRuns) throws -> Figure {
        let launch = ["--schema", runs.schemaPath(.changesBooks), "--defer"] + Self.deferredWork
        var figure = try runs.figure("a deferred sync's launch (books.body dropped, NOT NULL on books.isbn, books.lang added, "
                                     + "an index on books(title)), --defer " + Self.deferredWork.joined(separator: " "),
                                     launch, writes: true, goal: 1.5)
        guard figure.unavailable == nil else { return figure }
        let finish = try runs.finishTimes(after: launch, schema: runs.schemaPath(.changesBooks), runs: Self.finishRuns)
        figure.extra += "; then reconcile finish: \(Figure.time(finish.big)) (empty database: \(Figure.time(finish.empty))), "
            + "\(Self.finishRuns) runs each, after which --check finds both in sync"
        return figure
    }

    /// A launch with `--launch-budget 1` whose change is `books.pages` from INTEGER to REAL (a
    /// copy, estimated well over a second) and a column added to `settings`: the column is
    /// added, the copy waits; `reconcile finish` then does it. Beside it, the same change with a
    /// budget of ten minutes, run whole at launch: its estimate against its measured time.
    private func budgetedLaunch(_ runs: BigDatabaseRuns) throws -> Figure {
        let schema = runs.schemaPath(.widensBooks)
        let launch = ["--schema", schema, "--launch-budget", "1"]
        var figure = try runs.figure("a launch with --launch-budget 1 (books.pages INTEGER to REAL, a copy that waits; settings.note added)",
                                     launch, writes: true, goal: 1.5)
        guard figure.unavailable == nil else { return figure }
        let finish = try runs.finishTimes(after: launch, schema: schema, runs: 1)
        let deferred = try runs.deferredEstimateAgainstFinish(schema: schema, table: "books", added: ("settings", "note"))
        let whole = try runs.estimateAgainstMeasured(schema: schema)
        figure.extra += "; then reconcile finish: \(Figure.time(finish.big)), after which --check finds it in sync; "
            + "in process, the copy that waited was estimated at \(Figure.time(deferred.estimate)) and finish "
            + "took \(Figure.time(deferred.measured)) to make it (\(Self.ratio(deferred))); "
            + "with a budget of 10 minutes it runs whole at launch: estimated \(Figure.time(whole.estimate)), "
            + "measured \(Figure.time(whole.measured)) (\(Self.ratio(whole)))"
        return figure
    }

    /// `estimate / measured = 0.87`.
    private static func ratio(_ times: (estimate: Double, measured: Double)) -> String {
        "estimate / measured = " + String(format: "%.2f", times.estimate / max(times.measured, 1e-9))
    }

    /// How many times each side runs `reconcile finish` (it copies `books` on the big one).
    private static let finishRuns = 3
}
