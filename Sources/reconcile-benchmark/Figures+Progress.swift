import Foundation
import GRDB
import SchemaReconciler
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - What a progress handler costs

extension Figures {
    /// What a progress handler costs the rebuild of `rows` rows, as text for the rebuild figure:
    /// the sync with a handler against the same sync without one, and the statement that copies
    /// the rows alone, run through the row meter that reports them against run plainly. Both run
    /// on an in-memory copy of the database and are timed in CPU time: the disk and the other
    /// processes on the machine, which make wall-clock times vary by more than the cost, are left
    /// out, and what remains is the handler's share of the CPU work, which overstates its share
    /// of a sync to disk. Each figure prints the least times of either side, and the median of
    /// the two sides' ratios pair by pair; then the plain copy against itself, which says how
    /// far apart two runs of the same work land here: a cost below it is not resolved. The goal:
    /// the copy slowed by 2% at most.
    ///
    /// ```
    /// with a progress handler: 1.61 s vs 1.60 s CPU = +0.6%; the copy alone 412 ms vs 410 ms CPU = +0.5% (goal ≤ +2%: met,
    /// 999 reports; the plain copy against itself: +0.8%)
    /// ```
    func progressCost() throws -> String {
        let fixture = try Fixture()
        let source = fixture.path("items.sqlite")
        try fixture.writeSchema(Fixture.items(nameType: "TEXT"))
        try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: source)
        try Fixture.fillItems(source, rows: rows)
        try fixture.writeSchema(Fixture.items(nameType: "TEXT", scoreType: "TEXT"))

        var watched = Reconciler.Options()
        watched.progress = { _ in }
        let whole = try Self.cpuComparison(runs: 9, setup: { () -> DatabaseQueue in
            let queue = try DatabaseQueue()
            try DatabaseQueue(path: source).backup(to: queue)
            return queue
        }) { queue, isMeasured in
            _ = try Reconciler(schemaURL: fixture.schemaURL, options: isMeasured ? watched : Reconciler.Options()).sync(queue)
        }

        let plan = try Reconciler(schemaURL: fixture.schemaURL).plan(databaseAt: source)
        guard let step = plan.steps.first(where: { $0.method == .rebuild }), let create = step.statements.first,
              let copy = step.statements.first(where: { $0.hasPrefix("INSERT OR ABORT INTO") }) else {
            throw BenchmarkError(description: "the plan copies no table")
        }
        let (copyCost, reports) = try copyTimes(create: create, copy: copy, step: step, in: source)
        let (sameWork, _) = try copyTimes(create: create, copy: copy, step: step, in: source, meters: false)
        let verdict = copyCost.ratio <= 1.02 ? "met" : "NOT MET"
        return "with a progress handler: \(Figure.time(whole.measured)) vs \(Figure.time(whole.floor)) CPU = "
            + "\(Self.percent(whole.ratio)); the copy alone \(Figure.time(copyCost.measured)) vs \(Figure.time(copyCost.floor)) "
            + "CPU = \(Self.percent(copyCost.ratio)) "
            + "(goal ≤ +2%: \(verdict), \(reports) reports; the plain copy against itself: \(Self.percent(sameWork.ratio)))"
    }

    /// The CPU times of the copy statement through the row meter, and plainly, compared pair by
    /// pair, and how many reports one metered copy made; with `meters` false, the plain copy
    /// against itself, which measures how far apart two runs of the same work land on this
    /// machine. Each run copies in a transaction that is rolled back, on an in-memory copy of
    /// the database.
    private func copyTimes(create: String, copy: String, step: Step, in path: String,
                           meters: Bool = true) throws -> (CPUComparison, Int) {
        let queue = try DatabaseQueue()
        try DatabaseQueue(path: path).backup(to: queue)
        let handler: @Sendable (SyncProgress) -> Void = { _ in }
        let total = step.rows ?? rows
        var reports = 0
        let times = try Self.cpuComparison(runs: 16, setup: {}) { _, isMeasured in
            try queue.inTransaction { db in
                try db.execute(sql: create)
                let statement = try db.makeStatement(sql: copy)
                if isMeasured && meters {
                    reports = 0
                    _ = try RowCopyMeter(total: total) { copied in
                        reports += 1
                        handler(SyncProgress(phase: .applyingSteps, step: step, stepNumber: 1, stepCount: 1,
                                             copiedRows: copied, totalRows: total))
                    }.run(statement, in: db)
                } else {
                    try statement.execute()
                }
                return .rollback
            }
        }
        return (times, reports)
    }

    /// CPU times of `body` run measured (`true`) and as the floor (`false`), each after its own
    /// untimed setup, in pairs whose order alternates, after one untimed pair that warms the
    /// process up: the least time of each, and the median of the pairs' ratios.
    ///
    /// The ratio is taken pair by pair because a process's runs drift: the first ones fault in
    /// the memory the later ones reuse, so that the least time of either side comes from the
    /// last pair, and the side that runs last in it would look faster by several percent. A
    /// pair's two runs drift alike, and the alternating order cancels which goes first.
    private static func cpuComparison<Input>(runs: Int, setup: () throws -> Input,
                                             _ body: (Input, Bool) throws -> Void) throws -> CPUComparison {
        func time(_ isMeasured: Bool) throws -> Double {
            let input = try setup()
            let start = cpuTime()
            try body(input, isMeasured)
            return cpuTime() - start
        }
        _ = (try time(true), try time(false))
        var measured: [Double] = []
        var floor: [Double] = []
        for run in 0..<runs {
            for isMeasured in run % 2 == 0 ? [true, false] : [false, true] {
                let seconds = try time(isMeasured)
                if isMeasured { measured.append(seconds) } else { floor.append(seconds) }
            }
        }
        let ratios = zip(measured, floor).map { $0 / $1 }.sorted()
        return CPUComparison(measured: measured.min() ?? 0, floor: floor.min() ?? 0,
                             ratio: ratios.isEmpty ? 1 : ratios[ratios.count / 2])
    }

    /// What ``cpuComparison(runs:setup:_:)`` measures.
    private struct CPUComparison {
        /// The least CPU time of the measured runs, and of the floor's.
        var measured, floor: Double
        /// The median of the measured run's time over the floor's, pair by pair.
        var ratio: Double
    }

    /// The CPU time of the process (all its threads, in user and system mode), in seconds.
    private static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `+0.4%`, `-0.2%`.
    private static func percent(_ ratio: Double) -> String {
        String(format: "%+.1f%%", (ratio - 1) * 100)
    }
}
