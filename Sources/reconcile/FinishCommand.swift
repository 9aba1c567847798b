import ArgumentParser
import SchemaReconciler

// MARK: - finish

/// `reconcile finish`: does the work a sync with `--defer` left for later, one table per
/// transaction.
struct FinishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "Do the work a sync with --defer left for later, one table per transaction.",
        discussion: """
            Each table is done in its own transaction: an interruption loses nothing, and the next \
            finish goes on from there. Exits 0 when nothing waits any more, 1 when a table could \
            not be done (it is left as it was; the tables done before stay done).
            """)

    @OptionGroup var options: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try output.refuseMarkdown()
    }

    func run() throws {
        try output.reportingErrors {
            let progress = ProgressText(isShown: !output.isJSON)
            let report = try progress.showing(options.reconciler()) {
                try $0.finishDeferredWork(databaseAt: options.databasePath)
            }
            if output.isJSON {
                try JSONOutput.print(report)
            } else {
                ErrorText.print(report.warnings)
                print(ReportText(report, database: options.databasePath).finishLines, terminator: "")
            }
        }
    }
}
