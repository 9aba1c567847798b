import GRDB

// MARK: - LaunchCostEstimator

/// What each step of a plan would cost on this device, estimated before anything changes and
/// without a pass over the rows: for ``Reconciler/Options/launchBudget``.
///
/// A table's bytes are its rows times the bytes of an average row. The rows are those
/// `sqlite_stat1` records (`ANALYZE`), or the span of its rowids (`max(rowid)` and `min(rowid)`,
/// which SQLite reads from the ends of the table's b-tree); the average row is measured on its
/// first ``sampleRows`` rows; the total is at most the file's pages in use (`PRAGMA page_count`
/// less `freelist_count`). A table without rowid and without statistics counts as big as that.
/// Two rates are measured once, on those sample rows of the biggest table: counting them (the
/// fastest of three counts; a copy rate is given instead by ``Reconciler/Options/copyRate``, and
/// reading then counts four times as fast), and copying them into a temporary table.
///
/// A copy (a rebuild) writes the table's bytes twice (the new table, and the pages the journal or
/// the WAL keeps) and once more per index built again; an index built or a column dropped
/// writes them once; a scan of the rows (a constraint checked, a table dropped) reads them once;
/// a step that does not read the rows (`ADD COLUMN`, a view, an edit in place that checks
/// nothing) costs nothing.
///
/// ```swift
/// var estimator = try LaunchCostEstimator(db, live: live, liveNames: [:], rate: nil)
/// try estimator.estimates(of: steps)   // [rebuild table events: … (about 42 seconds), …]
/// ```
package struct LaunchCostEstimator {
    /// The rows of a table an estimate reads, at most: to measure its average row, and the rate.
    package static let sampleRows = 2_000
    /// The rate when nothing could be measured: 20 MB a second.
    package static let fallbackRate = 20_000_000.0
    /// The rates, copied and read, when nothing could be measured.
    private static let fallbackRates = (copy: fallbackRate, read: fallbackRate * readSpeedup)
    /// How much faster than a copy a read is taken to be, when the copy rate is given.
    package static let readSpeedup = 4.0

    private let db: Database
    private let live: Schema
    private let liveNames: [SQLName: String]
    private let usedBytes: Double
    /// Whether the database holds `sqlite_stat1`, the row counts of `ANALYZE`.
    private let hasStatistics: Bool
    /// Bytes a second, copied and read; measured when first needed unless given.
    private var rates: (copy: Double, read: Double)?
    private var bytes: [SQLName: Double] = [:]
    /// The sample rows read of each table, by its name now, and their bytes.
    private var samples: [String: (rows: Int, bytes: Double)] = [:]

    /// An estimator for the database of `db`, whose live schema, renames done, is `live`
    /// (`liveNames` gives a renamed table's name now), at `rate` bytes a second (nil measures it).
    package init(_ db: Database, live: Schema, liveNames: [SQLName: String], rate: Double?) throws {
        self.db = db
        self.live = live
        self.liveNames = liveNames
        rates = rate.map { ($0, $0 * Self.readSpeedup) }
        usedBytes = Double(try PageUsage(db).usedBytes)
        hasStatistics = try db.tableExists("sqlite_stat1")
    }

    // MARK: Estimates

    /// Each step with its estimate.
    package mutating func estimates(of steps: [Step]) throws -> [Plan.StepEstimate] {
        if rates == nil { rates = try measuredRates(for: steps) }
        var estimates: [Plan.StepEstimate] = []
        for step in steps {
            estimates.append(Plan.StepEstimate(step: step, estimate: try estimate(of: step)))
        }
        return estimates
    }

    /// What `step` is estimated to cost.
    private mutating func estimate(of step: Step) throws -> Duration {
        guard let table = step.table else { return .zero }
        let (writes, reads) = Self.passes(of: step, indexes: live.table(named: table)?.indexes.count ?? 0)
        guard writes + reads > 0 else { return .zero }
        let rates = rates ?? Self.fallbackRates
        let seconds = try bytes(of: table) * (Double(writes) / rates.copy + Double(reads) / rates.read)
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// How many times the step writes its table's bytes, and how many times it reads them.
    private static func passes(of step: Step, indexes: Int) -> (writes: Int, reads: Int) {
        if step.method == .rebuild { return (2 + indexes, 0) }
        switch step.action {
        case .createIndex, .dropColumn, .reindexTable: return (1, 0)
        case .dropTable: return (0, 1)
        default: return (0, step.checks.isEmpty ? 0 : 1)
        }
    }

    // MARK: Tables

    /// The bytes of the rows of `table` (its name after renames), estimated; 0 for a table not there yet.
    private mutating func bytes(of table: String) throws -> Double {
        if let known = bytes[table.sqlName] { return known }
        let name = liveNames[table.sqlName] ?? table
        let estimate: Double
        if let liveTable = live.table(named: table), try db.tableExists(name) {
            let (sampled, sampleBytes) = try sample(name)
            if sampled < Self.sampleRows {
                estimate = sampleBytes
            } else if let rows = try rows(of: name, withoutRowID: liveTable.isWithoutRowID) {
                estimate = min(sampleBytes / Double(sampled) * rows, usedBytes)
            } else {
                estimate = usedBytes
            }
        } else {
            estimate = 0
        }
        bytes[table.sqlName] = estimate
        return estimate
    }

    /// The rows of the table named `name` as SQLite keeps them: from `sqlite_stat1`, or the span
    /// of its rowids; nil when neither tells.
    private func rows(of name: String, withoutRowID: Bool) throws -> Double? {
        if hasStatistics,
           let stat = try String.fetchOne(db, sql: "SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1", arguments: [name]),
           let first = stat.split(separator: " ").first, let rows = Double(first) {
            return rows
        }
        guard !withoutRowID else { return nil }
        let quoted = SQLText.quote(name)
        // Each is read from one end of the b-tree; together in one query they would read it all.
        guard let high = try Int64.fetchOne(db, sql: "SELECT max(_rowid_) FROM \(quoted)"),
              let low = try Int64.fetchOne(db, sql: "SELECT min(_rowid_) FROM \(quoted)") else { return 0 }
        return Double(high) - Double(low) + 1
    }

    /// The rows read of the table named `name` (at most ``sampleRows``) and their bytes, as
    /// stored: each value's bytes, and a few for the row's header. Read once a table.
    private mutating func sample(_ name: String) throws -> (rows: Int, bytes: Double) {
        if let known = samples[name] { return known }
        let columns = try db.columns(in: name).map { "coalesce(length(CAST(\(SQLText.quote($0.name)) AS BLOB)), 0)" }
        guard !columns.isEmpty else { return (0, 0) }
        let perRow = columns.joined(separator: " + ") + " + \(columns.count + 4)"
        let row = try Row.fetchOne(db, sql: """
            SELECT count(*), total(\(perRow)) FROM (SELECT * FROM \(SQLText.quote(name)) LIMIT \(Self.sampleRows))
            """)
        let sample: (rows: Int, bytes: Double) = (row?[0] ?? 0, row?[1] ?? 0)
        samples[name] = sample
        return sample
    }

    // MARK: The rate

    /// The bytes a second this device copies and reads: the sample rows of the biggest table the
    /// steps read, read and copied into a temporary table, timed. A connection that may not write
    /// even that (a read-only one) counts a copy as ``readSpeedup`` reads.
    private mutating func measuredRates(for steps: [Step]) throws -> (copy: Double, read: Double) {
        var biggest: (name: String, bytes: Double)?
        for table in Set(steps.compactMap(\.table)) {
            let size = try bytes(of: table)
            if size > (biggest?.bytes ?? 0) { biggest = (liveNames[table.sqlName] ?? table, size) }
        }
        guard let biggest else { return Self.fallbackRates }
        let select = "SELECT * FROM \(SQLText.quote(biggest.name)) LIMIT \(Self.sampleRows)"
        let sample = try self.sample(biggest.name)
        guard sample.bytes > 0 else { return Self.fallbackRates }
        // The sample's pages are in the cache since its bytes were counted, as a scan's pages
        // are once it started.
        let read = sample.bytes / (try Self.fastest { _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(select))") })
        let temporary = "temp.\(SQLText.quote("_reconciler_rate_sample"))"
        do {
            let copying = try Self.fastest {
                try db.execute(sql: "CREATE TABLE \(temporary) AS \(select)")
                try db.execute(sql: "DROP TABLE \(temporary)")
            }
            return (sample.bytes / copying, read)
        } catch {
            return (read / Self.readSpeedup, read)
        }
    }

    /// The seconds of the fastest of three runs of `work`: a run of a millisecond is easily
    /// slowed by the rest of the device, where a step's whole length evens that out.
    private static func fastest(_ work: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var fastest = Double.infinity
        for _ in 1...3 {
            let start = clock.now
            try work()
            fastest = min(fastest, max((clock.now - start).seconds, 1e-5))
        }
        return fastest
    }
}
