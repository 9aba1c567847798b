import Foundation
import Testing

// MARK: - --launch-budget in the output

/// What a dry run, `--check` and a sync print with `--launch-budget`, in text and Markdown: the
/// budget against the estimate of what runs at launch, each step that runs with its estimate,
/// and each step that waits with its own, compared with the files under
/// `__Snapshots__/LaunchBudgetOutputTests`.
///
/// The estimates are the same on every machine: `--copy-rate` (hidden from the help) sets the
/// rate they use, a kilobyte a second, in place of the one measured here, and the bytes of the
/// fixed rows below are the same on every run.
@Suite struct LaunchBudgetOutputTests {
    /// A budget of a second and a half, and a copy rate of a kilobyte a second: the check of the
    /// 2,000 events is estimated at seconds, their copy at minutes.
    static let budget = ["--launch-budget", "1.5", "--copy-rate", "1000"]

    /// A database at version 1.0.0 with 2,000 events and a tag, and schema.yaml `next`: the
    /// fixture of ``LaunchBudgetTests``, a CHECK on `events.amount` (which may wait) and a
    /// nullable `tags.colour` (which runs) unless told.
    static func changedWorkspace(next: String = LaunchBudgetTests.version2) throws -> Workspace {
        try LaunchBudgetTests.databaseAtVersion1(next: next)
    }

    /// Runs `reconcile` in `space` and expects `status`.
    private func run(_ arguments: [String], in space: Workspace, status: Int32 = 0,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ReconcileCommand.output(of: arguments, in: space, status: status, expectsNoErrors: false,
                                    sourceLocation: sourceLocation)
    }

    // MARK: Under the budget, with work that waits

    @Test func underTheBudgetTheDryRunSaysTheEstimateOfEachStepAndOfTheLaunch() throws {
        let space = try Self.changedWorkspace()

        let script = try run(["--dry-run"] + Self.budget, in: space)
        assertTextSnapshot(of: script, as: "sql", named: "script")
        #expect(script.contains("-- launch budget 1.5 seconds: what runs at launch is estimated at about "))
        #expect(script.contains("-- add column tags.colour (native ALTER) (about "))
        #expect(!script.contains("over the budget"))
        // The same fixture and rate give the same estimates on a second run.
        #expect(try run(["--dry-run"] + Self.budget, in: space) == script)

        let markdown = try run(["--dry-run", "--format", "markdown"] + Self.budget, in: space)
        assertTextSnapshot(of: markdown, as: "md", named: "plan")
        #expect(markdown.contains("Launch budget 1.5 seconds: what runs at launch is estimated at about "))
        #expect(markdown.contains("**Left for `reconcile finish`, over the launch budget of 1.5 seconds**"))
        try MarkdownOutputTests.expectWellFormedTables(markdown)

        assertTextSnapshot(of: try run(["--check"] + Self.budget, in: space, status: 4), as: "txt", named: "summary")
    }

    @Test func aSyncsReportSaysTheBudgetTheEstimatesAndWhatWaits() throws {
        let space = try Self.changedWorkspace()

        let report = try run(Self.budget, in: space)

        assertTextSnapshot(of: report, as: "txt", named: "report")
        #expect(report.contains("\nlaunch budget 1.5 seconds: what runs at launch is estimated at about "))
        #expect(report.contains("  add column tags.colour (native ALTER) (about "))
        #expect(report.contains("deferred until `reconcile finish`, over the launch budget of 1.5 seconds:\n"
                                + "  edit table events in place: CHECK (amount >= 0) added (about "))
    }

    // MARK: Over the budget

    @Test func overTheBudgetTheDryRunSaysSoAndThatWhatCannotWaitRuns() throws {
        let space = try Self.changedWorkspace(next: LaunchBudgetTests.version2WithNewType)

        let script = try run(["--dry-run"] + Self.budget, in: space)
        assertTextSnapshot(of: script, as: "sql", named: "script")
        #expect(script.contains(", over the budget; what cannot wait runs all the same\n"))
        #expect(script.contains("-- rebuild table events (copies 2000 rows): column amount: type INTEGER → TEXT (about "))

        let markdown = try run(["--dry-run", "--format", "markdown"] + Self.budget, in: space)
        assertTextSnapshot(of: markdown, as: "md", named: "plan")
        #expect(markdown.contains(", over the budget; what cannot wait runs all the same."))
        // The table copied at launch is not listed as work left for `reconcile finish`.
        #expect(!markdown.contains("Left for `reconcile finish`"))
        #expect(markdown.contains("**Copied at launch all the same**\n\n- table events is copied now"))
        try MarkdownOutputTests.expectWellFormedTables(markdown)
    }

    // MARK: Without a budget

    @Test func withoutABudgetNoStepHasAnEstimate() throws {
        let space = try Self.changedWorkspace()

        let script = try run(["--dry-run"], in: space)
        let markdown = try run(["--dry-run", "--format", "markdown"], in: space)

        #expect(!script.contains("about") && !script.contains("launch budget"))
        #expect(!markdown.contains("Estimate") && !markdown.contains("aunch budget"))
    }
}
