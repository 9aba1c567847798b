import Foundation
import GRDB
import SchemaReconciler

// MARK: - BigDatabaseRuns

/// Runs the commands of the 1 GB figures on copies of ``BigDatabase``'s files, each against the
/// same command on the empty database, turn about (medians of whole `reconcile` processes).
///
/// The commands that only read share one copy of each database. A command that writes runs
/// once on each copy: every run gets a fresh one. Each copy is flushed to disk before the clock
/// starts, so that no process pays for writing it back; its pages stay in the page cache, so
/// every run is on a warm cache (clearing the cache takes root).
///
/// ```swift
/// let runs = try BigDatabaseRuns(database: database, reconcile: reconcile)
/// let figure = try runs.figure("a no-op sync", ["--schema", runs.schemaPath(.synced)], writes: false, goal: 1.2)
/// ```
final class BigDatabaseRuns {
    /// How many times each side runs a command that writes, and one that only reads.
    static let runs = (writing: 9, reading: 11)
    /// What each figure is measured against.
    static let floorName = "the same on the empty database"

    let database: BigDatabase
    let reconcile: ReconcileBinary
    private let fixture: Fixture
    /// The copies that the commands that only read share.
    private let shared: (big: String, empty: String)

    /// Writes the schema.yaml files of the changes, as deployed files (more than two seconds old
    /// when the first command runs), and makes the shared copies.
    init(database: BigDatabase, reconcile: ReconcileBinary) throws {
        self.database = database
        self.reconcile = reconcile
        fixture = try Fixture()
        for schema in BigSchema.allCases where schema != .synced {
            try schema.yaml.write(toFile: fixture.path(schema.fileName), atomically: true, encoding: .utf8)
        }
        shared = (try fixture.copyToDisk(database.big, to: "shared-big.sqlite"),
                  try fixture.copyToDisk(database.empty, to: "shared-empty.sqlite"))
        Thread.sleep(forTimeInterval: 2.1)
    }

    /// The path of `schema`'s file: for ``BigSchema/synced``, the one the databases were synced with.
    func schemaPath(_ schema: BigSchema) -> String {
        schema == .synced ? database.schemaPath : fixture.path(schema.fileName)
    }

    // MARK: Figures

    /// The median time of `reconcile` with `arguments` and `--database` on the big database,
    /// against the same on the empty one, named `1 GB database: <what>`. The command runs once on the empty database first,
    /// untimed: when `reconcile` does not know one of its options, the figure is n/a; any other
    /// failure is an error. A command that only reads runs once on the big database too.
    func figure(_ what: String, _ arguments: [String], writes: Bool, goal: Double) throws -> Figure {
        let name = "1 GB database: " + what
        let trialArguments = arguments + ["--database", try copy(big: false, writes: writes)]
        let trial = try reconcile.run(trialArguments, errorsTo: errorPath)
        if trial.isUnknownOption {
            return .unavailable(name, floorName: Self.floorName, goal: goal, reason: "flag not available")
        }
        try trial.check(trialArguments)
        if !writes { try reconcile.succeed(arguments + ["--database", shared.big], errorsTo: errorPath) }
        let runs = writes ? Self.runs.writing : Self.runs.reading
        let command = { (path: String) in try self.reconcile.succeed(arguments + ["--database", path], errorsTo: self.errorPath) }
        let (measured, floor) = try Stopwatch.medians(runs: runs, setup: { isBig in try self.copy(big: isBig, writes: writes) },
                                                      measured: command, floor: command)
        _ = fixture.remove("work-big.sqlite")
        return Figure(name: name, measured: measured, floorName: Self.floorName, floor: floor, goal: goal,
                      extra: "\(runs) runs each, " + (writes ? "each on a fresh copy" : "on one copy") + ", warm cache")
    }

    /// The median time of `reconcile finish` after a launch with `launch` (arguments without
    /// `--database`), on the big database and on the empty one, turn about: each run on a fresh
    /// copy that the launch synced first, untimed. The last copies must then be in sync
    /// (`--check` exits 0), or it is an error: (big, empty).
    func finishTimes(after launch: [String], schema: String, runs: Int) throws -> (big: Double, empty: Double) {
        let finish = ["finish", "--schema", schema]
        let command = { (path: String) in try self.reconcile.succeed(finish + ["--database", path], errorsTo: self.errorPath) }
        let times = try Stopwatch.medians(runs: runs, setup: { isBig in
            let path = try self.copy(big: isBig, writes: true)
            try self.reconcile.succeed(launch + ["--database", path], errorsTo: self.errorPath)
            return path
        }, measured: command, floor: command)
        for name in ["work-big.sqlite", "work-empty.sqlite"] {
            try reconcile.succeed(["--check", "--schema", schema, "--database", fixture.path(name)], errorsTo: errorPath)
        }
        _ = fixture.remove("work-big.sqlite")
        return times
    }

    /// A launch with a budget of ten minutes, in this process, on a fresh copy of the big
    /// database: what its steps were estimated at before they ran, against how long they took
    /// (the report's `applyingSteps`), in seconds. Every step must have run at launch.
    func estimateAgainstMeasured(schema: String) throws -> (estimate: Double, measured: Double) {
        let (_, report) = try launchInProcess(schema: schema, budget: .seconds(600))
        guard report.deferred.isEmpty, let budget = report.plan.launchBudget else {
            throw BenchmarkError(description: "a launch with a budget of 10 minutes left work for later")
        }
        _ = fixture.remove("work-big.sqlite")
        return (Stopwatch.seconds(budget.estimate), Stopwatch.seconds(report.phaseDurations.applyingSteps))
    }

    /// A launch with a budget of a second, in this process, on a fresh copy of the big database,
    /// then `finishDeferredWork`: what the launch estimated the work it let wait at, against how
    /// long finishing it took (the finish's `applyingSteps`), in seconds. The launch must have
    /// kept to its budget, let wait only work on `table`, and run the rest (`added`, a table and
    /// its new column, must be there).
    func deferredEstimateAgainstFinish(schema: String, table: String,
                                       added: (table: String, column: String)) throws -> (estimate: Double, measured: Double) {
        let (path, launch) = try launchInProcess(schema: schema, budget: .seconds(1))
        guard let budget = launch.plan.launchBudget, !budget.isOverBudget, !launch.deferred.isEmpty,
              launch.deferred.steps.allSatisfy({ $0.table == table }) else {
            throw BenchmarkError(description: "a launch with a budget of a second did not let the work on \(table) wait")
        }
        let columns = try DatabaseQueue(path: path).read { db in try db.columns(in: added.table).map(\.name) }
        guard columns.contains(added.column) else {
            throw BenchmarkError(description: "a launch with a budget of a second did not add \(added.table).\(added.column)")
        }
        let finish = try Reconciler(schemaPath: schema).finishDeferredWork(databaseAt: path)
        _ = fixture.remove("work-big.sqlite")
        let estimate = budget.deferred.reduce(Duration.zero) { $0 + $1.estimate }
        return (Stopwatch.seconds(estimate), Stopwatch.seconds(finish.phaseDurations.applyingSteps))
    }

    // MARK: Parts

    /// A sync with `schema` and a launch budget of `budget`, in this process, on a fresh copy of
    /// the big database: the copy's path, and the report.
    private func launchInProcess(schema: String, budget: Duration) throws -> (path: String, report: SyncReport) {
        let path = try copy(big: true, writes: true)
        var options = Reconciler.Options()
        options.launchBudget = budget
        return (path, try Reconciler(schemaPath: schema, options: options).sync(databaseAt: path))
    }

    /// Where `reconcile` writes its standard error.
    private var errorPath: String { fixture.path("stderr.txt") }

    /// The database a run works on: a fresh copy for a command that writes, else the shared one.
    private func copy(big: Bool, writes: Bool) throws -> String {
        guard writes else { return big ? shared.big : shared.empty }
        let copy = big ? try fixture.copyToDisk(database.big, to: "work-big.sqlite")
                       : try fixture.copyToDisk(database.empty, to: "work-empty.sqlite")
        // The kernel goes on writing a gigabyte back for a while after the copy: the run waits
        // for it, on both sides alike, rather than be timed against it.
        Thread.sleep(forTimeInterval: Self.settling)
        return copy
    }

    /// How long a run waits after its copy is made.
    static let settling: TimeInterval = 1
}
