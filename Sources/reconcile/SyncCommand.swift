import ArgumentParser
import SchemaReconciler

// MARK: - sync

/// `reconcile [sync]`: syncs the database; with `--dry-run` prints what a sync would do, with
/// `--check` only says whether it would do anything.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the database with schema.yaml (the default), or preview the sync with --dry-run.",
        discussion: """
            --check exits 0 when the database is in sync and 4 when a sync would change it or work \
            waits for `reconcile finish`; it writes nothing. --deny refuses a sync, a --dry-run or a --check whose plan has one \
            of the hazards named, with exit status 1.
            """)

    @OptionGroup var options: DatabaseOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Print every statement and upgrade the sync would run, and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Change nothing; exit 0 when the database is in sync, 4 when a sync would change it.")
    var check = false

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Refuse a plan that has one of these hazards (exit 1).", valueName: "hazard"))
    var deny: [Hazard.Kind] = []

    @Flag(name: .long, help: "With --format markdown, add a Mermaid diagram of the tables the change touches.")
    var diagram = false

    func validate() throws {
        if dryRun && check { throw ValidationError("--dry-run and --check cannot be used together.") }
        if !dryRun && !check { try output.refuseMarkdown() }
        if options.namesManyDatabases { try output.refuseMarkdown("one database") }
        if diagram && !output.isMarkdown { throw ValidationError("--diagram goes with --format markdown.") }
    }

    func run() throws {
        try output.reportingErrors {
            let reconciler = options.reconciler(denying: deny)
            guard dryRun || check else {
                return try options.namesManyDatabases ? runOnEachDatabase(reconciler) : sync(reconciler)
            }
            // What writes nothing stands in for the app's own collations and functions.
            try StandInFallback.run(reconciler) { try options.namesManyDatabases ? runOnEachDatabase($0) : preview($0) }
        }
    }

    /// `--dry-run` and `--check`: the plan, refused as a sync would refuse it when it has a hazard
    /// that `--deny` names (exit status 1, and no plan printed); for `--check`, the exit status.
    private func preview(_ reconciler: Reconciler) throws {
        // Markdown shows the upgrade scripts' text: the file is loaded once, for the plan and for it.
        let reconciler = output.isMarkdown ? try reconciler.loadingSchemaOnce() : reconciler
        let plan = try reconciler.plan(databaseAt: options.databasePath)
        try reconciler.refuseDeniedHazards(in: plan)
        if output.isJSON {
            try JSONOutput.print(plan)
        } else if output.isMarkdown {
            let file = try reconciler.loadedSchema()
            let touched = diagram ? file.schema : nil
            let scripts = PlanMarkdown.scripts(of: plan.upgrades, in: file)
            print(PlanMarkdown(plan, scripts: scripts, diagram: touched.map {
                EntityDiagram(schema: $0).restricted(to: plan.steps.compactMap(\.table))
            }).text, terminator: "")
        } else {
            print(check ? PlanText(plan).summary : PlanText(plan).script, terminator: "")
        }
        if check && (!plan.isNothingToDo || !plan.deferred.isEmpty) { throw ExitCode(ExitStatus.wouldChange.rawValue) }
    }

    private func sync(_ reconciler: Reconciler) throws {
        let progress = ProgressText(isShown: !output.isJSON)
        let report = try progress.showing(reconciler) { try $0.sync(databaseAt: options.databasePath) }
        if output.isJSON {
            try JSONOutput.print(report)
        } else {
            ErrorText.print(report.warnings)
            print(ReportText(report, database: options.databasePath).lines, terminator: "")
        }
    }
}
