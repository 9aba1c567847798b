import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - reconcile

/// The `reconcile` command: a thin shell over the SchemaReconciler library. Each subcommand
/// parses its options, calls the library, and prints what it returns; the text of plans,
/// reports and errors is rendered in `Rendering/`.
@main
struct Reconcile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Bring a SQLite database to the shape schema.yaml declares, and run its upgrade scripts.",
        discussion: """
            Exit status: 0 when the database is in sync (or nothing was to do), 1 when the sync \
            could not be applied (the database is left exactly as it was), 2 on invalid input, \
            3 when inspect cannot declare everything, 4 when sync --check finds work to do or \
            work waiting for finish.
            """,
        version: Reconciler.libraryVersion,
        subcommands: [SyncCommand.self, FinishCommand.self, StatusCommand.self, InspectCommand.self, VerifyCommand.self,
                      CheckCommand.self, GenerateCommand.self, DiagramCommand.self],
        defaultSubcommand: SyncCommand.self)

    /// Runs the command, mapping errors to the documented exit statuses.
    static func main() {
        Interruption.shared.start()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch is CancellationError {
            Interruption.exit(Interruption.shared.signal ?? SIGINT)
        } catch let error as ReconcileError {
            ErrorText.print(error)
            Foundation.exit(ExitStatus(error).rawValue)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            ErrorText.printLine(fullMessage(for: error))
            Foundation.exit(ExitStatus.invalidInput.rawValue)
        }
    }
}
