import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - The documentation catalog's examples

/// Every ```swift block of `Sources/SchemaReconciler/SchemaReconciler.docc` is written here, word
/// for word (indentation aside), inside a test: run against a temporary folder where it can run,
/// only compiled where it cannot (the app bundle's own files). The last test reads the catalog
/// and checks that each block is here, so that an article's example cannot drift from code that
/// compiles against the public API.
@Suite struct DocumentationExampleTests {
    // MARK: Schemas the examples run against

    /// The Getting Started schema: projects and their tasks.
    static let tasksSchema = """
        version: 1.0.0

        tables:
          projects:
            columns:
              id:    { type: INTEGER, primary_key: true }
              title: { type: TEXT, not_null: true }
          tasks:
            columns:
              id:         { type: INTEGER, primary_key: true }
              project_id: { type: INTEGER, not_null: true, references: projects.id, on_delete: CASCADE }
              title:      { type: TEXT, not_null: true }
              done:       { type: INTEGER, not_null: true, default: false }
            indexes:
              tasks_by_project: [project_id, done]
        """

    /// Version 1.1.0 of it: every project gets a slug, which an upgrade script fills.
    static let slugSchema = tasksSchema
        .replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "      title: { type: TEXT, not_null: true }\n  tasks:",
                              with: "      title: { type: TEXT, not_null: true }\n      slug:  { type: TEXT, not_null: true }\n  tasks:")
        + "\n\nupgrades:\n  1.1.0: upgrades/1.1.0-fill-project-slugs.sql\n"

    static let slugScript = """
        -- 1.1.0 adds projects.slug (NOT NULL, no default). Derive it from the title.
        UPDATE projects
           SET slug = lower(replace(trim(title), ' ', '-'))
         WHERE slug IS NULL;
        """

    /// A table whose column changes affinity: the sync rebuilds it, copying every row.
    static let itemsSchema = """
        version: 1.0.0
        tables:
          items:
            columns:
              id: { type: INTEGER, primary_key: true }
              v:  { type: INTEGER }
        """

    /// Users with emails, for the upgrades written in Swift.
    static let usersSchema = """
        version: 1.1.0
        tables:
          users:
            columns:
              id:    { type: INTEGER, primary_key: true }
              email: { type: TEXT, not_null: true }
        """

    /// A folder with the tasks schema at 1.0.0 and a database synced with it, holding two projects.
    static func syncedTasksFolder() throws -> AppFolder {
        let folder = try AppFolder(schema: tasksSchema)
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("app.sqlite"))
        try DatabaseQueue(path: folder.path("app.sqlite")).write { db in
            try db.execute(sql: "INSERT INTO projects (title) VALUES ('Website'), ('Mobile App')")
        }
        return folder
    }

    /// The tasks schema moved to 1.1.0, with or without the script that fills the slugs.
    static func bumpToSlugs(_ folder: AppFolder, withScript: Bool = true) throws {
        try folder.write(withScript ? slugSchema : slugSchema.replacingOccurrences(of: "\nupgrades:\n  1.1.0: upgrades/1.1.0-fill-project-slugs.sql\n", with: ""),
                         to: "schema.yaml")
        try folder.write(slugScript, to: "upgrades/1.1.0-fill-project-slugs.sql")
    }

    /// The stored version of the database at `path`.
    static func storedVersion(_ path: String, _ schemaURL: URL) throws -> SemanticVersion? {
        try Reconciler(schemaURL: schemaURL).status(databaseAt: path).storedVersion
    }

    // MARK: Getting Started

    @Test func gettingStarted() throws {
        let folder = try AppFolder(schema: Self.tasksSchema)
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
        try Self.bumpToSlugs(folder)
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

    // MARK: Syncing at App Launch

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
        let folder = try AppFolder(schema: Self.tasksSchema)
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
        let folder = try AppFolder(schema: Self.tasksSchema)
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

    @Test func appLaunchProgress() throws {
        let folder = try AppFolder(schema: Self.itemsSchema)
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
                INSERT INTO items SELECT i, i FROM n;
                """)
        }

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
        let folder = try AppFolder(schema: Self.tasksSchema)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let dbPool = try DatabasePool(path: path)
        try reconciler.sync(dbPool)
        #expect(try dbPool.read { try $0.tableExists("tasks") })
    }

    @Test func appLaunchThroughAQueueAsync() async throws {
        let folder = try AppFolder(schema: Self.tasksSchema)
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
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try folder.write(Self.tasksSchema.replacingOccurrences(of: "title: { type: TEXT, not_null: true }\n  tasks:",
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

    /// The disk-space refusal, caught: a volume with room syncs, and the handler does not run.
    @Test func diskSpace() throws {
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Self.bumpToSlugs(folder)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch ReconcileError.notEnoughDiskSpace(_, let needed, let available, _) {
            let missing = ByteCountFormatter.string(fromByteCount: needed - available, countStyle: .file)
            print("Free \(missing) of storage to update your data.")
        }

        #expect(try reconciler.status(databaseAt: path).isInSync)
    }

    /// A launch sync that lets a column drop wait, then the deferred work done.
    @Test func heavyWorkWaits() throws {
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO tasks (project_id, title) VALUES (1, 'Launch')")
        }
        // Version 1.1.0 drops tasks.title, NOT NULL without a default.
        try folder.write(Self.tasksSchema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      title:      { type: TEXT, not_null: true }\n      done:",
                                  with: "      done:")
            + "\ndrop:\n  columns:\n    tasks: [title]\n", to: "schema.yaml")

        let launch = Reconciler(schemaURL: schemaURL, options: Reconciler.Options(
            deferring: [.copiesRows, .dropsData, .scansRows, .buildsIndex]))
        let report = try launch.sync(databaseAt: path)
        print(report.plan.deferred.steps)   // what waits

        // When the app is idle:
        try Reconciler(schemaURL: schemaURL).finishDeferredWork(databaseAt: path)

        #expect(report.version == "1.1.0")
        #expect(report.plan.deferred.steps.map(\.table) == ["tasks"])
        #expect(try Reconciler(schemaURL: schemaURL).status(databaseAt: path).isInSync)
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

    @Test func appLaunchWithTheAppsCollationsAndFunctions() throws {
        let folder = try AppFolder(schema: """
            version: 1.0.0
            tables:
              contacts:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  name: { type: TEXT, not_null: true, collate: localizedCaseInsensitiveCompare }
                indexes:
                  contacts_by_name: [name]
            views:
              contact_initials: SELECT id, initials(name) AS initials FROM contacts
            """)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")

        let prepareDatabase: @Sendable (Database) throws -> Void = { db in
            db.add(collation: DatabaseCollation("localizedCaseInsensitiveCompare") { $0.localizedCaseInsensitiveCompare($1) })
            db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0])?.split(separator: " ").compactMap(\.first).map(String.init).joined()
            })
        }
        var options = Reconciler.Options()
        options.prepareDatabase = prepareDatabase
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)
        try reconciler.sync(databaseAt: path)

        var configuration = Configuration()
        configuration.prepareDatabase(prepareDatabase)
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)

        try dbQueue.write { try $0.execute(sql: "INSERT INTO contacts (name) VALUES ('bob'), ('Ann Lee')") }
        let names = try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM contacts ORDER BY name") }
        let initials = try dbQueue.read { try String.fetchAll($0, sql: "SELECT initials FROM contact_initials ORDER BY id") }
        #expect(names == ["Ann Lee", "bob"] && initials == ["b", "AL"])
        #expect(try !reconciler.sync(dbQueue).didChange)
    }

    @Test func appLaunchErrors() throws {
        // Slugs without the script that fills them: the existing projects do not fit.
        let folder = try Self.syncedTasksFolder()
        try Self.bumpToSlugs(folder, withScript: false)
        let path = folder.path("app.sqlite")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch ReconcileError.database(DatabaseError.SQLITE_BUSY) {
            // Another process held the write lock for longer than the busy timeout: try again later.
        } catch ReconcileError.dataDoesNotFit(let violations) {
            for violation in violations {
                print("\(violation.rows) rows of \(violation.table) violate \(violation.constraint): \(violation.remedy)")
            }
        } catch let error as ReconcileError {
            print(error.localizedDescription)
        }

        #expect(try Self.storedVersion(path, folder.schemaURL) == "1.0.0")
        #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
    }

    @Test func serverAtBoot() throws {
        let folder = try AppFolder(schema: Self.tasksSchema)
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
        let folder = try AppFolder(schema: Self.tasksSchema)
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

    // MARK: Writing Upgrades

    @Test func upgradeWrittenInSwift() throws {
        let folder = try AppFolder(schema: Self.usersSchema)
        let schemaURL = folder.schemaURL
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO users (email) VALUES (' Ada@Example.COM '), ('alan@example.com')")
        }
        try folder.write(Self.usersSchema.replacingOccurrences(of: "version: 1.1.0", with: "version: 1.2.0"), to: "schema.yaml")

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
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Self.bumpToSlugs(folder)
        try folder.write("UPDATE projects SET slug = 'x';\nUPDATE no_such_table SET a = 1;\n",
                         to: "upgrades/1.1.0-fill-project-slugs.sql")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        do {
            try reconciler.sync(databaseAt: path)
        } catch ReconcileError.upgradeFailed(let upgrade, let line, let statement, let error) {
            print("\(upgrade.name), line \(line): \(statement)")
            print(error.message ?? "\(error.resultCode)")
        } catch ReconcileError.codeUpgradeFailed(let upgrade, let error) {
            print("\(upgrade.name) threw \(error)")
        }

        #expect(try Self.storedVersion(path, folder.schemaURL) == "1.0.0")
        let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
        guard case .upgradeFailed(let upgrade, let line, _, _) = error else {
            Issue.record("expected the script's failure, got \(String(describing: error))")
            return
        }
        #expect(upgrade.name == "upgrades/1.1.0-fill-project-slugs.sql" && line == 2)
    }

    @Test func upgradesInThePlan() throws {
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try Self.bumpToSlugs(folder)
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

    // MARK: Adopting an Existing Database

    @Test func adoptingAnExistingDatabase() throws {
        let folder = try AppFolder(schema: "unused")
        let schemaURL = folder.schemaURL
        let path = folder.path("MyApp.sqlite")
        // A database that hand-written change scripts built, with their own version table.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1'), ('v2');
                CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL COLLATE NOCASE);
                CREATE TABLE book (
                  id INTEGER PRIMARY KEY,
                  author_id INTEGER REFERENCES author(id) ON DELETE CASCADE,
                  title TEXT NOT NULL,
                  price REAL CHECK (price >= 0));
                CREATE INDEX book_by_author ON book(author_id);
                INSERT INTO author (name) VALUES ('Ursula');
                INSERT INTO book (author_id, title, price) VALUES (1, 'The Dispossessed', 9.5);
                """)
        }
        let before = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name") }

        do {
            let reconciler = Reconciler(schemaURL: schemaURL)
            let inspected = try reconciler.inspect(databaseAt: path, appVersion: "4.2.0")
            try inspected.yaml.write(to: reconciler.schemaURL, atomically: true, encoding: .utf8)
            if !inspected.isComplete {
                print(inspected.yaml) // the clauses it cannot declare are comments in it
            }
            #expect(inspected.isComplete)
        }

        let options = Reconciler.Options(legacyVersion: "4.2.0")
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)
        let report = try reconciler.sync(databaseAt: path)
        print(report.plan.steps.isEmpty)   // true: the database already has the declared shape
        print(report.version)              // 4.2.0

        #expect(report.plan.steps.isEmpty && report.upgrades.isEmpty)
        #expect(report.version == "4.2.0")
        let after = try DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY name")
        }
        #expect(after == before)
    }

    @Test func placingEachDatabaseAtItsRelease() throws {
        let folder = try AppFolder(schema: """
            version: 2.0.0
            tables:
              notes:
                columns:
                  id: { type: INTEGER, primary_key: true }
            legacy:
              source: schema_migrations
              versions:
                2: 1.0.0
                3: 1.1.0
                5: 1.2.0
            """)
        let path = folder.path("MyApp.sqlite")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE notes (id INTEGER PRIMARY KEY);
                CREATE TABLE schema_migrations (version INTEGER UNIQUE NOT NULL);
                INSERT INTO schema_migrations VALUES (1), (2), (3);
                """)
        }
        let reconciler = Reconciler(schemaURL: folder.schemaURL)

        let report = try reconciler.sync(databaseAt: path)
        if let legacy = report.legacyRecord {
            print(legacy)   // legacy record schema_migrations = 3 → 1.1.0
        }

        #expect(report.legacyRecord?.description == "legacy record schema_migrations = 3 → 1.1.0")
    }

    // MARK: Testing Upgrade Paths

    /// Only compiled: an app's test target bundles its own `Database` folder; this one's is
    /// `UpgradeHistory`, which the tests below use.
    @Suite(.disabled("compiled only: the Database resource belongs to an app's own test target"))
    struct TestTargetExample {
        @Test func everyReleaseUpgradesToTheCurrentSchema() throws {
            let database = Bundle.module.url(forResource: "Database", withExtension: nil)!
            let reconciler = Reconciler(schemaURL: database.appendingPathComponent("schema.yaml"))
            let history = try SchemaRelease.history(in: database.appendingPathComponent("history"))
            let report = try reconciler.verifyUpgradePaths(from: history)
            #expect(report.isPassing, "\(report)")
        }
    }

    static let upgradeHistory = Bundle.module.url(forResource: "UpgradeHistory", withExtension: nil)!

    @Test func readingAFailedUpgradePath() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.upgradeHistory, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        // The upgrade that fills the new NOT NULL column users.handle is left out.
        let schemaURL = copy.appendingPathComponent("schema.yaml")
        try String(contentsOf: schemaURL, encoding: .utf8)
            .replacingOccurrences(of: "  1.1.0: upgrades/1.1.0-handles.sql\n", with: "")
            .write(to: schemaURL, atomically: true, encoding: .utf8)
        let reconciler = Reconciler(schemaURL: schemaURL)
        let history = try SchemaRelease.history(in: copy.appendingPathComponent("history"))

        let report = try reconciler.verifyUpgradePaths(from: history)
        for result in report.failures {
            print("\(result.version) (\(result.source)):")
            for problem in result.problems {
                print("  table \(problem.table ?? "-"), column \(problem.column ?? "-"): \(problem)")
            }
        }

        #expect(report.failures.map(\.version) == ["1.0.0"])
        #expect(report.failures.first?.problems.first?.table == "users")
        #expect(report.failures.first?.problems.first?.column == "handle")
    }

    @Test func releasesLoadedFromText() throws {
        let reconciler = Reconciler(schemaURL: Self.upgradeHistory.appendingPathComponent("schema.yaml"))
        let text = try String(contentsOf: Self.upgradeHistory.appendingPathComponent("history/1.0.0.yaml"), encoding: .utf8)

        let release = try SchemaRelease(yaml: text, source: "v1.0.0:db/schema.yaml")
        let report = try reconciler.verifyUpgradePaths(from: [release], rowsPerTable: 10)
        print(report.isPassing ? "the path from \(release.version) passes" : "\(report)")

        #expect(report.isPassing, "\(report)")
        #expect(report.results.map(\.source) == ["v1.0.0:db/schema.yaml"])
        #expect(report.results.first?.rows == 30)
    }

    // MARK: How a Sync Works

    @Test func threeWaysToChangeATable() throws {
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        try folder.write(Self.tasksSchema
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
        let folder = try Self.syncedTasksFolder()
        let path = folder.path("app.sqlite")
        let schemaURL = folder.schemaURL
        try folder.write(Self.tasksSchema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "  projects:\n    columns:\n      id:    { type: INTEGER, primary_key: true }\n      title: { type: TEXT, not_null: true }\n", with: "")
            .replacingOccurrences(of: ", references: projects.id, on_delete: CASCADE", with: "")
            + "\n\ndrop:\n  tables: [projects]\n", to: "schema.yaml")

        let options = Reconciler.Options(deniedHazards: [.dropsData, .copiesRows])
        let reconciler = Reconciler(schemaURL: schemaURL, options: options)
        do {
            try reconciler.sync(databaseAt: path)
        } catch ReconcileError.hazardsDenied(let denied) {
            for item in denied {
                print("refused:", item)
            }
        }

        #expect(try Self.storedVersion(path, schemaURL) == "1.0.0")
        #expect(try DatabaseQueue(path: path).read { try $0.tableExists("projects") })
        let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
        guard case .hazardsDenied(let denied) = error else {
            Issue.record("expected the hazards to be denied, got \(String(describing: error))")
            return
        }
        #expect(denied.map(\.hazard.kind) == [.dropsData])
    }

    @Test func cancellation() async throws {
        let folder = try AppFolder(schema: Self.itemsSchema)
        let path = folder.path("app.sqlite")
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
                INSERT INTO items SELECT i, i FROM n;
                """)
        }
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

    // MARK: Generating Record Types

    /// The records the GenerateRecords plugin writes from this target's schema.yaml, in use.
    @Test func generatedRecordsInUse() throws {
        let folder = try AppFolder(schema: "")
        let path = folder.path("library.sqlite")

        let schemaURL = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: path)
        let dbQueue = try DatabaseQueue(path: path)

        try dbQueue.write { db in
            var author = Author(name: "Herman Melville")
            try author.insert(db)
            var book = Book(title: "Moby-Dick", authorId: author.id, price: 12.5)
            try book.insert(db)
        }

        let (book, author, titles) = try dbQueue.read { db in
            let book = try Book.filter(Book.Columns.title == "Moby-Dick").fetchOne(db)!
            let author = try book.author.fetchOne(db)!
            let titles = try BookTitle.fetchAll(db)
            return (book, author, titles)
        }
        print(book.inPrint, author.name, titles.map(\.title))  // true Herman Melville [Optional("Moby-Dick")]
        #expect(book.inPrint && book.id != nil && book.authorId == author.id)
        #expect(author.name == "Herman Melville" && author.bornOn == nil)
        #expect(titles.map(\.title) == ["Moby-Dick"] && titles.map(\.author) == ["Herman Melville"])
        #expect(try dbQueue.read { try Book.find($0, id: book.id!) } == book)

        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }

        let infos = try dbQueue.read { db in
            try Book.including(required: Book.author).asRequest(of: BookInfo.self).fetchAll(db)
        }
        let prolific = try dbQueue.read { db in
            try Author.having(Author.books.count >= 1).fetchAll(db)
        }
        #expect(infos.map(\.book) == [book] && infos.map(\.author) == [author])
        #expect(prolific == [author])
        #expect(try dbQueue.read { try author.books.fetchAll($0) } == [book])
    }

    /// The README's example of the generated records, in "Record types from schema.yaml".
    @Test func generatedRecordsOfTheREADME() throws {
        let folder = try AppFolder(schema: "")
        let schemaURL = Bundle.module.url(forResource: "schema", withExtension: "yaml")!
        try Reconciler(schemaURL: schemaURL).sync(databaseAt: folder.path("library.sqlite"))
        let (found, writer) = try DatabaseQueue(path: folder.path("library.sqlite")).write { db in
            var author = Author(name: "Ursula K. Le Guin")
            try author.insert(db)
            var book = Book(title: "The Dispossessed", authorId: author.id, price: 9.5, inPrint: true)
            try book.insert(db)
            let found = try Book.filter(Book.Columns.title == "The Dispossessed").fetchOne(db)
            let writer = try found?.author.fetchOne(db)
            return (found, writer)
        }
        #expect(found?.price == 9.5 && found?.inPrint == true)
        #expect(writer?.name == "Ursula K. Le Guin" && writer?.id == found?.authorId)
    }

    // MARK: The catalog's examples are all here

    @Test func everySwiftBlockOfTheCatalogIsInThisFile() throws {
        let thisFile = URL(fileURLWithPath: #filePath)
        let packageRoot = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = packageRoot.appendingPathComponent("Sources/SchemaReconciler/SchemaReconciler.docc")
        let articles = try Self.markdownFiles(in: catalog)
        #expect(articles.count >= 7, "the catalog was not found at \(catalog.path)")

        let source = Self.normalizedLines(try String(contentsOf: thisFile, encoding: .utf8))
        let imports = Set(source.filter { $0.hasPrefix("import ") })
        var blocks = 0
        for article in articles {
            for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
                blocks += 1
                let lines = Self.normalizedLines(block)
                // An `import` belongs at the top of a file: it is looked for there.
                for line in lines where line.hasPrefix("import ") {
                    #expect(imports.contains(line), "\(article.lastPathComponent): this file lacks `\(line)`")
                }
                let code = lines.filter { !$0.hasPrefix("import ") }
                #expect(!code.isEmpty && Self.contains(source, code),
                        "\(article.lastPathComponent): this example is not in DocumentationExampleTests.swift:\n\(block)")
            }
        }
        #expect(blocks >= 20)
    }

    /// The `.md` files of a catalog, sorted, in its subfolders too.
    static func markdownFiles(in catalog: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
    }

    /// The code of each ```swift block of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var lines = current {
                if trimmed == "```" {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if trimmed == "```swift" {
                current = []
            }
        }
        return blocks
    }

    /// The non-empty lines of `text`, trimmed, with each run of spaces made one space.
    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    /// Whether `lines` holds `run` as consecutive lines.
    static func contains(_ lines: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= lines.count else { return false }
        return (0...(lines.count - run.count)).contains { start in
            lines[start..<(start + run.count)].elementsEqual(run)
        }
    }
}
