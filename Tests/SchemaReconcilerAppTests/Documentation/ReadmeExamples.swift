import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - The README

/// The examples of README.md's quick start, run against its schema.yaml: a database of 1.0.0
/// gets its slugs, and a new one is created at 1.1.0.
@Suite struct ReadmeExamples {
    @Test func quickStart() throws {
        let folder = try Examples.syncedTasksFolder()
        try Examples.bumpToSlugs(folder)
        let schemaURL = folder.schemaURL
        let databasePath = folder.path("app.sqlite")

        let reconciler = Reconciler(schemaURL: schemaURL)
        do {
            let report = try reconciler.sync(databaseAt: databasePath)   // creates the file if needed
            print("database at version \(report.version)")
        } catch let error as ReconcileError {
            // Nothing was changed. The description says what failed, and where.
            print(error.localizedDescription)
        }

        #expect(try Examples.storedVersion(databasePath, schemaURL) == "1.1.0")
        let slugs = try DatabaseQueue(path: databasePath).read { try String.fetchAll($0, sql: "SELECT slug FROM projects ORDER BY id") }
        #expect(slugs == ["website", "mobile-app"])

        // The same app, through GRDB: the next launch has nothing to do.
        let dbPool = try DatabasePool(path: databasePath)
        try reconciler.sync(dbPool)   // before the app reads or writes through the pool
        #expect(try !reconciler.sync(dbPool).didChange)

        var project = Project(title: "Garden", slug: "garden")
        try dbPool.write { db in
            try project.insert(db)   // sets project.id
            var task = TaskRecord(projectId: project.id!, title: "Plant tomatoes")
            try task.insert(db)
        }
        let open = try dbPool.read { db in
            try project.tasks.filter(TaskRecord.Columns.done == 0).fetchAll(db)
        }
        #expect(open.map(\.title) == ["Plant tomatoes"])
    }

    /// The README's schema.yaml is the one these examples run against.
    @Test func theQuickStartSchemaIsTheOneTheExamplesUse() throws {
        let readme = try MarkdownDocument(path: "README.md").text
        let yaml = Examples.slugSchema.trimmingCharacters(in: .newlines)
        #expect(readme.contains("```yaml\n" + yaml + "\n```"))
    }

    /// The commands a new user runs from a fresh clone: one runs `reconcile` on the bundled
    /// example, one runs the tests, and that one is the command CI runs.
    @Test func theTestCommandOfTheREADMEIsTheOneCIRuns() throws {
        let commands = try MarkdownDocument(path: "README.md").text.split(separator: "\n")
            .map { $0.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        #expect(commands.contains("swift run reconcile"))
        let test = try #require(commands.first { $0.hasPrefix("swift test") })
        let ci = try MarkdownDocument(path: ".ci/run").text.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ci.contains(test), "README runs the tests with `\(test)`; .ci/run does not")
    }
}
