import ArgumentParser
import SchemaReconciler

// MARK: - DatabaseOptions

/// The options every subcommand takes: which schema file, which database, and how to treat a
/// database the reconciler did not create.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: "The schema file.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: ArgumentHelp(
        "The SQLite database file, or a pattern such as 'tenants/*.sqlite' for many.",
        discussion: "A backslash makes the next character literal: 'data\\[1\\].sqlite' is the one file data[1].sqlite."))
    var database: String = "app.sqlite"

    @Option(name: .long, help: "The version a database with tables but no stored state is treated as being at.")
    var legacyVersion: SemanticVersion = .zero

    @Flag(name: .long, help: "Accept a database synced by a newer version (no upgrades, no drops).")
    var allowNewerDatabase = false

    @Option(name: .long, help: ArgumentHelp("How long to wait for another connection's write lock.", valueName: "seconds"))
    var busyTimeout: Double = 30

    @Option(name: .customLong("defer"), parsing: .upToNextOption, help: ArgumentHelp(
        "Let the steps whose hazards are all of these kinds wait for `reconcile finish`.", valueName: "hazard"))
    var deferring: [Hazard.Kind] = []

    @Option(name: .long, help: ArgumentHelp(
        "How long the sync may take here: over it, the work that may wait waits for `reconcile finish`.",
        valueName: "seconds"))
    var launchBudget: Double?

    /// The copy rate, in bytes a second, the launch budget's estimates use in place of the one
    /// measured here: estimates that do not depend on the machine, for tests; not in the help.
    @Option(name: .long, help: .hidden)
    var copyRate: Double?

    @Option(name: .long, help: ArgumentHelp("With a pattern, how many databases to work on at once (default: one per core).",
                                            valueName: "n"))
    var jobs: Int?

    /// The one database file `--database` names when it is no pattern, each backslash making
    /// the next character literal: `'data\[1\].sqlite'` is `data[1].sqlite`.
    var databasePath: String {
        DatabasePattern.literalPath(database)
    }

    /// The reconciler these options describe, refusing plans with the `denied` hazards.
    func reconciler(denying denied: [Hazard.Kind] = []) -> Reconciler {
        // SIGINT and SIGTERM cancel what it does, and wait for it to roll back.
        Interruption.shared.waitForCancellation()
        var options = Reconciler.Options(
            legacyVersion: legacyVersion, allowsNewerDatabase: allowNewerDatabase,
            busyTimeout: .milliseconds(Int64(max(0, busyTimeout) * 1000)), deniedHazards: Set(denied),
            deferring: Set(deferring))
        options.launchBudget = launchBudget.map { .milliseconds(Int64(max(0, $0) * 1000)) }
        options.copyRate = copyRate
        return Reconciler(schemaPath: schema, options: options)
        .withCancellation(Interruption.shared.cancellation)
    }
}
