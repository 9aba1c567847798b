import ArgumentParser
import SchemaReconciler

// MARK: - status

/// `reconcile status`: where the database stands against schema.yaml; changes nothing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the stored and declared versions, the upgrades applied and pending, and any schema drift.")

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let status = try options.reconciler().status(databaseAt: options.database)
        print(StatusText(status, database: options.database).lines, terminator: "")
    }
}
