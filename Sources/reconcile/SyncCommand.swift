import ArgumentParser
import SchemaReconciler

// MARK: - sync

/// `reconcile [sync]`: syncs the database, or with `--dry-run` prints what a sync would do.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the database with schema.yaml (the default), or preview the sync with --dry-run.")

    @OptionGroup var options: DatabaseOptions

    @Flag(name: .long, help: "Print every statement and upgrade the sync would run, and change nothing.")
    var dryRun = false

    func run() throws {
        let reconciler = options.reconciler()
        if dryRun {
            print(PlanText(try reconciler.plan(databaseAt: options.database)).script, terminator: "")
            return
        }
        let report = try reconciler.sync(databaseAt: options.database)
        ErrorText.print(report.warnings)
        print(ReportText(report, database: options.database).lines, terminator: "")
    }
}
