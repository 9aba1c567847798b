import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite   // GRDB's module for the system SQLite
#elseif canImport(SQLCipher)
import SQLCipher    // GRDB's SQLCipher setup
#elseif canImport(SQLite3)
import SQLite3      // GRDB built as a framework, with Apple's SQLite
#endif

// MARK: - RowCopyMeter

/// Runs the `INSERT … SELECT` that copies a table's rows in a rebuild, and reports how many rows
/// it has copied while it runs, without changing the statement or adding one.
///
/// SQLite calls back every ``interval`` virtual-machine instructions (`sqlite3_progress_handler`);
/// the meter then reads how many times the statement's scan of the table has stepped to a next
/// row (`SQLITE_STMTSTATUS_FULLSCAN_STEP`, a counter SQLite keeps anyway). The scan steps to the
/// next row only once the current one is inserted, so the count never runs ahead of the copy; it
/// only grows, and it is capped at `total`. When the statement is done, ``run(_:in:)`` returns
/// the exact count: the rows it inserted.
///
/// ```swift
/// let meter = RowCopyMeter(total: 5000) { copied in print("\(copied) of 5000") }
/// let copied = try meter.run(statement, in: db)   // 5000
/// ```
package final class RowCopyMeter {
    /// The virtual-machine instructions between two looks at the count: a copy takes some
    /// fifteen per row, so a look every few dozen rows, at a cost too small to measure.
    package static let interval: Int32 = 1000

    /// The rows the copy is expected to copy.
    package let total: Int
    /// Called with the rows copied so far, each time they have grown by ``stride`` or more.
    private let report: (Int) -> Void
    /// The growth worth a report: a thousandth of the table, at least one row.
    private let stride: Int
    /// The rows last reported.
    private var reported = 0
    /// The statement running, while it runs.
    private var statement: SQLiteStatement?

    /// Creates a meter for a copy of `total` rows that reports to `report`.
    package init(total: Int, report: @escaping (Int) -> Void) {
        self.total = total
        self.report = report
        stride = max(1, total / 1000)
    }

    // MARK: Running the copy

    /// Executes `statement` on `db`, reporting the rows copied as it goes; returns the rows it
    /// inserted. The connection's progress handler is SQLite's single slot: it is set for the
    /// statement, and cleared after it.
    package func run(_ statement: Statement, in db: Database) throws -> Int {
        guard let connection = db.sqliteConnection else {
            try statement.execute()
            return db.changesCount
        }
        self.statement = statement.sqliteStatement
        sqlite3_progress_handler(connection, Self.interval, { context in
            if let context { Unmanaged<RowCopyMeter>.fromOpaque(context).takeUnretainedValue().look() }
            return 0   // go on
        }, Unmanaged.passUnretained(self).toOpaque())
        defer {
            sqlite3_progress_handler(connection, 0, nil, nil)
            self.statement = nil
        }
        try withExtendedLifetime(self) { try statement.execute() }
        return db.changesCount
    }

    /// Reads the scan's count, and reports it when it has grown enough.
    private func look() {
        guard let statement else { return }
        let scanned = min(Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0)), total)
        guard scanned >= reported + stride else { return }
        reported = scanned
        report(scanned)
    }
}
