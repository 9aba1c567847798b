import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Reports, Errors and Options

/// The examples of the article ErrorsAndOptions.md.
@Suite struct ErrorsAndOptionsExamples {
    /// A sync that keeps an undeclared column and copies a table: the report says both.
    @Test func theReport() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        // An undeclared column, kept; and a column order that only a copy of the table gives.
        try DatabaseQueue(path: path).write { try $0.execute(sql: "ALTER TABLE tasks ADD COLUMN legacy_flag INTEGER") }
        try folder.write(Examples.tasksSchema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      id:    { type: INTEGER, primary_key: true }\n      title: { type: TEXT, not_null: true }\n",
                                  with: "      title: { type: TEXT, not_null: true }\n      id:    { type: INTEGER, primary_key: true }\n"),
                         to: "schema.yaml")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        var logged: [String] = []
        func log(_ message: String) { logged.append(message) }

        let report = try reconciler.sync(databaseAt: path)
        for warning in report.warnings {
            if let object = warning.payload(as: SyncWarning.Undeclared.self)?.object { log("kept \(object.kind) \(object.name)") }
        }
        let copied = report.plan.steps.filter { $0.method == .rebuild }.compactMap(\.rows).reduce(0, +)

        #expect(logged == ["kept column legacy_flag"])
        #expect(copied == 2)

        var keptObjects = 0
        for warning in report.warnings {
            switch warning.code {
            case .undeclared:
                keptObjects += 1
            case .scriptChanged:
                let changed = warning.payload(as: SyncWarning.ScriptChanged.self)
                log("\(changed?.upgrade.name ?? "a script") changed after it ran")
            default:
                log(warning.message)
            }
        }
        #expect(keptObjects == 1 && logged == ["kept column legacy_flag"])
        #expect(report.didChange && report.version == "1.1.0")
    }

    @Test func errors() throws {
        // Slugs without the script that fills them: the existing projects do not fit.
        let folder = try Examples.syncedTasksFolder()
        try Examples.bumpToSlugs(folder, withScript: false)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError where error.isBusy {
            // Another process held the write lock for longer than the busy timeout: try again later.
        } catch let error as ReconcileError where error.code == .dataDoesNotFit {
            for violation in error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations ?? [] {
                print("\(violation.rows) rows of \(violation.table) violate \(violation.constraint): \(violation.remedy)")
            }
        } catch let error as ReconcileError {
            print(error.localizedDescription)
        }

        #expect(try Examples.storedVersion(path, folder.schemaURL) == "1.0.0")
        let error = try #require(#expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) })
        var asked: [String] = []
        func askToUpdateTheApp() { asked.append("update") }
        func askToFreeStorage(bytes: Int64) { asked.append("free \(bytes)") }
        func showAlert(_ message: String) { asked.append(message) }

        switch error.code {
        case .belowDatabaseFloor, .databaseIsNewer:
            askToUpdateTheApp()
        case .notEnoughDiskSpace:
            let shortage = error.payload(as: ReconcileError.NotEnoughDiskSpace.self)
            askToFreeStorage(bytes: (shortage?.neededBytes ?? 0) - (shortage?.availableBytes ?? 0))
        default:
            showAlert(error.message)
        }

        #expect(error.code == .dataDoesNotFit && asked == [error.message])
        #expect(error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations.first?.table == "projects")
    }

    /// A database with tables but no stored state, adopted at the legacy version the options give.
    @Test func options() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE projects (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE tasks (id INTEGER PRIMARY KEY,
                  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
                  title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX tasks_by_project ON tasks (project_id, done);
                """)
        }

        let options = Reconciler.Options(
            legacyVersion: "1.0.0",        // a database with tables but no stored state is at 1.0.0 (default 0.0.0)
            allowsNewerDatabase: false,    // true: accept a newer database, run no upgrades and no drops
            busyTimeout: .seconds(30),     // how long to wait for another connection's write lock (sync by path)
            deniedHazards: [.dropsData])   // refuse a plan that would drop data (see Hazards)
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)

        let report = try reconciler.sync(databaseAt: path)
        #expect(report.version == "1.0.0" && report.plan.steps.isEmpty && report.upgrades.isEmpty)
        #expect(try Examples.storedVersion(path, schemaURL) == "1.0.0")
    }
}
