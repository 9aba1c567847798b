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
    /// of a sync to disk. The goal: the copy slowed by 2% at most.
    ///
    /// ```
    /// with a progress handler: 1.61 s vs 1.60 s CPU = +0.6%; the copy alone 412 ms vs 410 ms CPU = +0.5% (goal ≤ +2%: met, 999 reports)
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
        let (with, without) = try Self.cpuMinimums(runs: 9, setup: { () -> DatabaseQueue in
            let queue = try DatabaseQueue()
            try DatabaseQueue(path: source).backup(to: queue)
            return queue
        }) { queue, isMeasured in
            _ = try Reconciler(schemaURL: fixture.schemaURL, options: isMeasured ? watched : Reconciler.Options()).sync(queue)
        }

        let plan = try Reconciler(schemaURL: fixture.schemaURL).plan(databaseAt: source)
        guard let step = plan.steps.first(where: { $0.method == .rebuild }), let create = step.statements.first,
              let copy = step.statements.first(where: { $0.hasPrefix("INSERT INTO") }) else {
            throw BenchmarkError(description: "the plan copies no table")
        }
        let (metered, plain, reports) = try copyTimes(create: create, copy: copy, step: step, in: source)
        let verdict = metered / plain <= 1.02 ? "met" : "NOT MET"
        return "with a progress handler: \(Figure.time(with)) vs \(Figure.time(without)) CPU = \(Self.percent(with / without)); "
            + "the copy alone \(Figure.time(metered)) vs \(Figure.time(plain)) CPU = \(Self.percent(metered / plain)) "
            + "(goal ≤ +2%: \(verdict), \(reports) reports)"
    }

    /// The least times of the copy statement through the row meter, and plainly, the two in
    /// turn, and how many reports one metered copy made. Each run copies in a transaction that
    /// is rolled back, on an in-memory copy of the database.
    private func copyTimes(create: String, copy: String, step: Step, in path: String) throws -> (Double, Double, Int) {
        let queue = try DatabaseQueue()
        try DatabaseQueue(path: path).backup(to: queue)
        let handler: @Sendable (SyncProgress) -> Void = { _ in }
        let total = step.rows ?? rows
        var reports = 0
        let (metered, plain) = try Self.cpuMinimums(runs: 15, setup: {}) { _, isMetered in
            try queue.inTransaction { db in
                try db.execute(sql: create)
                let statement = try db.makeStatement(sql: copy)
                if isMetered {
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
        return (metered, plain, reports)
    }

    /// The least CPU times of `body` run measured (`true`) and as the floor (`false`), in turn,
    /// each after its own untimed setup: (measured, floor). The least, not the median: what
    /// else runs on the machine only ever adds time (cache misses, migrations), and a cost of a
    /// percent or two is smaller than what it adds.
    private static func cpuMinimums<Input>(runs: Int, setup: () throws -> Input,
                                          _ body: (Input, Bool) throws -> Void) throws -> (Double, Double) {
        var measured: [Double] = []
        var floor: [Double] = []
        for run in 0..<runs {
            for isMeasured in run % 2 == 0 ? [true, false] : [false, true] {
                let input = try setup()
                let start = cpuTime()
                try body(input, isMeasured)
                let time = cpuTime() - start
                if isMeasured { measured.append(time) } else { floor.append(time) }
            }
        }
        return (measured.min() ?? 0, floor.min() ?? 0)
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
