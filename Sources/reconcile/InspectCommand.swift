import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - inspect

/// `reconcile inspect`: prints the schema.yaml of a database as it is.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a schema.yaml that declares the database as it is, to adopt an existing database.",
        discussion: """
            Exit status: 0 when the file says everything the database holds, 3 when something could \
            only be written as a comment, or the migrations of GRDB's migrator need the app versions \
            that ran them (listed on standard error), 1 when the database cannot be read.
            """)

    @Option(name: .long, help: "The SQLite database file.")
    var database: String = "app.sqlite"

    @Option(name: .long, help: "The version the printed file says it belongs to.")
    var appVersion: SemanticVersion = "1.0.0"

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try output.refuseMarkdown()
    }

    func run() throws {
        try output.reportingErrors {
            // The printed file is meant to sit beside the database.
            let schemaURL = URL(fileURLWithPath: database).deletingLastPathComponent().appendingPathComponent("schema.yaml")
            let inspected = try Reconciler(schemaURL: schemaURL).inspect(databaseAt: database, appVersion: appVersion)
            if output.isJSON {
                try JSONOutput.print(InspectJSON(inspected))
            } else {
                print(inspected.yaml, terminator: "")
                for clause in inspected.undeclarable {
                    ErrorText.printLine("note: not declarable: \(clause)")
                }
                if case .legacyVersionsMissing? = inspected.loadError {
                    ErrorText.printLine("note: to fill in: \(inspected.loadError!.message)")
                } else if let error = inspected.loadError {
                    ErrorText.printLine("note: the printed file does not load as written: \(error)")
                }
            }
            if !inspected.isComplete {
                throw ExitCode(ExitStatus.incomplete.rawValue)
            }
        }
    }
}
