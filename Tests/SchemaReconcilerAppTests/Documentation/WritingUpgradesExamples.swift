import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Writing Upgrades

/// The examples of the article WritingUpgrades.md.
@Suite struct WritingUpgradesExamples {
    @Test func upgradeWrittenInSwift() throws {
        let folder = try AppFolder(schema: Examples.usersSchema)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO users (email) VALUES (' Ada@Example.COM '), ('alan@example.com')")
        }
        try folder.write(Examples.usersSchema.replacingOccurrences(of: "version: 1.1.0", with: "version: 1.2.0"), to: "schema.yaml")

        var reconciler = Reconciler(schemaURL: schemaURL)
        reconciler.registerUpgrade(version: "1.2.0", named: "normalize-emails") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, email FROM users")
            for row in rows {
                let id: Int64 = row["id"]
                let email: String = row["email"]
                let normalized = email.trimmingCharacters(in: .whitespaces).lowercased()
                try db.execute(sql: "UPDATE users SET email = ? WHERE id = ?", arguments: [normalized, id])
            }
        }
        let report = try reconciler.sync(databaseAt: path)
        print(report.upgrades)   // [upgrade 1.2.0: normalize-emails (code)]

        #expect("\(report.upgrades)" == "[upgrade 1.2.0: normalize-emails (code)]")
        let emails = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT email FROM users ORDER BY id") }
        #expect(emails == ["ada@example.com", "alan@example.com"])
        // It ran once: the next sync has nothing to do.
        #expect(try !reconciler.sync(databaseAt: path).didChange)
    }

    @Test func upgradeFailures() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Examples.bumpToSlugs(folder)
        try folder.write("UPDATE projects SET slug = 'x';\nUPDATE no_such_table SET a = 1;\n",
                         to: "upgrades/1.1.0-fill-project-slugs.sql")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch let error as ReconcileError {
            if let failed = error.payload(as: ReconcileError.UpgradeFailed.self) {
                print("\(failed.upgrade.name), line \(failed.line): \(failed.statement)")
                print(failed.databaseError.message ?? "\(failed.databaseError.resultCode)")
            } else if let failed = error.payload(as: ReconcileError.CodeUpgradeFailed.self) {
                print("\(failed.upgrade.name) threw \(failed.error)")
            }
        }

        #expect(try Examples.storedVersion(path, folder.schemaURL) == "1.0.0")
        let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
        guard let payload = error?.payload(as: ReconcileError.UpgradeFailed.self) else {
            Issue.record("expected the script's failure, got \(String(describing: error))")
            return
        }
        let upgrade = payload.upgrade
        let line = payload.line
        #expect(upgrade.name == "upgrades/1.1.0-fill-project-slugs.sql" && line == 2)
    }

    @Test func upgradesInThePlan() throws {
        let folder = try Examples.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Examples.bumpToSlugs(folder)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let plan = try reconciler.plan(databaseAt: path)
        for upgrade in plan.upgrades {
            print(upgrade.version, upgrade.name, upgrade.kind)
        }
        #expect(plan.upgrades == [Upgrade(version: "1.1.0", name: "upgrades/1.1.0-fill-project-slugs.sql", kind: .script)])

        // And the sync then fills the slugs before the column becomes NOT NULL.
        #expect(try reconciler.sync(databaseAt: path).version == "1.1.0")
        let slugs = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT slug FROM projects ORDER BY id") }
        #expect(slugs == ["website", "mobile-app"])
    }
}
