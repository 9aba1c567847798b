import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Progress

/// What a sync tells `Reconciler.Options.progress` while it runs, and what `reconcile sync`
/// writes on standard error.
@Suite struct ProgressTests {
    static let before = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: TEXT
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
        """

    /// `items` is rebuilt before the upgrade (a type change that converts its numbers written as
    /// text); `notes` after it (STRICT and NOT NULL, which the upgrade makes room for, adding
    /// rows as it goes).
    static let after = """
        version: 1.1.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: INTEGER
              size: { type: INTEGER, not_null: true, default: 0 }
          notes:
            strict: true
            columns:
              id: { type: INTEGER, primary_key: true }
              body: { type: TEXT, not_null: true }
        upgrades:
          1.1.0: upgrades/1.1.0.sql
        """

    static let upgrade = """
        UPDATE notes SET body = '' WHERE body IS NULL;
        INSERT INTO notes (body) SELECT 'added ' || id FROM notes WHERE id <= 50;
        """

    /// A database at 1.0.0 with 5,000 items and 300 notes, a third of them without a body, and
    /// schema.yaml at 1.1.0.
    func workspace() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.before)
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000)
            INSERT INTO items (id, name) SELECT x, '' || (x * 7) FROM n;
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300)
            INSERT INTO notes (id, body) SELECT x, CASE WHEN x % 3 = 0 THEN NULL ELSE 'note ' || x END FROM n;
            """)
        try space.write(Self.upgrade, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.after)
        return space
    }

    /// Options whose handler keeps every report in `recorder`.
    func options(recordingTo recorder: ProgressRecorder) -> Reconciler.Options {
        var options = Reconciler.Options()
        options.progress = { recorder.append($0) }
        return options
    }

    // MARK: The library

    @Test func aSyncReportsItsPhasesInOrder() throws {
        let space = try workspace()
        let recorder = ProgressRecorder()
        try space.sync(options(recordingTo: recorder))
        var phases: [SyncProgress.Phase] = []
        for phase in recorder.reports.map(\.phase) where phases.last != phase { phases.append(phase) }
        #expect(phases == [.planning, .applyingSteps, .runningUpgrades, .applyingSteps, .checking, .recording])
    }

    @Test func everyStepIsReportedAsStepIOfN() throws {
        let space = try workspace()
        let recorder = ProgressRecorder()
        let report = try space.sync(options(recordingTo: recorder))
        let steps = report.plan.expandSteps + report.plan.contractSteps
        #expect(steps.map(\.table) == ["items", "notes"])
        let starts = recorder.reports.filter { $0.step != nil && $0.copiedRows == nil }
        #expect(starts.map(\.step) == steps)
        #expect(starts.map(\.stepNumber) == Array(1...steps.count))
        #expect(starts.allSatisfy { $0.stepCount == steps.count && $0.phase == .applyingSteps })
        let last = try #require(recorder.reports.last)
        #expect(last.phase == .recording)
        #expect(last.stepNumber == steps.count)
        #expect(last.step == nil)
    }

    @Test func theRowsACopyReportsRiseToTheTableTotal() throws {
        let space = try workspace()
        let recorder = ProgressRecorder()
        try space.sync(options(recordingTo: recorder))
        let items = recorder.reports.filter { $0.step?.table == "items" && $0.copiedRows != nil }
        let copied = items.compactMap(\.copiedRows)
        #expect(copied.first == 0)
        #expect(copied.last == 5000)
        #expect(copied == copied.sorted())
        #expect(Set(copied).count > 10, "the copy reported \(copied) only")
        #expect(items.allSatisfy { $0.totalRows == 5000 && $0.copiedRows! <= 5000 })
        #expect(items.last?.copiedFraction == 1)
    }

    @Test func aCopyAfterTheUpgradesCountsTheRowsTheyLeft() throws {
        let space = try workspace()
        let recorder = ProgressRecorder()
        let report = try space.sync(options(recordingTo: recorder))
        // The plan counted 300 notes; the upgrade added 50.
        #expect(report.plan.contractSteps.first?.rows == 300)
        let notes = recorder.reports.filter { $0.step?.table == "notes" && $0.copiedRows != nil }
        let copied = notes.compactMap(\.copiedRows)
        #expect(copied.first == 0)
        #expect(copied.last == 350)
        #expect(copied == copied.sorted())
        #expect(notes.allSatisfy { $0.totalRows == 350 && $0.copiedRows! <= 350 })
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM notes") } == 350)
    }

    @Test func withoutAHandlerACopyCountsItsOwnRows() throws {
        let space = try workspace()
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).expandSteps.first?.rows == 5000)
        let queue = try space.queue()
        var statements: [String] = []
        queue.inDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.append(statement.sql) }
            }
        }
        let report = try space.reconciler().sync(queue)
        // The report says what the copy inserted; the table was not counted before it.
        #expect(report.plan.expandSteps.first?.rows == 5000)
        #expect(report.plan.contractSteps.first?.rows == 300)
        #expect(statements.contains { $0.hasPrefix("INSERT OR ABORT INTO \"_reconciler_new_items\"") })
        #expect(!statements.contains { $0.hasPrefix("SELECT count(*) FROM \"items\"") })
    }

    @Test func upgradesAreReportedAsUpgradeIOfN() throws {
        let space = try workspace()
        try space.write("INSERT INTO notes (body) VALUES ('1.0.5');\n", to: "upgrades/1.0.5.sql")
        try space.writeSchema(Self.after.replacingOccurrences(
            of: "upgrades:\n", with: "upgrades:\n  1.0.5: upgrades/1.0.5.sql\n"))
        let recorder = ProgressRecorder()
        var reconciler = space.reconciler(options(recordingTo: recorder))
        reconciler.registerUpgrade(version: "1.1.0", named: "touch") { db in
            try db.execute(sql: "UPDATE items SET size = 1 WHERE id = 1")
        }
        try reconciler.sync(databaseAt: space.databasePath)
        let upgrades = recorder.reports.filter { $0.phase == .runningUpgrades }
        #expect(upgrades.map(\.upgrade?.name) == ["upgrades/1.0.5.sql", "upgrades/1.1.0.sql", "touch"])
        #expect(upgrades.map(\.upgradeNumber) == [1, 2, 3])
        #expect(upgrades.allSatisfy { $0.upgradeCount == 3 && $0.step == nil })
        #expect(recorder.reports.last?.upgradeNumber == 3)
    }

    @Test func aSyncWithNothingToDoOnlyPlans() throws {
        let space = try workspace()
        try space.sync()
        // A schema change and its undoing: the no-op check cannot tell, the plan can.
        try space.execute("CREATE TABLE scratch (x); DROP TABLE scratch")
        let recorder = ProgressRecorder()
        let report = try space.sync(options(recordingTo: recorder))
        #expect(!report.didChange)
        #expect(recorder.reports.map(\.phase) == [.planning])
    }

    @Test func aHandlerChangesNeitherTheStatementsNorTheData() throws {
        let plain = try workspace()
        let watched = try workspace()
        let plan = try plain.reconciler().plan(databaseAt: plain.databasePath)
        let without = try plain.sync()
        let recorder = ProgressRecorder()
        let with = try watched.sync(options(recordingTo: recorder))
        #expect(!recorder.reports.isEmpty)
        #expect(with.statements == without.statements)
        #expect(with.statements == plan.steps.flatMap(\.statements))
        #expect(with.upgrades == without.upgrades)
        let dump = "SELECT quote(id) || ',' || quote(name) || ',' || quote(size) FROM items "
            + "UNION ALL SELECT quote(id) || ',' || quote(body) FROM notes"
        #expect(try watched.read { try String.fetchAll($0, sql: dump) } == plain.read { try String.fetchAll($0, sql: dump) })
        #expect(try watched.inspect() == plain.inspect())
    }

    // MARK: The command

    @Test func theCommandWritesALinePerStepAndUpgradeOnANonTerminalStandardError() throws {
        let space = try workspace()
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 0)
        let steps = plan.expandSteps + plan.contractSteps
        #expect(result.error == """
            step 1 of 2: \(steps[0])
            upgrade 1 of 1: upgrades/1.1.0.sql (1.1.0)
            step 2 of 2: \(steps[1])

            """)
        #expect(result.output.hasSuffix("synced to version 1.1.0: \(plan.steps.flatMap(\.statements).count) statements, 1 upgrade\n"))
    }

    @Test func jsonDryRunAndCheckWriteNoProgress() throws {
        let space = try workspace()
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        for arguments in [["--dry-run"], ["--check"], ["--dry-run", "--format", "json"]] {
            let result = try ReconcileCommand.run(arguments, in: space.url)
            #expect(result.error.isEmpty, "\(arguments)")
        }
        let result = try ReconcileCommand.run(["--format", "json"], in: space.url)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(report["statements"] as? [String] == plan.steps.flatMap(\.statements))
        #expect(report["didChange"] as? Bool == true)
    }
}

// MARK: - ProgressRecorder

/// Keeps what a progress handler is given, in order.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [SyncProgress] = []

    func append(_ progress: SyncProgress) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(progress)
    }

    var reports: [SyncProgress] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }
}
