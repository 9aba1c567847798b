import ArgumentParser
import SchemaReconciler

// MARK: - status

/// `reconcile status`: where the database stands against schema.yaml; changes nothing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the stored and declared versions, the upgrades applied and pending, and any schema drift.")

    @OptionGroup var options: DatabaseOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if options.namesManyDatabases { try output.refuseMarkdown("one database") }
    }

    func run() throws {
        try output.reportingErrors {
            try StandInFallback.run(options.reconciler()) { reconciler in
                if options.namesManyDatabases { return try runOnEachDatabase(reconciler) }
                // Markdown shows the pending upgrade scripts' text: the file is loaded once, for both.
                let reconciler = output.isMarkdown ? try reconciler.loadingSchemaOnce() : reconciler
                let status = try reconciler.status(databaseAt: options.databasePath)
                if output.isJSON {
                    try JSONOutput.print(status)
                } else if output.isMarkdown {
                    let scripts = PlanMarkdown.scripts(of: status.pendingUpgrades, in: try reconciler.loadedSchema())
                    print(StatusMarkdown(status, database: options.databasePath, scripts: scripts).text, terminator: "")
                } else {
                    print(StatusText(status, database: options.databasePath).lines, terminator: "")
                }
            }
        }
    }
}
