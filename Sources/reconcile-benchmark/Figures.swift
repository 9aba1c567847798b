import Foundation
import GRDB
import SchemaReconciler
import Yams

// MARK: - Figures

/// Each figure of the README's table: the reconciler's work and its floor, measured in turn.
struct Figures {
    /// The tables of the plan and add-column figures.
    var tables = 1000
    /// The rows of the large-table figures.
    var rows = 1_000_000
    /// The database files of the many-database figures.
    var files = 100

    // MARK: Launch

    /// A sync with nothing to do, as an app runs it at every launch, against opening the same
    /// file with GRDB and reading one value.
    func noOpLaunch() throws -> Figure {
        let fixture = try Fixture()
        try fixture.writeSchema(Fixture.tables(50))
        // As schema.yaml in an app's bundle: written well before the launch (a file changed in
        // the last two seconds is read and hashed every time; see FileSignature).
        Thread.sleep(forTimeInterval: 2.1)
        let path = fixture.path("app.sqlite")
        // Made once, as an app asks its bundle for the file's URL once.
        let schemaURL = fixture.schemaURL
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        let (measured, floor) = try Stopwatch.medians(runs: 301, setup: {}, measured: {
            _ = try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        }, floor: {
            let queue = try DatabaseQueue(path: path)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT 1") }
        })
        return Figure(name: "no-op launch sync, 50 tables", measured: measured,
                      floorName: "GRDB open + SELECT 1", floor: floor, goal: 1.1)
    }

    /// A new database of 50 tables, against parsing the file with Yams and running the same
    /// DDL in one transaction.
    func coldSync() throws -> Figure {
        let fixture = try Fixture()
        let yaml = Fixture.tables(50)
        try fixture.writeSchema(yaml)
        let ddl = try Reconciler(schemaURL: fixture.schemaURL).plan(databaseAt: fixture.path("none.sqlite"))
            .steps.flatMap(\.statements)
        let (measured, floor) = try Stopwatch.medians(runs: 31, setup: { fixture.remove("app.sqlite") }, measured: { path in
            _ = try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: path)
        }, floor: { path in
            _ = try Yams.load(yaml: yaml)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in for statement in ddl { try db.execute(sql: statement) } }
        })
        return Figure(name: "cold sync, 50 tables", measured: measured,
                      floorName: "Yams parse + the DDL in one transaction", floor: floor, goal: 1.5)
    }

    // MARK: Many tables

    /// The plan of `count` tables that each gain a column, against reading their PRAGMAs. The
    /// plan is made in-process from a loaded schema.yaml, as an app holding a `SchemaFile` (or a
    /// peer diffing its in-memory metadata) makes it; the whole dry run, loading the file
    /// included, is reported beside it.
    func plan(tables count: Int) throws -> Figure {
        let fixture = try Fixture()
        let path = try manyTables(count, in: fixture)
        let names = (0..<count).map { "t\($0)" }
        let runs = count >= 1000 ? 5 : 21
        let file = try SchemaFile(contentsOf: fixture.schemaURL)
        let (measured, floor) = try Stopwatch.medians(runs: runs, setup: {}, measured: {
            _ = try Reconciler(schema: file).plan(databaseAt: path)
        }, floor: {
            let queue = try DatabaseQueue(path: path)
            try queue.read { db in
                for name in names {
                    _ = try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(name))")
                    _ = try Row.fetchAll(db, sql: "PRAGMA index_list(\(name))")
                    _ = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(name))")
                }
            }
        })
        let whole = try Stopwatch.median(runs: runs) {
            _ = try Reconciler(schemaURL: fixture.schemaURL).plan(databaseAt: path)
        }
        return Figure(name: "dry run, \(count) tables each gaining a column", measured: measured,
                      floorName: "reading their PRAGMAs", floor: floor, goal: 3,
                      extra: "loading schema.yaml too: \(Figure.time(whole)) = " + String(format: "%.2f×", whole / floor))
    }

    /// A column added to each of `tables` tables, against a raw `ALTER TABLE … ADD COLUMN` loop
    /// in one transaction.
    func addColumns() throws -> Figure {
        let fixture = try Fixture()
        let source = try manyTables(tables, in: fixture)
        let names = (0..<tables).map { "t\($0)" }
        let (measured, floor) = try Stopwatch.medians(runs: 3, setup: { try fixture.copy(source, to: "work.sqlite") },
                                                      measured: { path in
            let report = try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: path)
            guard report.didChange else { throw BenchmarkError(description: "the sync changed nothing") }
        }, floor: { path in
            try DatabaseQueue(path: path).write { db in
                for name in names { try db.execute(sql: "ALTER TABLE \(name) ADD COLUMN extra TEXT") }
            }
        })
        return Figure(name: "a column added to each of \(tables) tables", measured: measured,
                      floorName: "raw ALTER TABLE … ADD COLUMN loop", floor: floor, goal: 0.25)
    }

    /// A database of `count` tables, and schema.yaml where each gains a column.
    private func manyTables(_ count: Int, in fixture: Fixture) throws -> String {
        let path = fixture.path("app.sqlite")
        try fixture.writeSchema(Fixture.tables(count))
        try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: path)
        try fixture.writeSchema(Fixture.tables(count, version: "1.1.0", extra: "extra: TEXT"))
        return path
    }

    // MARK: Large tables

    /// NOT NULL added to a column whose rows all have a value, against the 12-step copy.
    func notNull() throws -> Figure {
        try largeTable(name: "NOT NULL added, \(rows) rows (data fits)", goal: 0.1,
                       newSchema: Fixture.items(nameType: "TEXT", notNull: true), newTypes: ("TEXT NOT NULL", "REAL"))
    }

    /// A column's affinity changed so that every stored value is converted (REAL to TEXT: a true
    /// rebuild), against the 12-step copy; then what a progress handler costs it (``progressCost()``).
    func affinityChange() throws -> Figure {
        var figure = try largeTable(name: "affinity change (rebuild), \(rows) rows", goal: 1.05,
                                    newSchema: Fixture.items(nameType: "TEXT", scoreType: "TEXT"), newTypes: ("TEXT", "TEXT"))
        figure.extra += "; " + (try progressCost())
        return figure
    }

    private func largeTable(name: String, goal: Double, newSchema: String,
                            newTypes: (name: String, score: String)) throws -> Figure {
        let fixture = try Fixture()
        let source = fixture.path("items.sqlite")
        try fixture.writeSchema(Fixture.items(nameType: "TEXT"))
        try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: source)
        try Fixture.fillItems(source, rows: rows)
        try fixture.writeSchema(newSchema)
        var peak: UInt64 = 0
        var methods: [Step.Method] = []
        let (measured, floor) = try Stopwatch.medians(runs: 3, setup: { try fixture.copy(source, to: "work.sqlite") },
                                                      measured: { path in
            peak = max(peak, try Memory.peakIncrease {
                methods = try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: path).plan.steps.map(\.method)
            })
        }, floor: { path in
            try Self.twelveStepCopy(path, types: newTypes)
        })
        let defensive = try DatabaseQueue().inDatabase { $0.isDefensive }
        return Figure(name: name, measured: measured, floorName: "the 12-step copy", floor: floor, goal: goal,
                      extra: "peak memory +" + String(format: "%.1f MiB", Double(peak) / 1_048_576)
                        + "; method \(methods.map(\.rawValue).joined(separator: ", ")) on a connection "
                        + (defensive ? "in defensive mode" : "not in defensive mode"))
    }

    /// SQLite's documented procedure for a change ALTER TABLE cannot make, by hand.
    static func twelveStepCopy(_ path: String, types: (name: String, score: String)) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.inTransaction {
                try db.execute(sql: """
                    CREATE TABLE new_items (id INTEGER PRIMARY KEY, name \(types.name), score \(types.score), payload BLOB);
                    INSERT INTO new_items (id, name, score, payload) SELECT id, name, score, payload FROM items;
                    DROP TABLE items;
                    ALTER TABLE new_items RENAME TO items;
                    CREATE INDEX items_by_name ON items (name);
                    """)
                _ = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                return .commit
            }
        }
    }
}

/// A benchmark that could not run as intended.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}
