import Foundation
import SchemaReconciler

// Syncs the database named on the command line (app.sqlite by default) with the bundled
// schema.yaml, as an app does at launch.
let schema = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
let path = CommandLine.arguments.dropFirst().first ?? "app.sqlite"
do {
    let report = try Reconciler(schemaURL: schema).sync(databaseAt: path)
    print("\(path) is at version \(report.version)")
} catch {
    print(error)
    exit(1)
}
