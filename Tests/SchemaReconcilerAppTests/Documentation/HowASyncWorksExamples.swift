import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - How a Sync Works

/// The examples of the article HowASyncWorks.md.
@Suite struct HowASyncWorksExamples {
    @Test func threeWaysToChangeATable() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try folder.write(Examples.tasksSchema
            .replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            // In place: a new CHECK, which no stored row violates.
            .replacingOccurrences(of: "title: { type: TEXT, not_null: true }\n  tasks:",
                                  with: "title: { type: TEXT, not_null: true, check: \"length(title) > 0\" }\n  tasks:")
            // Rebuild: a new column order.
            .replacingOccurrences(of: "      project_id: { type: INTEGER, not_null: true, references: projects.id, on_delete: CASCADE }\n      title:      { type: TEXT, not_null: true }\n",
                                  with: "      title:      { type: TEXT, not_null: true }\n      project_id: { type: INTEGER, not_null: true, references: projects.id, on_delete: CASCADE }\n")
            // Native: a new table.
            + "\n  labels:\n    columns:\n      name: TEXT\n", to: "schema.yaml")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let plan = try reconciler.plan(databaseAt: path)
        for step in plan.steps {
            switch step.method {
            case .native:
                print("statement:", step)
            case .inPlace:
                print("definition rewritten, no row copied:", step)
            case .rebuild:
                print("table copied (\(step.rows ?? 0) rows):", step)
            }
        }

        #expect(Set(plan.steps.map(\.method)) == [.native, .inPlace, .rebuild])
        #expect(try reconciler.sync(databaseAt: path).plan.steps == plan.steps)
    }

    @Test func deniedHazards() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try folder.write(Examples.tasksSchema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "  projects:\n    columns:\n      id:    { type: INTEGER, primary_key: true }\n      title: { type: TEXT, not_null: true }\n", with: "")
            .replacingOccurrences(of: ", references: projects.id, on_delete: CASCADE", with: "")
            + "\n\ndrop:\n  tables: [projects]\n", to: "schema.yaml")

        let options = Reconciler.Options(deniedHazards: [.dropsData, .copiesRows])
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)
        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError where error.code == .hazardsDenied {
            for item in error.payload(as: ReconcileError.HazardsDenied.self)?.denied ?? [] {
                print("refused:", item)
            }
        }

        #expect(try Examples.storedVersion(path, schemaURL) == "1.0.0")
        #expect(try DatabaseQueue(path: path).read { try $0.tableExists("projects") })
        let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
        guard let denied = error?.payload(as: ReconcileError.HazardsDenied.self)?.denied else {
            Issue.record("expected the hazards to be denied, got \(String(describing: error))")
            return
        }
        #expect(denied.map(\.hazard.kind) == [.dropsData])
    }

    @Test func cancellation() async throws {
        let folder = try Examples.itemsFolder(rows: 50000)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let sync = Task {
            try await reconciler.sync(databaseAt: path)
        }
        sync.cancel()
        do {
            _ = try await sync.value
        } catch is CancellationError {
            // Rolled back: the database is exactly as it was before the sync.
        }

        // Either the sync committed first, or nothing changed at all.
        let status = try await reconciler.status(databaseAt: path)
        #expect(status.isInSync || (!status.isManaged && status.storedVersion == nil))
    }
}
