import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - Many databases

extension DatabaseOptions {
    /// Whether `--database` is a pattern (`tenants/*.sqlite`) that names many database files.
    var namesManyDatabases: Bool {
        DatabasePattern.isPattern(database)
    }

    /// How many databases are worked on at once: `--jobs`, or one per core.
    var jobCount: Int {
        jobs ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// The database files the `--database` pattern matches, sorted.
    ///
    /// - Throws: ``ReconcileError/invalidDatabasePath(_:problem:)`` when it matches none.
    func databasePaths() throws -> [String] {
        try Reconciler.databasePaths(matching: database)
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }
}
