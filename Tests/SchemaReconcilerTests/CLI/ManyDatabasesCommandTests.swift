import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - reconcile --database 'tenants/*.sqlite'

/// The command over many databases: the pattern expanded by the tool, a line per database that
/// changed or failed, a count, the exit status, and the JSON.
@Suite struct ManyDatabasesCommandTests {
    /// The schema files of the library's tests: a column added, and emails made unique.
    static let before = ManyDatabasesTests.before
    static let after = ManyDatabasesTests.after

    /// `tenants/a.sqlite` to be synced, `b.sqlite` that cannot be (a duplicate email), and
    /// `c.sqlite` already in sync with schema.yaml, which is ``after``.
    private func tenants() throws -> Workspace {
        let space = try Workspace()
        try FileManager.default.createDirectory(at: space.url.appendingPathComponent("tenants"),
                                                withIntermediateDirectories: true)
        try space.writeSchema(Self.before)
        for name in ["a", "b", "c"] {
            try space.reconciler().sync(databaseAt: path(name, in: space))
        }
        try DatabaseQueue(path: path("b", in: space)).write {
            try $0.execute(sql: "INSERT INTO users (email) VALUES ('a@x.org'), ('a@x.org')")
        }
        try space.writeSchema(Self.after)
        try space.reconciler().sync(databaseAt: path("c", in: space))
        return space
    }

    private func path(_ name: String, in space: Workspace) -> String {
        space.url.appendingPathComponent("tenants/\(name).sqlite").path
    }

    private func bytes(_ name: String, in space: Workspace) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name, in: space)))
    }

    // MARK: sync

    @Test func eachMatchingDatabaseIsSyncedWithALinePerChangeOrFailureAndACount() throws {
        let space = try tenants()
        let failing = try bytes("b", in: space)
        let result = try ReconcileCommand.run(["--database", "tenants/*.sqlite", "--jobs", "2"], in: space.url)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("tenants/a.sqlite synced from version 1.0.0 to 1.1.0: ") == true)
        #expect(lines.first?.hasSuffix(" 0 upgrades") == true)
        #expect(lines.last == "3 databases: 1 synced, 1 already in sync, 1 failed")
        let errors = result.error.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("tenants/b.sqlite: error: table users: 2 rows violate UNIQUE (email)") == true)
        #expect(try bytes("b", in: space) == failing)

        let again = try ReconcileCommand.run(["sync", "--database", "tenants/[ac].sqlite"], in: space.url)
        #expect(again.status == 0)
        #expect(again.output == "2 databases: 0 synced, 2 already in sync, 0 failed\n")
    }

    @Test func aPatternThatMatchesNothingIsAnErrorAndCreatesNoFile() throws {
        let space = try Workspace()
        try space.writeSchema(Self.before)
        let tenants = space.url.appendingPathComponent("tenants")
        try FileManager.default.createDirectory(at: tenants, withIntermediateDirectories: true)
        for arguments in [["sync"], ["sync", "--check"], ["sync", "--dry-run"], ["status"]] {
            let result = try ReconcileCommand.run(arguments + ["--database", "tenants/*.sqlite"], in: space.url)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error == "error: cannot use the database tenants/*.sqlite: the pattern matches no database file\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tenants.path).isEmpty)
        }
        let json = try ReconcileCommand.run(["--database", "tenants/*.sqlite", "--format", "json"], in: space.url)
        #expect(json.status == 1)
        let error = try #require(try object(json.output)["error"] as? [String: Any])
        #expect(error["kind"] as? String == "invalidDatabasePath")
        #expect(error["problem"] as? String == "noMatch")
        #expect(error["path"] as? String == "tenants/*.sqlite")
    }

    @Test func anInvalidSchemaIsReportedOnceWithExitTwoAndNoDatabaseChanges() throws {
        let space = try tenants()
        let before = try ["a", "b", "c"].map { try bytes($0, in: space) }
        try space.writeSchema(Self.after.replacingOccurrences(of: "not_null: true", with: "not_nul: true"))
        let result = try ReconcileCommand.run(["--database", "tenants/*.sqlite"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("schema.yaml:6:"))
        #expect(result.output.isEmpty)
        #expect(try ["a", "b", "c"].map { try bytes($0, in: space) } == before)
    }

    @Test func jobsMustBeAtLeastOne() throws {
        let space = try tenants()
        let result = try ReconcileCommand.run(["--database", "tenants/*.sqlite", "--jobs", "0"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.contains("--jobs must be at least 1"))
    }

    // MARK: A match removed before its turn

    /// Runs `reconcile` with `arguments` while `tenants/a.sqlite` is locked, and removes
    /// `tenants/b.sqlite` once the command has expanded the pattern and opened `a` (as
    /// `/proc/PID/fd` shows); then unlocks `a` and waits for the command.
    private func run(_ arguments: [String], removingBIn space: Workspace) throws -> CommandResult {
        let locked = URL(fileURLWithPath: path("a", in: space)).resolvingSymlinksInPath().path
        return try DatabaseQueue(path: locked).writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            let (process, output, error) = try ReconcileCommand.start(arguments, in: space.url)
            let descriptors = "/proc/\(process.processIdentifier)/fd"
            var opened = false
            for _ in 0..<3000 where !opened {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
                opened = names.contains {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0)) == locked
                }
                if !opened { Thread.sleep(forTimeInterval: 0.01) }
            }
            #expect(opened, "the command never opened \(locked)")
            try FileManager.default.removeItem(atPath: path("b", in: space))
            try db.execute(sql: "COMMIT")
            return ReconcileCommand.finish(process, output, error)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")),
          arguments: [["sync"], ["sync", "--check"], ["sync", "--dry-run"], ["status"]])
    func aMatchRemovedBeforeItsTurnFailsAndIsNotCreatedAgain(_ command: [String]) throws {
        let space = try tenants()
        let result = try run(command + ["--database", "tenants/*.sqlite", "--jobs", "1"], removingBIn: space)
        #expect(result.status == 1)
        let removed = ReconcileError.invalidDatabasePath("tenants/b.sqlite", problem: .noLongerExists)
        #expect(result.error.split(separator: "\n").contains("tenants/b.sqlite: error: \(removed)"), "\(result.error)")
        let summary = result.output.split(separator: "\n").last ?? ""
        #expect(summary.contains("3 databases: ") && summary.hasSuffix(", 1 failed"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: path("b", in: space)))
    }

    // MARK: A literal path

    /// `'data\[1\].sqlite'` is the one file `data[1].sqlite`: previewed, then created, as by a
    /// one-file sync; `data1.sqlite`, which `data[1].sqlite` matches as a pattern, is left alone.
    @Test func anEscapedBracketNamesOneFileThatASyncCreates() throws {
        let space = try Workspace()
        try space.writeSchema(Self.before)
        let other = space.url.appendingPathComponent("data1.sqlite").path
        try space.reconciler().sync(databaseAt: other)
        try space.writeSchema(Self.after)
        let before = try Data(contentsOf: URL(fileURLWithPath: other))

        let dryRun = try ReconcileCommand.run(["--dry-run", "--database", "data\\[1\\].sqlite"], in: space.url)
        #expect(dryRun.status == 0)
        #expect(dryRun.output.hasPrefix("-- new database: create the schema of version 1.1.0"))
        let sync = try ReconcileCommand.run(["--database", "data\\[1\\].sqlite"], in: space.url)
        #expect(sync.status == 0)
        #expect(sync.output.hasSuffix("\ndata[1].sqlite synced to version 1.1.0: 1 statement, 0 upgrades\n"))
        let status = try ReconcileCommand.run(["status", "--database", "data\\[1\\].sqlite"], in: space.url)
        #expect(status.output.hasPrefix("database: data[1].sqlite\ndeclared version: 1.1.0\nstored version:   1.1.0\n"))
        #expect(FileManager.default.fileExists(atPath: space.url.appendingPathComponent("data[1].sqlite").path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)

        let pattern = try ReconcileCommand.run(["--check", "--database", "data[1].sqlite"], in: space.url)
        #expect(pattern.status == 4)
        #expect(pattern.output.contains("data1.sqlite: a sync would change the database (from version 1.0.0 to 1.1.0)"))
    }

    // MARK: --check and --dry-run

    @Test func checkExitsFourWhenADatabaseWouldChangeAndChangesNone() throws {
        let space = try tenants()
        try DatabaseQueue(path: path("b", in: space)).write { try $0.execute(sql: "DELETE FROM users WHERE id = 2") }
        let before = try ["a", "b", "c"].map { try bytes($0, in: space) }
        let pending = try ReconcileCommand.run(["--check", "--database", "tenants/*.sqlite"], in: space.url)
        #expect(pending.status == 4)
        #expect(pending.output.contains("tenants/a.sqlite: a sync would change the database (from version 1.0.0 to 1.1.0)"))
        #expect(pending.output.contains("tenants/b.sqlite: a sync would change the database"))
        #expect(!pending.output.contains("tenants/c.sqlite"))
        #expect(pending.output.hasSuffix("3 databases: 2 would change, 1 in sync, 0 failed\n"))
        #expect(try ["a", "b", "c"].map { try bytes($0, in: space) } == before)

        let denied = try ReconcileCommand.run(["--check", "--database", "tenants/*.sqlite", "--deny", "copies-rows"],
                                              in: space.url)
        #expect(denied.status == 1)
        #expect(denied.error.contains("tenants/a.sqlite: error: the plan has hazards that are denied (copies-rows)"))

        #expect(try ReconcileCommand.run(["sync", "--database", "tenants/*.sqlite"], in: space.url).status == 0)
        let inSync = try ReconcileCommand.run(["--check", "--database", "tenants/*.sqlite"], in: space.url)
        #expect(inSync.status == 0)
        #expect(inSync.output == "3 databases: 0 would change, 3 in sync, 0 failed\n")
    }

    @Test func dryRunPrintsEachDatabasesScriptUnderItsName() throws {
        let space = try tenants()
        let result = try ReconcileCommand.run(["--dry-run", "--database", "tenants/*.sqlite"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.contains("-- database tenants/a.sqlite\n-- sync from version 1.0.0 to 1.1.0\n"))
        #expect(result.output.contains("-- database tenants/c.sqlite\n-- nothing to do"))
        #expect(result.output.hasSuffix("-- 3 databases: 2 would change, 1 in sync, 0 failed\n"))
    }

    // MARK: status

    @Test func statusPrintsOneLinePerDatabaseAndACount() throws {
        let space = try tenants()
        try Data("not a database, just text that SQLite will refuse to read as one".utf8)
            .write(to: URL(fileURLWithPath: path("d", in: space)))
        let result = try ReconcileCommand.run(["status", "--database", "tenants/*.sqlite"], in: space.url)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("tenants/a.sqlite: at version 1.0.0, schema.yaml at 1.1.0: ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("tenants/b.sqlite: at version 1.0.0, schema.yaml at 1.1.0: ") == true)
        #expect(lines.first?.hasSuffix(", 0 pending upgrades") == true)
        #expect(lines.dropFirst(2).first == "tenants/c.sqlite: in sync at version 1.1.0")
        #expect(lines.last == "4 databases: 2 out of sync, 1 in sync, 1 failed")
        #expect(result.error.hasPrefix("tenants/d.sqlite: error: cannot read the database"))
    }

    // MARK: JSON

    @Test func jsonHasADatabasesArrayInPathOrderAndASummary() throws {
        let space = try tenants()
        let result = try ReconcileCommand.run(["--database", "tenants/*.sqlite", "--format", "json"], in: space.url)
        #expect(result.status == 1)
        let document = try object(result.output)
        #expect(Set(document.keys) == ["databases", "summary"])
        #expect(document["summary"] as? [String: Int] == ["databases": 3, "synced": 1, "inSync": 1, "failed": 1])
        let databases = try #require(document["databases"] as? [[String: Any]])
        #expect(databases.compactMap { $0["path"] as? String } == ["tenants/a.sqlite", "tenants/b.sqlite", "tenants/c.sqlite"])
        #expect(databases.map { Set($0.keys) } == [["path", "report"], ["path", "error"], ["path", "report"]])

        let report = try #require(databases[0]["report"] as? [String: Any])
        #expect(Set(report.keys) == ["databasePath", "didChange", "version", "statements", "upgrades", "warnings",
                                     "durationSeconds", "plan", "fingerprintBefore", "fingerprintAfter", "phaseSeconds",
                                     "deferred", "floor", "runsOnNewerDatabase"])
        #expect(report["databasePath"] as? String == "tenants/a.sqlite")
        #expect(report["didChange"] as? Bool == true)
        let error = try #require(databases[1]["error"] as? [String: Any])
        #expect(error["kind"] as? String == "dataDoesNotFit")
        #expect((databases[2]["report"] as? [String: Any])?["didChange"] as? Bool == false)

        // Each entry is the library's encoding of the database's outcome.
        struct Document: Decodable { var databases: [Reconciler.Outcome] }
        let outcomes = try JSONCoding.decoder.decode(Document.self, from: Data(result.output.utf8)).databases
        #expect(outcomes.map(\.path) == ["tenants/a.sqlite", "tenants/b.sqlite", "tenants/c.sqlite"])
        #expect(outcomes.map { $0.report?.didChange } == [true, nil, false])
        #expect(outcomes[1].error?.code == .dataDoesNotFit)

        let status = try object(try ReconcileCommand.run(["status", "--database", "tenants/*.sqlite", "--format", "json"],
                                                         in: space.url).output)
        #expect(status["summary"] as? [String: Int] == ["databases": 3, "outOfSync": 1, "inSync": 2, "failed": 0])
        let statuses = try #require(status["databases"] as? [[String: Any]])
        #expect(statuses.allSatisfy { Set($0.keys) == ["path", "status"] })
        #expect(statuses.compactMap { ($0["status"] as? [String: Any])?["databasePath"] as? String }
                == ["tenants/a.sqlite", "tenants/b.sqlite", "tenants/c.sqlite"])

        let check = try ReconcileCommand.run(["--check", "--database", "tenants/*.sqlite", "--format", "json"], in: space.url)
        #expect(check.status == 4)
        let plans = try object(check.output)
        #expect(plans["summary"] as? [String: Int] == ["databases": 3, "wouldChange": 1, "inSync": 2, "failed": 0])
        #expect(try #require(plans["databases"] as? [[String: Any]]).allSatisfy { Set($0.keys) == ["path", "plan"] })
    }
}
