import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - verify

/// `reconcile verify`: tries the upgrade path from every past release to schema.yaml, with data.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Try the upgrade path from every past release's schema file to schema.yaml, with generated data.",
        discussion: """
            Each release's database is built from its file, filled with rows that satisfy its \
            constraints, and synced with schema.yaml; the schema, every value and the upgrades \
            that ran are checked. Nothing is written to disk. Exit status: 0 when every path \
            passes, 1 when one fails, 2 on invalid input.
            """)

    @Option(name: .long, help: "The current schema file.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: ArgumentHelp(
        "A folder of past releases' schema files (*.yaml, or */schema.yaml), and of SQL files (*.sql) that build "
            + "the databases of releases before the package, the old tool's version record included.",
        valueName: "directory"))
    var history: String?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Git revisions whose schema file (at the same path) is a past release.", valueName: "rev"))
    var git: [String] = []

    @Option(name: .long, help: "How many rows each table gets.")
    var rows: Int = 4

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if history == nil && git.isEmpty { throw ValidationError("Give --history DIR, --git REV…, or both.") }
        if rows < 1 { throw ValidationError("--rows must be at least 1.") }
        try output.refuseMarkdown()
    }

    func run() throws {
        try output.reportingErrors {
            var releases: [SchemaRelease] = []
            do {
                if let history { releases += try SchemaRelease.history(in: URL(fileURLWithPath: history)) }
                releases += try git.map { try GitRevision(revision: $0, schemaPath: schema).release() }
            } catch let error as SchemaError {
                throw ReconcileError.invalidSchema(error)
            }
            // The app's own collations and functions are stood in for, in memory only.
            let reconciler = try StandInFallback.standingIn(Reconciler(schemaPath: schema), alsoFor: releases)
            let report = try reconciler.verifyUpgradePaths(from: releases, rowsPerTable: rows)
            if output.isJSON {
                try JSONOutput.print(report)
            } else {
                print(VerifyText(report).lines, terminator: "")
            }
            if !report.isPassing { throw ExitCode(ExitStatus.failure.rawValue) }
        }
    }
}
