import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Big Databases

/// The examples of the article BigDatabases.md.
@Suite struct BigDatabasesExamples {
    /// A launch sync that lets a column drop wait, then the deferred work done when idle.
    @Test func deferredWork() async throws {
        let folder = try Examples.syncedTasksFolder()
        let databasePath = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try await DatabaseQueue(path: databasePath).write { db in
            try db.execute(sql: "INSERT INTO tasks (project_id, title) VALUES (1, 'Launch')")
        }
        // Version 1.1.0 drops tasks.title, NOT NULL without a default.
        try folder.write(Examples.tasksSchema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title:      { type: TEXT, not_null: true }\n      done:",
                                  with: "      done:")
            + "\ndrop:\n  columns:\n    tasks: [title]\n", to: "schema.yaml")

        // At launch: what the new app needs, nothing more.
        let launch = Reconciler(schemaURL: schemaURL, options: Reconciler.Options(
            deferring: [.copiesRows, .dropsData, .scansRows, .buildsIndex]))
        let report = try await launch.sync(databaseAt: databasePath)
        print(report.plan.deferred.steps)   // what waits, also in reconciler.status(databaseAt:).deferred

        // Later, in a BGProcessingTask or when the app is idle: one table per transaction.
        let idle = Reconciler(schemaURL: schemaURL)
        try await idle.finishDeferredWork(databaseAt: databasePath)

        #expect(report.version == "1.1.0")
        #expect(report.plan.deferred.steps.map(\.table) == ["tasks"])
        #expect(try await idle.status(databaseAt: databasePath).isInSync)
        let columns = try await DatabaseQueue(path: databasePath).read { try $0.columns(in: "tasks").map(\.name) }
        #expect(!columns.contains("title"))
    }

    /// The disk-space refusal and the full disk, caught: a volume with room syncs, and neither
    /// handler runs. (The refusal itself is tested where a volume's free space can be set.)
    @Test func diskSpace() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Examples.bumpToSlugs(folder)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        var alerts: [String] = []
        func showStorageAlert(_ message: String) { alerts.append(message) }
        func log(_ message: String) { print(message) }

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            if let shortage = error.payload(as: ReconcileError.NotEnoughDiskSpace.self) {
                // "Free 900 MB of storage to update your data."
                let needed = shortage.neededBytes, available = shortage.availableBytes
                let missing = ByteCountFormatter.string(fromByteCount: needed - available, countStyle: .file)
                showStorageAlert("Free \(missing) of storage to update your data.")
                log("sync needs \(needed) bytes for \(shortage.tables.joined(separator: ", ")); \(available) free")
            } else if let full = error.payload(as: ReconcileError.DatabaseFull.self) {
                // SQLite ran out of room in the middle of the sync anyway; it was rolled back
                showStorageAlert("Free some storage to update your data.")
                log("out of room at \(full.step.map(String.init(describing:)) ?? "the commit")")
            }
        }

        #expect(alerts.isEmpty)
        #expect(try reconciler.status(databaseAt: path).isInSync)
    }

    /// A launch that lets work wait, on a table whose new type only a copy makes: the copy does
    /// the drop that could have waited too, and the plan says why.
    @Test func aTableTheLaunchCopiesAllTheSame() throws {
        let folder = try AppFolder(schema: """
            version: 1.0.0
            tables:
              books:
                columns:
                  id:    { type: INTEGER, primary_key: true }
                  pages: INTEGER
                  body:  TEXT
            """)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO books VALUES (1, 320, 'text')") }
        try folder.write("""
            version: 1.1.0
            tables:
              books:
                columns:
                  id:    { type: INTEGER, primary_key: true }
                  pages: TEXT
            drop:
              columns: { books: [body] }
            """, to: "schema.yaml")
        let report = try Reconciler(schemaURL: folder.schemaURL, options: Reconciler.Options(
            deferring: [.copiesRows, .dropsData, .scansRows, .buildsIndex])).sync(databaseAt: path)

        for copy in report.plan.copiedAtLaunch {
            print(copy)   // table books is copied now, for what the app needs at once …: column pages: type INTEGER → TEXT; …
        }

        #expect(report.plan.copiedAtLaunch.map(\.table) == ["books"])
        #expect(report.plan.copiedAtLaunch.first.map { "\($0)" }?.hasSuffix("what could have waited is done in the same copy: drop column books.body") == true)
        #expect(report.plan.deferred.steps.isEmpty)
    }
}
