import Foundation
import SchemaReconciler

// MARK: - Many databases in one command

extension Figures {
    /// The tables of each database of the many-database figures (`files` says how many).
    static let manyTables = 20

    /// `reconcile --database 'tenants/*.sqlite'` over databases that are all in sync, per file,
    /// against one `reconcile` process syncing one of them. Both are child processes of the
    /// `reconcile` built beside this benchmark; the schema file is older than two seconds, as a
    /// deployed one is.
    func manyDatabasesNoOp() throws -> Figure {
        let (fixture, files) = try manyDatabasesFixture()
        return try perFile("no-op", fixture: fixture, files: files, runs: 11, setup: {}, goal: 0.1)
    }

    /// The same command adding a column to every table of every database, per file, against one
    /// `reconcile` process doing it to one database.
    func manyDatabasesAddColumn() throws -> Figure {
        let (fixture, files) = try manyDatabasesFixture()
        let tables = Self.manyTables
        try fixture.writeSchema(Fixture.tables(tables, version: "1.1.0", extra: "extra: TEXT"))
        Thread.sleep(forTimeInterval: 2.1)
        let sources = try files.map { try fixture.copy($0, to: "sources/" + URL(fileURLWithPath: $0).lastPathComponent) }
        let restore = {
            for (source, file) in zip(sources, files) {
                _ = try fixture.copy(source, to: "tenants/" + URL(fileURLWithPath: file).lastPathComponent)
            }
        }
        try restore()
        try Self.runReconcile(["--database", fixture.path("tenants/*.sqlite")], in: fixture)
        let version = try Reconciler(schema: SchemaFile(contentsOf: fixture.schemaURL)).status(databaseAt: files.last!)
        guard version.isInSync, version.storedVersion == "1.1.0" else {
            throw BenchmarkError(description: "the command did not add the column to every database")
        }
        return try perFile("add a column", fixture: fixture, files: files, runs: 5, setup: restore, goal: 0.25)
    }

    // MARK: Parts

    /// The command over every file, per file, against one `reconcile` process on the first file;
    /// `setup` runs before each of them.
    private func perFile(_ what: String, fixture: Fixture, files: [String], runs: Int, setup: () throws -> Void,
                         goal: Double) throws -> Figure {
        let (measured, floor) = try Stopwatch.medians(runs: runs, setup: setup, measured: {
            try Self.runReconcile(["--database", fixture.path("tenants/*.sqlite")], in: fixture)
        }, floor: {
            try Self.runReconcile(["--database", files[0]], in: fixture)
        })
        return Figure(name: "many databases (\(files.count) files of \(Self.manyTables) tables), \(what), per file",
                      measured: measured / Double(files.count), floorName: "one reconcile process", floor: floor,
                      goal: goal, extra: "the whole command \(Figure.time(measured)), \(Self.jobsNote)")
    }

    /// A folder `tenants/` of databases synced with schema.yaml of 20 tables, written more than
    /// two seconds ago; the fixture and the databases' paths.
    private func manyDatabasesFixture() throws -> (Fixture, [String]) {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(atPath: fixture.path("tenants"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixture.path("sources"), withIntermediateDirectories: true)
        try fixture.writeSchema(Fixture.tables(Self.manyTables))
        Thread.sleep(forTimeInterval: 2.1)
        let first = fixture.path("tenants/tenant-000.sqlite")
        try Reconciler(schemaURL: fixture.schemaURL).sync(databaseAt: first)
        var files = [first]
        for index in 1..<max(self.files, 1) {
            files.append(try fixture.copy(first, to: String(format: "tenants/tenant-%03d.sqlite", index)))
        }
        return (fixture, files)
    }

    /// How many databases the command works on at once.
    private static var jobsNote: String {
        "--jobs \(ProcessInfo.processInfo.activeProcessorCount) (one per core)"
    }

    /// Runs the `reconcile` beside this executable with the fixture's schema.yaml, and waits
    /// for it; an exit status other than 0 is an error.
    private static func runReconcile(_ arguments: [String], in fixture: Fixture) throws {
        let process = Process()
        process.executableURL = ReconcileBinary.benchmarkFolder.appendingPathComponent("reconcile")
        process.arguments = ["--schema", fixture.schemaURL.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(description: "reconcile \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}
