import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - sync --check and --deny

@Suite struct CheckAndDenyTests {
    static let notes = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
              old: TEXT
        """

    /// The same table, with `body` NOT NULL (a tightening check) and `old` dropped.
    static let tightened = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: { type: TEXT, not_null: true }
        drop:
          columns: { notes: [old] }
        """

    private func syncedSpace() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.notes)
        try space.sync()
        try space.execute("INSERT INTO notes (body, old) VALUES ('a', 'x'), ('b', 'y')")
        return space
    }

    // MARK: --check

    @Test func checkExitsZeroWhenInSyncAndFourWhenASyncWouldChangeSomething() throws {
        let space = try syncedSpace()
        let inSync = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(inSync.status == 0)
        #expect(inSync.output == "in sync: the database matches schema.yaml at version 1.0.0\n")

        try space.writeSchema(Self.tightened)
        let before = try space.fileBytes()
        let date = try space.modificationDate()
        let pending = try ReconcileCommand.run(["sync", "--check"], in: space.url)
        #expect(pending.status == 4)
        #expect(pending.output.contains("a sync would change the database"))
        #expect(pending.output.contains("hazard drops-data: drops column notes.old"))
        #expect(try space.fileBytes() == before)
        #expect(try space.modificationDate() == date)
    }

    @Test func checkOfAMissingDatabaseSaysItWouldCreateItAndCreatesNothing() throws {
        let space = try Workspace()
        try space.writeSchema(Self.notes)
        let result = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(result.status == 4)
        #expect(result.output == "a sync would change the database (new database at version 1.0.0): 1 step, 0 upgrades\n"
            + "  create table notes\n")
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func checkAndDryRunTogetherAreInvalidInput() throws {
        let space = try Workspace()
        try space.writeSchema(Self.notes)
        #expect(try ReconcileCommand.run(["--check", "--dry-run"], in: space.url).status == 2)
    }

    // MARK: --deny

    /// The hazards and steps of a `hazardsDenied` error in JSON.
    private func denied(_ result: CommandResult) throws -> [[String: [String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any], "\(result.output)")
        #expect(error["kind"] as? String == "hazardsDenied")
        return try #require(error["denied"] as? [[String: Any]]).map { $0.compactMapValues { $0 as? [String: Any] } }
    }

    @Test func denyRefusesASyncWhosePlanHasTheHazardAndNamesTheStep() throws {
        let space = try syncedSpace()
        try space.writeSchema(Self.tightened)
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run(["--deny", "drops-data", "--format", "json"], in: space.url)
        #expect(result.status == 1)
        let denied = try self.denied(result)
        #expect(denied.map { $0["hazard"]?["kind"] as? String } == ["drops-data"])
        #expect(denied.first?["hazard"]?["table"] as? String == "notes")
        #expect(denied.first?["hazard"]?["column"] as? String == "old")
        #expect(denied.first?["step"]?["table"] as? String == "notes")
        #expect(try space.fileBytes() == before)

        let check = try ReconcileCommand.run(["--check", "--deny", "copies-rows", "drops-data", "--format", "json"], in: space.url)
        #expect(check.status == 1)
        #expect(try self.denied(check).map { $0["hazard"]?["kind"] as? String } == ["drops-data", "copies-rows"])
    }

    /// A dry run with `--deny` is refused as `--check` and the sync are: exit 1, the same message,
    /// and no plan printed, so that a CI job previewing the sync fails where the sync would.
    @Test func aDryRunRefusesADeniedHazardAsCheckDoes() throws {
        let space = try syncedSpace()
        try space.writeSchema(Self.tightened)
        let before = try space.fileBytes()
        let check = try ReconcileCommand.run(["--check", "--deny", "drops-data"], in: space.url)
        let dryRun = try ReconcileCommand.run(["--dry-run", "--deny", "drops-data"], in: space.url)
        #expect(check.status == 1)
        #expect(dryRun.status == 1)
        #expect(dryRun.output.isEmpty, "\(dryRun.output)")
        #expect(dryRun.error.hasPrefix("error: the plan has hazards that are denied (drops-data); nothing was changed:\n"
            + "  drops-data: "), "\(dryRun.error)")
        #expect(dryRun.error == check.error)
        for format in ["json", "markdown"] {
            let refused = try ReconcileCommand.run(["--dry-run", "--deny", "drops-data", "--format", format], in: space.url)
            let checked = try ReconcileCommand.run(["--check", "--deny", "drops-data", "--format", format], in: space.url)
            #expect(refused.status == 1, "\(format)")
            #expect(refused.output == checked.output && refused.error == checked.error, "\(format)")
        }
        #expect(try self.denied(try ReconcileCommand.run(["--dry-run", "--deny", "drops-data", "--format", "json"],
                                                        in: space.url)).map { $0["hazard"]?["kind"] as? String }
                == ["drops-data"])
        // Each database a pattern matches is refused the same way.
        let many = try ReconcileCommand.run(["--dry-run", "--deny", "drops-data", "--database", "*.sqlite"], in: space.url)
        #expect(many.status == 1, "\(many.output)\(many.error)")
        #expect((many.output + many.error).contains("the plan has hazards that are denied (drops-data)"))
        #expect(try space.fileBytes() == before)

        // A hazard the plan does not have: the dry run prints the script and exits 0.
        let allowed = try ReconcileCommand.run(["--dry-run", "--deny", "builds-index"], in: space.url)
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.output.contains("-- hazard drops-data: "))
    }

    @Test func denyAllowsAPlanWithoutTheHazard() throws {
        let space = try syncedSpace()
        try space.writeSchema(Self.notes.replacingOccurrences(of: "old: TEXT", with: "old: TEXT\n      extra: TEXT"))
        let check = try ReconcileCommand.run(["--check", "--deny", "drops-data", "copies-rows", "scans-rows"], in: space.url)
        #expect(check.status == 4)
        let result = try ReconcileCommand.run(["--deny", "drops-data", "copies-rows", "scans-rows"], in: space.url)
        #expect(result.status == 0)
        #expect(try space.read { try $0.columns(in: "notes").map(\.name) } == ["id", "body", "old", "extra"])
    }

    @Test func anUnknownHazardIsInvalidInput() throws {
        let space = try Workspace()
        try space.writeSchema(Self.notes)
        let result = try ReconcileCommand.run(["--deny", "drops-everything"], in: space.url)
        #expect(result.status == 2)
        #expect(result.error.contains("drops-data"))
    }

    // MARK: The library

    @Test func theLibraryOptionRefusesBeforeTouchingAnything() throws {
        let space = try syncedSpace()
        try space.writeSchema(Self.tightened)
        let before = try space.fileBytes()
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.hazards.contains(.scansRows(table: "notes", rows: 2)))
        #expect(plan.hazards.contains(.dropsData(table: "notes", column: "old", rows: 2)))

        #expect {
            try space.sync(Reconciler.Options(deniedHazards: [.scansRows]))
        } throws: { error in
            guard let denied = (error as? ReconcileError)?.payload(as: ReconcileError.HazardsDenied.self)?.denied else { return false }
            return denied.map(\.hazard.kind) == [.scansRows] && denied[0].step?.table == "notes"
                && "\(error)" == "the plan has hazards that are denied (scans-rows); nothing was changed:\n  \(denied[0])"
        }
        #expect(try space.fileBytes() == before)
        #expect(try space.sync(Reconciler.Options(deniedHazards: [.runsUpgrades, .recreates])).didChange)
    }
}
