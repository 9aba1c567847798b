import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Getting Started

/// The examples of the article GettingStarted.md.
@Suite struct GettingStartedExamples {
    @Test func gettingStarted() throws {
        let folder = try AppFolder(schema: Examples.tasksSchema)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")

        let reconciler = Reconciler(schemaURL: schemaURL)
        let report = try reconciler.sync(databaseAt: path)
        if report.didChange {
            print("database synced to version \(report.version)")
        }
        for warning in report.warnings {
            print("schema warning:", warning)
        }
        #expect(report.didChange && report.version == "1.0.0" && report.warnings.isEmpty)

        let again = try reconciler.sync(databaseAt: path)
        print(again.didChange)   // false: nothing was written
        #expect(!again.didChange)

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            print(error.localizedDescription)
        }

        // Version 1.1.0: what the next sync would do, then where the database stands.
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO projects (title) VALUES ('Website')") }
        try Examples.bumpToSlugs(folder)
        let plan = try reconciler.plan(databaseAt: path)
        for step in plan.steps {
            print("--", step)
            for statement in step.statements {
                print(statement + ";")
            }
        }
        for upgrade in plan.upgrades {
            print("-- then", upgrade)
        }
        #expect(plan.upgrades.map(\.name) == ["upgrades/1.1.0-fill-project-slugs.sql"])
        #expect(!plan.steps.isEmpty)

        let status = try reconciler.status(databaseAt: path)
        print("stored version:", status.storedVersion?.description ?? "none")
        print("declared version:", status.declaredVersion)
        print(status.isInSync ? "in sync" : "\(status.pendingSteps.count) steps pending")
        #expect(status.storedVersion == "1.0.0" && status.declaredVersion == "1.1.0" && !status.isInSync)
        #expect(status.pendingSteps == plan.steps)
    }

    @Test func gettingStartedErrorLeavesNoDatabase() throws {
        let folder = try AppFolder(schema: "version: 1.0.0\ntables:\n  projects:\n    columns: {}\n")
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            print(error.localizedDescription)
            #expect(error.isInvalidInput)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
