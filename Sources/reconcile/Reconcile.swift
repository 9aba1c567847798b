import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - reconcile

/// The `reconcile` command: a thin shell over the SchemaReconciler library.
@main
struct Reconcile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Bring a SQLite database to the shape schema.yaml declares, and run its upgrade scripts.",
        discussion: """
            Exit status: 0 when the database is in sync (or nothing was to do), 1 when the sync \
            could not be applied (the database is left exactly as it was), 2 on invalid input.
            """,
        subcommands: [Sync.self, Status.self],
        defaultSubcommand: Sync.self)

    /// Runs the command, mapping errors to the documented exit statuses.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ReconcileError {
            printError(error.description)
            Foundation.exit(error.exitCode)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            printError(fullMessage(for: error))
            Foundation.exit(2)
        }
    }
}

// MARK: - Options shared by the subcommands

struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: "The schema file.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: "The SQLite database file.")
    var database: String = "app.sqlite"

    @Option(name: .long, help: "The version a database with tables but no stored state is treated as being at.")
    var legacyVersion: String = "0.0.0"

    @Flag(name: .long, help: "Accept a database synced by a newer version (no upgrades, no drops).")
    var allowNewerDatabase = false

    func reconciler() throws -> Reconciler {
        guard let legacy = SemanticVersion(legacyVersion) else {
            throw ValidationError("--legacy-version '\(legacyVersion)' is not a semantic version (such as 1.4.0)")
        }
        return Reconciler(schemaPath: schema, options: Reconciler.Options(
            legacyVersion: legacy, allowsNewerDatabase: allowNewerDatabase))
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

// MARK: - sync

struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sync the database with schema.yaml (the default), or preview the sync with --dry-run.")

    @OptionGroup var options: DatabaseOptions

    @Flag(name: .long, help: "Print every statement and upgrade the sync would run, and change nothing.")
    var dryRun = false

    func run() throws {
        let reconciler = try options.reconciler()
        if dryRun {
            print(try reconciler.plan(databaseAt: options.database).sql, terminator: "")
            return
        }
        let report = try reconciler.sync(databaseAt: options.database)
        for warning in report.warnings {
            printError("warning: " + warning)
        }
        guard report.didChange else {
            print("\(options.database) is up to date at version \(report.version); nothing to do")
            return
        }
        for step in report.plan.steps where step.phase == .expand {
            print("  " + step.summary)
        }
        for upgrade in report.upgrades {
            print("  upgrade \(upgrade.version): \(upgrade.name)")
        }
        for step in report.plan.steps where step.phase == .contract {
            print("  " + step.summary)
        }
        let count = report.statements.count
        print("\(options.database) synced to version \(report.version): \(count) statement\(count == 1 ? "" : "s"), "
              + "\(report.upgrades.count) upgrade\(report.upgrades.count == 1 ? "" : "s")")
    }
}

// MARK: - status

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the stored and declared versions, the upgrades applied and pending, and any schema drift.")

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let status = try options.reconciler().status(databaseAt: options.database)
        print(status.description, terminator: "")
    }
}
