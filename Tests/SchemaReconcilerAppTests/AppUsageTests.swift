import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - The library as an app uses it

/// A record as a GRDB app declares it, with GRDB's own `Column` and `Table`, unqualified: the
/// library's public names must not collide with them.
private struct Player: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
    static let players = Table<Player>("player")
    enum Columns {
        static let name = Column("name")
        static let score = Column("score")
    }

    var id: Int64?
    var name: String
    var score: Int
}

@Suite struct AppUsageTests {
    static let schema = """
        version: 1.0.0
        tables:
          player:
            columns:
              id:    { type: INTEGER, primary_key: true, autoincrement: true }
              name:  { type: TEXT, not_null: true }
              score: { type: INTEGER, not_null: true, default: 0 }
            indexes:
              player_by_score: [score]
        """

    @Test func anAppSyncsAtLaunchThenUsesGRDBsQueryInterface() throws {
        let folder = try AppFolder(schema: Self.schema)
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let report = try reconciler.sync(databaseAt: folder.path("app.sqlite"))
        #expect(report.didChange && report.version == "1.0.0")
        #expect(report.plan.steps.map(\.description) == ["create table player"])

        let dbQueue = try DatabaseQueue(path: folder.path("app.sqlite"))
        try dbQueue.write { db in
            try Player(id: nil, name: "Ada", score: 10).insert(db)
            try Player(id: nil, name: "Alan", score: 7).insert(db)
        }
        let best = try dbQueue.read { db in
            try Player.players.order(Player.Columns.score.desc).fetchOne(db)
        }
        #expect(best?.name == "Ada")
        // The next launch finds nothing to do and writes nothing.
        #expect(try !reconciler.sync(dbQueue).didChange)
    }

    @Test func aNewVersionIsPlannedThenSyncedThroughADatabasePool() throws {
        let folder = try AppFolder(schema: Self.schema)
        let pool = try DatabasePool(path: folder.path("app.sqlite"))
        try Reconciler(schemaURL: folder.schemaURL).sync(pool)
        try pool.write { try Player(id: nil, name: "Grace", score: 3).insert($0) }

        try folder.write("UPDATE player SET nickname = lower(name);\n", to: "upgrades/1.1.0.sql")
        try folder.write(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      score: { type: INTEGER, not_null: true, default: 0 }",
                                  with: "      score: { type: INTEGER, not_null: true, default: 0 }\n      nickname: { type: TEXT, not_null: true }")
            + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n", to: "schema.yaml")
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let plan = try reconciler.plan(pool)
        #expect(plan.fromVersion == "1.0.0" && plan.toVersion == "1.1.0")
        #expect(plan.upgrades == [Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql", kind: .script)])
        #expect(plan.expandSteps.map(\.description) == ["add column player.nickname without its constraints for now (native ALTER); upgrades may fill it, "
                                                    + "the contract step gives it its declared definition"])
        // NOT NULL once the upgrade filled the column: the definition is edited, no row is copied.
        #expect(plan.contractSteps.map(\.method) == [.inPlace])
        #expect(plan.contractSteps.first?.checkedConstraints == [.notNull(column: "nickname")])

        let status = try reconciler.status(pool)
        #expect(!status.isInSync && status.pendingSteps == plan.steps && status.pendingUpgrades == plan.upgrades)

        // The sync runs what the dry run showed.
        let report = try reconciler.sync(pool)
        #expect(report.plan.steps == plan.steps)
        #expect(report.upgrades == plan.upgrades)
        #expect(try pool.read { try String.fetchAll($0, sql: "SELECT nickname FROM player") } == ["grace"])
        #expect(try reconciler.status(pool).isInSync)
    }

    @Test func oneLoadedSchemaSyncsManyDatabases() throws {
        let folder = try AppFolder(schema: Self.schema)
        let reconciler = Reconciler(schema: try SchemaFile(contentsOf: folder.schemaURL))
        for name in ["a.sqlite", "b.sqlite", "c.sqlite"] {
            #expect(try reconciler.sync(databaseAt: folder.path(name)).didChange)
            #expect(try !reconciler.sync(databaseAt: folder.path(name)).didChange)
        }
        // A schema that never was a file of its own.
        let inline = try SchemaFile(yaml: "version: 2.0.0\ntables:\n  notes:\n    columns:\n      body: TEXT\n",
                                    url: folder.url.appendingPathComponent("inline.yaml"))
        #expect(inline.version == "2.0.0")
        #expect(try Reconciler(schema: inline).sync(databaseAt: folder.path("notes.sqlite")).version == "2.0.0")
    }

    /// A server builds the pattern of its tenants from a folder it does not name itself: escaped,
    /// the folder's `[eu]` is part of its name, and matches neither `tenants e` nor `tenants u`.
    /// The matches are synced must-exist: a tenant deleted meanwhile is an error, not a new file.
    @Test func anEscapedFolderInAPatternMatchesItsOwnDatabasesOnly() throws {
        let folder = try AppFolder(schema: Self.schema)
        let region = folder.path("tenants [eu]")
        let other = folder.path("tenants e")
        for directory in [region, other] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in ["acme", "globex"] {
                try Data().write(to: URL(fileURLWithPath: directory + "/\(name).sqlite"))
            }
        }
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let unescaped = try Reconciler.databasePaths(matching: region + "/*.sqlite")
        #expect(unescaped == [other + "/acme.sqlite", other + "/globex.sqlite"])

        let paths = try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: region) + "/*.sqlite")
        #expect(paths == [region + "/acme.sqlite", region + "/globex.sqlite"])
        try FileManager.default.removeItem(atPath: region + "/globex.sqlite")   // the tenant left meanwhile
        let outcomes = try reconciler.sync(databasesAt: paths, creatingMissing: false)
        #expect(outcomes.map { $0.report?.didChange } == [true, nil])
        if let removed = outcomes[1].error?.payload(as: ReconcileError.InvalidDatabasePath.self), removed.problem == .noLongerExists {
            #expect(removed.path == region + "/globex.sqlite")
        } else {
            Issue.record("expected the removed tenant to fail, got \(String(describing: outcomes[1].error))")
        }
        #expect(!FileManager.default.fileExists(atPath: region + "/globex.sqlite"))
        #expect(try !reconciler.status(databaseAt: other + "/acme.sqlite").isInSync)
    }

    @Test func aBusyDatabaseIsAnErrorTheAppCanMatchAndRetry() throws {
        let folder = try AppFolder(schema: Self.schema)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try folder.write(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.0.1"), to: "schema.yaml")

        // Another connection holds the write lock for longer than the sync waits.
        let other = try DatabaseQueue(path: path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let reconciler = Reconciler(schemaURL: folder.schemaURL, options: Reconciler.Options(busyTimeout: .milliseconds(50)))
            do {
                try reconciler.sync(databaseAt: path)
                Issue.record("the sync should have found the database busy")
            } catch let error as ReconcileError where error.isBusy {
                // What an app catches to try again later.
            } catch {
                Issue.record("expected a busy database, got \(error)")
            }
            let error = #expect(throws: ReconcileError.self) { try reconciler.sync(databaseAt: path) }
            #expect(error?.isBusy == true)
            let sqlite = try #require(error?.databaseError?.message)
            #expect(error?.localizedDescription == "the database is busy: another connection held it for longer than the busy "
                + "timeout (\(sqlite)); try again when it is free. Nothing was changed.")
            #expect((error as NSError?)?.domain == ReconcileError.errorDomain)
            try db.execute(sql: "ROLLBACK")
        }
        #expect(try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path).version == "1.0.1")
    }

    @Test func anInvalidSchemaSaysWhereAndNothingIsTouched() throws {
        let folder = try AppFolder(schema: Self.schema.replacingOccurrences(of: "not_null: true }", with: "not_nul: true }"))
        do {
            try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("app.sqlite"))
            Issue.record("the sync should have refused the file")
        } catch let error as ReconcileError where error.code == .invalidSchema {
            let schemaError = try #require(error.payload(as: ReconcileError.InvalidSchema.self)?.schemaError)
            #expect(schemaError.location?.line == 6)
            #expect(schemaError.localizedDescription == schemaError.description)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("app.sqlite")))
        #expect(throws: SchemaError.self) { try SchemaFile(contentsOf: folder.schemaURL) }
    }

    @Test func codeUpgradesRunOnceAndWarningsAreValues() throws {
        let folder = try AppFolder(schema: Self.schema)
        let path = folder.path("app.sqlite")
        try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE cache (key TEXT)")
            try Player(id: nil, name: "ada", score: 1).insert(db)
        }
        try folder.write(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0"), to: "schema.yaml")
        var reconciler = Reconciler(schemaURL: folder.schemaURL)
        reconciler.registerUpgrade(version: "1.1.0", named: "capitalize") { db in
            try db.execute(sql: "UPDATE player SET name = upper(substr(name, 1, 1)) || substr(name, 2)")
        }
        let report = try reconciler.sync(databaseAt: path)
        #expect(report.upgrades == [Upgrade(version: "1.1.0", name: "capitalize", kind: .code)])
        #expect(report.warnings == [.undeclared(SchemaObject(kind: .table, name: "cache"))])
        #expect(try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "SELECT name FROM player") } == "Ada")
        let again = try reconciler.sync(databaseAt: path)
        #expect(!again.didChange && again.warnings == report.warnings)
        let applied = try reconciler.status(databaseAt: path).appliedUpgrades.map(\.upgrade)
        #expect(applied == report.upgrades)
    }

    @Test func reportsAndPlansEncodeAsJSON() throws {
        let folder = try AppFolder(schema: Self.schema)
        let report = try Reconciler(schemaURL: folder.schemaURL).sync(databaseAt: folder.path("app.sqlite"))
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(SyncReport.self, from: data)
        #expect(decoded.plan.steps == report.plan.steps)
        #expect(decoded.version == report.version && decoded.didChange)
        #expect(decoded.databasePath == folder.path("app.sqlite"))
    }
}
