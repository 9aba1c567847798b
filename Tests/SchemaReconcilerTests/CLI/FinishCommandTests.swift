import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - reconcile --defer, status, --check and finish

@Suite struct FinishCommandTests {
    static let deferEverything = ["--defer", "copies-rows", "drops-data", "scans-rows", "builds-index"]

    /// A database at version 1 with `rows` rows per table, synced at version 2 with
    /// everything deferred.
    static func deferredDatabase(rows: Int = DeferredWorkTests.rows) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(DeferredWorkTests.version1)
        try space.sync()
        for (table, values) in [("authors", "i, 'author ' || i, 'bio ' || i"), ("books", "i, i, 'title ' || i, 'body ' || i"),
                                ("notes", "i, i, 'note ' || i, 'draft ' || i")] {
            try space.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
                INSERT INTO \(table) SELECT \(values) FROM n;
                """)
        }
        try space.writeSchema(DeferredWorkTests.version2)
        let launch = try ReconcileCommand.run(deferEverything, in: space.url)
        #expect(launch.status == 0, "\(launch.error)")
        return space
    }

    @Test func statusCheckAndTheDryRunListWhatWaitsAndFinishDoesIt() throws {
        let space = try Self.deferredDatabase()

        let status = try ReconcileCommand.run(["status"], in: space.url)
        #expect(status.output.contains("deferred until `reconcile finish`:\n  rebuild table books"))
        #expect(!status.output.contains("check foreign keys"))
        let check = try ReconcileCommand.run(["--check"] + Self.deferEverything, in: space.url)
        #expect(check.status == 4)
        #expect(check.output.hasPrefix("a sync has nothing to do at version 2.0.0, but work waits:\n"))
        let dryRun = try ReconcileCommand.run(["--dry-run"] + Self.deferEverything, in: space.url)
        #expect(dryRun.output.contains("-- deferred until `reconcile finish`:\n--   rebuild table books"))
        let json = try ReconcileCommand.run(["status", "--format", "json"], in: space.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let deferred = try #require(object["deferred"] as? [String: Any])
        #expect((deferred["steps"] as? [Any])?.count == 3)
        #expect(deferred["checksForeignKeys"] == nil)

        let finish = try ReconcileCommand.run(["finish"], in: space.url)

        #expect(finish.status == 0, "\(finish.error)")
        #expect(finish.output.hasSuffix("app.sqlite: the deferred work is done (\(Self.statementCount(finish.output)) statements)\n"))
        #expect(try ReconcileCommand.run(["--check"], in: space.url).status == 0)
        #expect(try ReconcileCommand.run(["finish"], in: space.url).output == "app.sqlite: nothing waits; nothing to do\n")
    }

    /// The statement count a finish report names.
    private static func statementCount(_ output: String) -> Int {
        Int(output.split(separator: "(").last?.split(separator: " ").first ?? "") ?? -1
    }

    // MARK: A kill at any point

    /// SIGKILL once the progress of finish has printed `seen` step lines (0: as soon as it
    /// starts), then `finish` again: the same end as an uninterrupted one, every row kept.
    @Test(arguments: [0, 1, 2, 3])
    func aKillDuringFinishLosesNothingAndTheNextFinishGoesOn(afterSteps seen: Int) throws {
        let space = try Self.deferredDatabase(rows: 150_000)
        let rowsBefore = try DeferredWorkTests.keptRows(space)

        let (process, output, error) = try ReconcileCommand.start(["finish"], in: space.url)
        var text = ""
        while text.components(separatedBy: "step ").count - 1 < seen {
            let chunk = error.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        let killed = ReconcileCommand.finish(process, output, error)
        #expect(killed.status == SIGKILL || killed.status == 0)

        #expect(try space.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        let again = try ReconcileCommand.run(["finish"], in: space.url)
        #expect(again.status == 0, "\(again.error)")
        #expect(try ReconcileCommand.run(["--check"], in: space.url).status == 0)
        #expect(try DeferredWorkTests.keptRows(space) == rowsBefore)
        let fresh = try Workspace()
        try fresh.writeSchema(DeferredWorkTests.version2)
        try fresh.sync()
        #expect(try space.read(SchemaSnapshot.init) == fresh.read(SchemaSnapshot.init))
    }
}
