import Foundation
import SchemaReconciler
import Testing

// MARK: - The changelog

/// The examples of CHANGELOG.md.
@Suite struct ChangelogExamples {
    /// An app's `switch` over a sync's error, by its code.
    @Test func aSwitchOverTheErrorsCode() throws {
        let folder = try Examples.syncedTasksFolder()
        try Examples.bumpToSlugs(folder, withScript: false)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            switch error.code {
            case .dataDoesNotFit:
                let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations ?? []
                print("\(violations.count) constraints refuse rows")
            case .databaseIsNewer:
                print("update the app")
            default:
                print(error.message)
            }
        }

        #expect(try Examples.storedVersion(path, folder.schemaURL) == "1.0.0")
    }
}
