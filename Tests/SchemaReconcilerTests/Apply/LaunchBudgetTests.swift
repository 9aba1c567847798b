import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - A launch that keeps to its budget

/// A big table (for its copy rate) that gains a CHECK, and a small one that gains a column: over a
/// small budget, the check waits and the column is added; `finish` does the rest.
@Suite struct LaunchBudgetTests {
    static let version1 = """
        version: 1.0.0
        tables:
          events:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
              amount: INTEGER
          tags:
            columns:
              id: { type: INTEGER, primary_key: true }
              label: TEXT
        """

    /// A CHECK on `events.amount`, which may wait, and a nullable `tags.colour`, which the app needs.
    static let version2 = """
        version: 2.0.0
        tables:
          events:
            columns:
              id: { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
              amount: { type: INTEGER, check: "amount >= 0" }
          tags:
            columns:
              id: { type: INTEGER, primary_key: true }
              label: TEXT
              colour: TEXT
        """

    /// `events.amount` becomes TEXT, which converts the stored integers: a copy the app needs at once.
    static let version2WithNewType = version2.replacingOccurrences(
        of: "amount: { type: INTEGER, check: \"amount >= 0\" }", with: "amount: TEXT")

    /// `events.amount` becomes REAL, which converts the stored integers: a copy that may wait,
    /// since a whole number written meanwhile becomes the REAL the copy would make it.
    static let version2WithREAL = version2.replacingOccurrences(
        of: "amount: { type: INTEGER, check: \"amount >= 0\" }", with: "amount: REAL")

    static let rows = 2_000

    /// A workspace at version 1 with `rows` events and a tag, and schema.yaml `next`.
    static func databaseAtVersion1(next: String = version2) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(version1)
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO events SELECT i, 'event number ' || i, i FROM n;
            INSERT INTO tags VALUES (1, 'home');
            """)
        try space.writeSchema(next)
        return space
    }

    /// Options with `budget`, at a copy rate of a kilobyte a second: the check of the events
    /// (about 50 kB, read at four kilobytes a second) is estimated at over ten seconds, and
    /// their copy at over a minute, whatever the machine.
    static func options(budget: Duration) -> Reconciler.Options {
        var options = Reconciler.Options()
        options.launchBudget = budget
        options.copyRate = 1_000
        return options
    }

    static func tagColumns(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('tags')") }
    }

    static func eventsSQL(_ space: Workspace) throws -> String {
        try space.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'events'") ?? "" }
    }

    // MARK: Over the budget

    @Test func aSmallBudgetLetsTheCheckOfTheBigTableWaitAndAddsTheSmallTablesColumn() throws {
        let space = try Self.databaseAtVersion1()

        let report = try space.sync(Self.options(budget: .seconds(1)))

        #expect(try Self.tagColumns(space) == ["id", "label", "colour"])
        #expect(try !Self.eventsSQL(space).contains("CHECK"))
        #expect(report.deferred.steps.compactMap(\.table) == ["events"])
        let budget = try #require(report.plan.launchBudget)
        #expect(budget.budget == .seconds(1))
        #expect(budget.deferred.map(\.step) == report.deferred.steps)
        // About 50 kB read at four kilobytes a second.
        let deferredEstimate = try #require(budget.deferred.first?.estimate)
        #expect(deferredEstimate > .seconds(5) && deferredEstimate < .seconds(50))
        #expect(budget.estimate <= .seconds(1))
        #expect(!budget.isOverBudget)
        #expect(!report.warnings.contains { $0.code == .launchOverBudget })
    }

    @Test func finishDoesWhatWaitedAndTheDatabaseIsThenInSync() throws {
        let space = try Self.databaseAtVersion1()
        try space.sync(Self.options(budget: .seconds(1)))
        #expect(try !space.reconciler().status(databaseAt: space.databasePath).isInSync)

        let finished = try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)

        #expect(finished.plan.deferred.isEmpty)
        #expect(try Self.eventsSQL(space).contains("CHECK"))
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM events") } == Self.rows)
    }

    @Test func aGenerousBudgetRunsEverythingAtLaunch() throws {
        let space = try Self.databaseAtVersion1()

        let report = try space.sync(Self.options(budget: .seconds(600)))

        #expect(report.deferred.isEmpty)
        #expect(try Self.eventsSQL(space).contains("CHECK"))
        #expect(try Self.tagColumns(space) == ["id", "label", "colour"])
        let budget = try #require(report.plan.launchBudget)
        #expect(budget.deferred.isEmpty)
        #expect(budget.estimate > .seconds(5))
        // The plan's own steps, their rows counted.
        #expect(budget.steps.map(\.step) == report.plan.steps)
        #expect(report.plan.steps.contains { $0.table == "events" && $0.rows == Self.rows })
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
    }

    // MARK: What cannot wait

    @Test func aCopyTheAppNeedsRunsOverTheBudgetAndSaysSo() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithNewType)

        let report = try space.sync(Self.options(budget: .seconds(1)))

        #expect(report.deferred.isEmpty)
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT typeof(amount) FROM events LIMIT 1") } == "text")
        let warning = try #require(report.warnings.first { $0.code == .launchOverBudget })
        let payload = try #require(warning.payload(as: SyncWarning.LaunchOverBudget.self))
        #expect(payload.budgetSeconds == 1)
        #expect(payload.estimateSeconds > 60)
        #expect(payload.tables == ["events"])
        #expect(report.plan.launchBudget?.isOverBudget == true)
    }

    // MARK: A type change

    @Test func aColumnWidenedToREALWaitsAndFinishConvertsItsRows() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithREAL)

        let report = try space.sync(Self.options(budget: .seconds(1)))

        #expect(try Self.tagColumns(space) == ["id", "label", "colour"])
        #expect(report.deferred.steps.compactMap(\.table) == ["events"])
        #expect(report.plan.launchBudget?.deferred.first?.step.method == .rebuild)
        #expect(!report.warnings.contains { $0.code == .launchOverBudget })
        // Written meanwhile, under the old type: stored as the copy will keep it.
        try space.execute("INSERT INTO events VALUES (\(Self.rows + 1), 'late', 2.5)")
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT typeof(amount) FROM events WHERE id = 1") } == "integer")

        try space.reconciler().finishDeferredWork(databaseAt: space.databasePath)

        let types = try space.read { try String.fetchAll($0, sql: "SELECT DISTINCT typeof(amount) FROM events") }
        #expect(types == ["real"])
        #expect(try space.read { try Double.fetchOne($0, sql: "SELECT amount FROM events WHERE name = 'late'") } == 2.5)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).isInSync)
    }

    @Test func aColumnWidenedToREALRunsAtLaunchWhenATriggerIsOnTheTable() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithREAL)
        try space.writeSchema(Self.version2WithREAL + """

            triggers:
              events_log: "CREATE TRIGGER events_log AFTER INSERT ON events BEGIN UPDATE tags SET label = NEW.amount / 2 WHERE id = 1; END"
            """)

        let report = try space.sync(Self.options(budget: .seconds(1)))

        #expect(report.deferred.isEmpty)
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT typeof(amount) FROM events LIMIT 1") } == "real")
        #expect(report.warnings.contains { $0.code == .launchOverBudget })
        let copy = try #require(report.plan.launchBudget?.steps.first { $0.step.method == .rebuild })
        #expect(report.plan.steps.contains(copy.step))
        #expect(copy.estimate > .seconds(60))
    }

    // MARK: Without a budget

    @Test func withoutABudgetThePlanEstimatesNothing() throws {
        let space = try Self.databaseAtVersion1()

        let report = try space.sync()

        #expect(report.plan.launchBudget == nil)
        #expect(report.deferred.isEmpty)
    }

    // MARK: Estimates

    @Test func theRateMeasuredHereGivesAnEstimateForTheBigTable() throws {
        let space = try Self.databaseAtVersion1()
        var options = Reconciler.Options()
        options.launchBudget = .seconds(600)

        let report = try space.sync(options)

        let estimates = try #require(report.plan.launchBudget?.steps)
        #expect(estimates.contains { $0.step.table == "events" && $0.estimate > .zero })
        #expect(estimates.allSatisfy { $0.step.table != "tags" || $0.estimate == .zero })
    }

    @Test func secondsAreWrittenWithTheirDigitsThatCount() {
        #expect(1.0.secondsText == "1 second")
        #expect(1.04.secondsText == "1 second")
        #expect(2.5.secondsText == "2.5 seconds")
        #expect(0.25.secondsText == "0.25 seconds")
        #expect(0.0204.secondsText == "0.02 seconds")
        #expect(42.0.secondsText == "42 seconds")
        #expect(121.4.secondsText == "121 seconds")
    }

    // MARK: JSON

    @Test func theBudgetAndTheWarningReadBackFromJSON() throws {
        let space = try Self.databaseAtVersion1(next: Self.version2WithNewType)
        let report = try space.sync(Self.options(budget: .seconds(1)))

        let decoded = try JSONCoding.decoder.decode(SyncReport.self, from: JSONCoding.encoder.encode(report))

        #expect(decoded.plan.launchBudget?.budget == .seconds(1))
        #expect(decoded.plan.launchBudget?.steps.map(\.description) == report.plan.launchBudget?.steps.map(\.description))
        #expect(decoded.warnings == report.warnings)
    }
}
