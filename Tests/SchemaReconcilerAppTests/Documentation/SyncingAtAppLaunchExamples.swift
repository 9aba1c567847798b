import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Syncing at App Launch

/// The examples of the article SyncingAtAppLaunch.md.
@Suite struct SyncingAtAppLaunchExamples {
    @Test func appLaunchByPathCompiles() {
        // Only compiled: the test bundle holds no schema.yaml, and the app's folder is not ours.
        func openAppDatabase() throws -> DatabaseQueue {
            let folder = try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            let path = folder.appendingPathComponent("app.sqlite").path

            let schemaURL = Bundle.main.url(forResource: "schema", withExtension: "yaml")!
            let reconciler = Reconciler(schemaURL: schemaURL)
            let report = try reconciler.sync(databaseAt: path)
            for warning in report.warnings {
                print("schema warning:", warning)
            }
            return try DatabaseQueue(path: path)
        }
        let open: () throws -> DatabaseQueue = openAppDatabase
        _ = open
    }

    @Test func appLaunchOffTheMainThread() async throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")

        let reconciler = Reconciler(schemaURL: schemaURL)
        let launch = Task {
            try await reconciler.sync(databaseAt: path)
        }
        let report = try await launch.value
        print("database at version \(report.version)")
        #expect(report.didChange && report.version == "1.0.0")
    }

    @Test func appLaunchCancelled() async throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let sync = Task {
            try await reconciler.sync(databaseAt: path)
        }
        // Later, if the app no longer needs the sync to finish:
        sync.cancel()

        do {
            let report = try await sync.value
            print("synced to version \(report.version)")
        } catch is CancellationError {
            print("the sync was cancelled; nothing was changed")
        }

        // Either the sync committed before the cancellation, or there is no database at all.
        if FileManager.default.fileExists(atPath: path) {
            #expect(try await reconciler.status(databaseAt: path).isInSync)
        } else {
            #expect(folder.files == ["schema.yaml", "upgrades"])
        }
    }

    @Test func appLaunchWithABudget() throws {
        let folder = try Examples.syncedTasksFolder()
        try Examples.bumpToSlugs(folder)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")
        var finishingScheduled = false
        func scheduleFinishing() { finishingScheduled = true }

        var options = Reconciler.Options()
        options.launchBudget = .seconds(1)
        let report = try Reconciler(schemaURL: schemaURL, options: options).sync(databaseAt: path)
        for waiting in report.plan.launchBudget?.deferred ?? [] {
            print("waits for later:", waiting)   // edit table events in place: CHECK … added (about 42 seconds)
        }
        if !report.deferred.isEmpty {
            scheduleFinishing()   // finishDeferredWork(databaseAt:) when the app is idle
        }

        // Two projects: well within a second, and nothing waits.
        #expect(report.plan.launchBudget?.budget == .seconds(1))
        #expect(report.plan.launchBudget?.isOverBudget == false)
        #expect(!finishingScheduled && report.version == "1.1.0")
    }

    @Test func appLaunchProgress() throws {
        let folder = try Examples.itemsFolder(rows: 100)
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL

        var options = Reconciler.Options()
        options.progress = { progress in
            if let fraction = progress.copiedFraction {
                print("copying rows: \(Int(fraction * 100))%")
            } else if let step = progress.step {
                print("step \(progress.stepNumber) of \(progress.stepCount): \(step)")
            } else if progress.phase == .runningUpgrades {
                print("updating your data…")
            }
        }
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)

        let report = try reconciler.sync(databaseAt: path)
        #expect(report.plan.steps.map(\.method) == [.rebuild])
    }

    @Test func appLaunchThroughAPool() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let dbPool = try DatabasePool(path: path)
        try reconciler.sync(dbPool)
        #expect(try dbPool.read { try $0.tableExists("tasks") })
    }

    @Test func appLaunchThroughAQueueAsync() async throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let dbQueue = try DatabaseQueue(path: path)
        try await reconciler.sync(dbQueue)
        #expect(try await dbQueue.read { try $0.tableExists("tasks") })
    }

    /// Through a connection in defensive mode, as Apple's SQLite opens them (here, or a GRDB
    /// queue whose `prepareDatabase` turns it on), a new CHECK is an edit in place; an app that
    /// keeps defensive mode on gets a copy of the table instead.
    @Test func applesSQLite() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try folder.write(Examples.tasksSchema.replacingOccurrences(of: "title: { type: TEXT, not_null: true }\n  tasks:",
                                                                with: "title: { type: TEXT, not_null: true, check: \"title <> ''\" }\n  tasks:"),
                         to: "schema.yaml")
        #expect(try Reconciler(schemaURL: schemaURL).plan(databaseAt: path).steps.map(\.method) == [.inPlace])

        var options = Reconciler.Options()
        options.allowsDefensiveModeOff = false   // copy tables rather than leave defensive mode
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)

        let isDefensive = try DatabaseQueue().inDatabase { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            return (try? db.makeStatement(sql: "UPDATE sqlite_master SET sql = sql WHERE 0")) == nil
        }
        let report = try reconciler.sync(databaseAt: path)
        #expect(report.plan.steps.map(\.method) == [isDefensive ? .rebuild : .inPlace])
        #expect(try reconciler.status(databaseAt: path).isInSync)
    }

    @Test func serverAtBoot() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let databasePath = folder.path("app.sqlite")
        let schemaPath = folder.schemaURL.path

        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let pool = try DatabasePool(path: databasePath, configuration: configuration)
        let report = try Reconciler(schemaPath: schemaPath).sync(pool)
        print("database at version \(report.version)")
        #expect(report.version == "1.0.0")
    }

    @Test func manyTenantDatabases() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let schemaURL = folder.schemaURL
        try FileManager.default.createDirectory(atPath: folder.path("tenants"), withIntermediateDirectories: true)
        for name in ["acme", "globex", "initech"] {
            // An empty file is an empty SQLite database.
            try Data().write(to: URL(fileURLWithPath: folder.path("tenants/\(name).sqlite")))
        }
        let tenantsFolder = folder.path("tenants")

        let schema = try SchemaFile(contentsOf: schemaURL)
        let reconciler = Reconciler(schema: schema)
        let paths = try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: tenantsFolder) + "/*.sqlite")
        for outcome in try reconciler.sync(databasesAt: paths, jobs: 4, creatingMissing: false) {
            if let error = outcome.error {
                print("\(outcome.path): \(error.localizedDescription)")
            }
        }

        #expect(paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["acme.sqlite", "globex.sqlite", "initech.sqlite"])
        for path in paths {
            #expect(try reconciler.status(databaseAt: path).isInSync)
        }
    }

    /// The app's own uploader: what it was handed.
    final class Analytics: @unchecked Sendable {
        var uploads: [Data] = []
        func upload(_ data: Data) { uploads.append(data) }
    }

    /// Syncs `path`, sending the report or the failure report as the article shows.
    private func launch(_ reconciler: Reconciler, path: String, defaults: UserDefaults, analytics: Analytics) throws {
        do {
            let report = try reconciler.sync(databaseAt: path)
            defaults.set(report.fingerprintAfter, forKey: "schemaFingerprint")
            analytics.upload(try JSONEncoder().encode(report))
        } catch let error as ReconcileError {
            let failure = SyncFailureReport(error, fingerprintBefore: defaults.string(forKey: "schemaFingerprint"))
            analytics.upload(try JSONEncoder().encode(failure))
            throw error
        }
    }

    @Test func appLaunchSendsItsReport() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let path = folder.path("app.sqlite")
        let suite = "SyncingAtAppLaunchExamples.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let analytics = Analytics()
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        try launch(reconciler, path: path, defaults: defaults, analytics: analytics)
        let sent = try JSONDecoder().decode(SyncReport.self, from: try #require(analytics.uploads.last))
        #expect(sent.didChange && sent.fingerprintBefore == nil)
        let fingerprint = try #require(defaults.string(forKey: "schemaFingerprint"))
        #expect(sent.fingerprintAfter == fingerprint)

        // A schema file the loader refuses: the failure report goes home, with the kept fingerprint.
        try "version: 1.0.1\ntables:\n  tasks: { columns: { id: { typ: INTEGER } } }\n"
            .write(to: folder.schemaURL, atomically: true, encoding: .utf8)
        #expect(throws: ReconcileError.self) {
            try launch(reconciler, path: path, defaults: defaults, analytics: analytics)
        }
        let failure = try JSONDecoder().decode(SyncFailureReport.self, from: try #require(analytics.uploads.last))
        #expect(failure.code == .invalidSchema)
        #expect(failure.phase == .planning)
        #expect(failure.fingerprintBefore == fingerprint)
    }
}
