import Foundation
import SchemaReconciler
import Testing

// MARK: - The command line

/// The examples of docs/command-line.md.
@Suite struct CommandLineExamples {
    /// What `reconcile --format json` prints reads back with the decoder "JSON output" shows:
    /// a report, a status and an error, written as the command writes them.
    @Test func jsonOutputReadsBackWithTheLibrarysDecoder() throws {
        let folder = try Examples.syncedTasksFolder()
        try Examples.bumpToSlugs(folder)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        _ = try reconciler.sync(databaseAt: folder.path("app.sqlite"))
        let status = try reconciler.status(databaseAt: folder.path("app.sqlite"))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let output = try encoder.encode(try reconciler.sync(databaseAt: folder.path("app.sqlite")))

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report = try decoder.decode(SyncReport.self, from: output)   // what `reconcile --format json` printed

        #expect(!report.didChange && report.version == status.declaredVersion)
        let read = try decoder.decode(SyncStatus.self, from: encoder.encode(status))
        #expect(read.isInSync && read.appliedUpgrades == status.appliedUpgrades && read.appliedUpgrades.count == 1)
        let error = try decoder.decode(ReconcileError.self, from: encoder.encode(ReconcileError.insideTransaction))
        #expect(error.code == .insideTransaction && error.description == ReconcileError.insideTransaction.description)
    }
}
