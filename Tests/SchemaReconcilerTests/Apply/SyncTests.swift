import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Sync, end to end on real files

@Suite struct SyncTests {
    static let base = """
        version: 1.0.0
        tables:
          teams:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true, unique: true, collate: NOCASE }
          users:
            columns:
              id:      { type: INTEGER, primary_key: true, autoincrement: true }
              email:   { type: TEXT, not_null: true }
              team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }
            indexes:
              users_by_team: [team_id]
        views:
          team_sizes: SELECT team_id, count(*) AS n FROM users GROUP BY team_id
        triggers:
          users_lower: |
            CREATE TRIGGER users_lower AFTER INSERT ON users
            BEGIN UPDATE users SET email = lower(email) WHERE id = NEW.id; END
        """

    @Test func aNewDatabaseIsCreatedAndASecondSyncWritesNothing() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        let first = try space.sync()
        #expect(first.didChange)
        #expect(first.version == "1.0.0")
        let live = try space.inspect()
        #expect(live.tables.map(\.name) == ["teams", "users"])
        #expect(live.views.map(\.name) == ["team_sizes"])
        #expect(live.triggers.map(\.name) == ["users_lower"])

        let bytes = try space.fileBytes()
        let date = try space.modificationDate()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try space.sync()
        #expect(!second.didChange)
        #expect(try space.fileBytes() == bytes)
        #expect(try space.modificationDate() == date)
        // And the next launch takes the shortcut: the record of the first sync is current.
        let queue = try DatabaseQueue(path: space.databasePath)
        #expect(try SyncSession(reconciler: space.reconciler()).upToDateState(queue) != nil)
    }

    /// Files older than two seconds are recorded by what the file system says of them, so the
    /// next launch does not read them; an edit that keeps the size and even the modification
    /// time still changes the status time, and the sync sees it.
    @Test func unchangedFilesAreRecognisedWithoutReadingThemAndAnEditIsStillSeen() throws {
        let space = try Workspace()
        let before = "version: 1.0.0\ntables:\n  items:\n    columns:\n      name: TEXT\n"
        try space.writeSchema(before)
        Thread.sleep(forTimeInterval: 2.2)
        try space.sync()
        let state = try space.read { StoredState.readForNoOpCheck($0) }
        #expect(state?.state.fileSignature?.hasPrefix("\(before.utf8.count) ") == true)
        #expect(try SyncSession(reconciler: space.reconciler()).upToDateState(DatabaseQueue(path: space.databasePath)) != nil)

        let modified = try FileManager.default.attributesOfItem(atPath: space.schemaURL.path)[.modificationDate] as? Date
        try space.writeSchema(before.replacingOccurrences(of: "name: TEXT", with: "note: TEXT"))
        try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: space.schemaURL.path)
        #expect(try space.sync().didChange)
        #expect(try space.value("SELECT count(*) FROM pragma_table_info('items') WHERE name = 'note'", as: Int.self) == 1)
    }

    /// The record of a sync names the library version, in the fingerprint and in the files'
    /// signature: a database last synced by another version is compared again, so that what
    /// this version plans differently is done, whether schema.yaml is read at each launch or
    /// loaded once. A comparison that finds nothing to do writes nothing.
    @Test func aDatabaseSyncedByAnotherLibraryVersionIsComparedAgain() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        Thread.sleep(forTimeInterval: 2.2)   // old enough for the files' signature to be recorded
        var earlier = Reconciler.Options()
        earlier.libraryVersion = "0.0.9"
        let reconcilers: [(Reconciler.Options) throws -> Reconciler] = [
            { Reconciler(schemaURL: space.schemaURL, options: $0) },
            { Reconciler(schema: try SchemaFile(contentsOf: space.schemaURL), options: $0) },
        ]
        for (index, reconciler) in reconcilers.enumerated() {
            try? FileManager.default.removeItem(atPath: space.databasePath)
            try reconciler(earlier).sync(databaseAt: space.databasePath)
            #expect(try space.read { try StoredState.read($0)?.fileSignature } != nil)

            let bytes = try space.fileBytes()
            #expect(try !reconciler(.init()).sync(databaseAt: space.databasePath).didChange, "reconciler \(index)")
            #expect(try space.fileBytes() == bytes, "reconciler \(index)")

            // Left undone by the earlier version, without a trace in its record: an index is missing.
            try space.execute("""
                DROP INDEX users_by_team;
                UPDATE _reconciler_state SET value = (SELECT schema_version FROM pragma_schema_version)
                 WHERE key = 'schema_version';
                """)
            #expect(try !reconciler(earlier).sync(databaseAt: space.databasePath).didChange, "reconciler \(index)")
            let report = try reconciler(.init()).sync(databaseAt: space.databasePath)
            let missing = Step.Action.createIndex(table: "users", index: "users_by_team", isUnique: false)
            #expect(report.plan.steps.map(\.action) == [missing], "reconciler \(index)")
            #expect(try !reconciler(.init()).sync(databaseAt: space.databasePath).didChange, "reconciler \(index)")
        }
    }

    /// The launch check reads the record and SQLite's schema version together; a schema change
    /// made after the sync (by the app, say) makes them disagree, and the sync compares again.
    @Test func theLaunchCheckSeesTheRecordAndASchemaChangeMadeAfterIt() throws {
        let space = try Workspace()
        let queue = try DatabaseQueue(path: space.databasePath)
        #expect(queue.unsafeRead { StoredState.readForNoOpCheck($0) } == nil)   // never synced

        try space.writeSchema(Self.base)
        try space.sync()
        let read = queue.unsafeRead { StoredState.readForNoOpCheck($0) }
        #expect(read?.state.version == "1.0.0")
        #expect(read?.state.scriptPaths == [])
        #expect(read?.state.warnings == [])
        let live = try #require(try space.value("PRAGMA schema_version", as: Int.self))
        #expect(read?.schemaVersion == live)
        #expect(read?.state.schemaVersion == live)

        try space.execute("CREATE TABLE notes (body TEXT)")
        let after = queue.unsafeRead { StoredState.readForNoOpCheck($0) }
        #expect(after?.schemaVersion == live + 1)
        #expect(after?.state.schemaVersion == live)
        #expect(try SyncSession(reconciler: space.reconciler()).upToDateState(queue) == nil)
        #expect(try space.sync().warnings.undeclared.map(\.name) == ["notes"])
    }

    @Test func aSyncWithNothingToDoWritesAndChecksNothingEvenWhenItsRecordIsOutOfDate() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        // An orphan left by code that ran with foreign keys off, and an undeclared index.
        try space.execute("""
            PRAGMA foreign_keys = OFF;
            INSERT INTO users (email, team_id) VALUES ('orphan@x.org', 99);
            CREATE INDEX users_by_email ON users (email);
            """)
        for change in ["# a comment edited in schema.yaml", "VACUUM", "ANALYZE"] {
            if change.hasPrefix("#") {
                try space.writeSchema(Self.base + "\n" + change + "\n")
            } else {
                try space.execute(change)
            }
            let bytes = try space.fileBytes()
            let date = try space.modificationDate()
            Thread.sleep(forTimeInterval: 0.05)
            let report = try space.sync()
            #expect(!report.didChange, "after \(change)")
            #expect(report.warnings.undeclared == [SchemaObject(kind: .index, name: "users_by_email", table: "users")])
            #expect(try space.fileBytes() == bytes, "after \(change)")
            #expect(try space.modificationDate() == date, "after \(change)")
            #expect(try space.reconciler().plan(databaseAt: space.databasePath).isNothingToDo)
        }
    }

    @Test func aVersionBumpAloneIsRecordedAndSaysSo() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.writeSchema(Self.base.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.0.1"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.fromVersion == "1.0.0" && plan.toVersion == "1.0.1")
        #expect(plan.isEmpty && !plan.isNothingToDo)
        let report = try space.sync()
        #expect(report.didChange && report.version == "1.0.1")
        #expect(try space.read { try StoredState.read($0)?.version } == "1.0.1")
    }

    @Test func aFailedSyncOfANewDatabaseLeavesNoFile() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base.replacingOccurrences(
            of: "views:", with: "  broken:\n    columns:\n      id: { type: INTEGER, collate: NO_SUCH_COLLATION }\nviews:"))
        #expect(throws: ReconcileError.self) { try space.sync() }
        let left = try FileManager.default.contentsOfDirectory(atPath: space.url.path).filter { $0 != "schema.yaml" }
        #expect(left == [])
    }

    @Test func pathsThatCannotBeADatabaseFileAreRefusedClearly() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        let missingFolder = space.url.appendingPathComponent("no/such/folder/app.sqlite").path
        let cases: [String: ReconcileError.PathProblem] = ["": .notAFilePath, ":memory:": .notAFilePath,
                                                           space.url.path: .isDirectory, missingFolder: .directoryMissing]
        for (path, problem) in cases {
            for attempt in [{ _ = try space.reconciler().sync(databaseAt: path) },
                            { _ = try space.reconciler().plan(databaseAt: path) },
                            { _ = try space.reconciler().status(databaseAt: path) }] {
                let error = #expect(throws: ReconcileError.self) { try attempt() }
                guard let payload = error?.payload(as: ReconcileError.InvalidDatabasePath.self) else {
                    Issue.record("\(path): \(String(describing: error))")
                    continue
                }
                let refused = payload.path
                let found = payload.problem
                #expect(refused == path && found == problem)
            }
        }
        // The message names the folder that is missing.
        let error = try #require(throws: ReconcileError.self) { try space.reconciler().sync(databaseAt: missingFolder) }
        guard let payload = error.payload(as: ReconcileError.InvalidDatabasePath.self), payload.path == missingFolder, payload.problem == .directoryMissing else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(error.description == "cannot use the database \(missingFolder): the directory \(space.url.path)/no/such/folder "
            + "does not exist")
    }

    @Test func addingATableAColumnAndAnIndexKeepsEveryRow() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.execute("""
            INSERT INTO teams (id, name) VALUES (1, 'Core'), (2, 'Ünïcode ✓');
            INSERT INTO users (id, email, team_id) VALUES (10, 'A@x.org', 1), (11, 'b@x.org', 2), (12, 'c@x.org', NULL);
            """)
        try space.writeSchema(Self.base.replacingOccurrences(
            of: "      users_by_team: [team_id]",
            with: "      users_by_team: [team_id]\n      users_by_email: [email]"
        ).replacingOccurrences(
            of: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }",
            with: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }\n      nickname: TEXT"
        ).replacingOccurrences(
            of: "views:",
            with: "  audit:\n    columns:\n      id: { type: INTEGER, primary_key: true }\n      what: TEXT\nviews:"))
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action) == [
            .createTable(table: "audit"),
            .addColumn(table: "users", column: "nickname", isDeferred: false),
            .createIndex(table: "users", index: "users_by_email", isUnique: false),
        ])
        let rows = try space.read { try Row.fetchAll($0, sql: "SELECT id, email, team_id, nickname FROM users ORDER BY id") }
        #expect(rows == [
            ["id": 10, "email": "a@x.org", "team_id": 1, "nickname": nil],
            ["id": 11, "email": "b@x.org", "team_id": 2, "nickname": nil],
            ["id": 12, "email": "c@x.org", "team_id": nil, "nickname": nil],
        ])
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT name FROM teams WHERE id = 2") } == "Ünïcode ✓")
        #expect(try space.inspect().table(named: "users")?.index(named: "users_by_email") != nil)
        #expect(try !space.sync().didChange)
    }

    @Test func aPlanThatFailsHalfwayLeavesTheFileByteIdenticalAndNamesTheIndex() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.execute("INSERT INTO users (email) VALUES ('same@x.org'), ('same@x.org'), ('other@x.org')")
        try space.writeSchema(Self.base.replacingOccurrences(of: "users_by_team: [team_id]", with: """
            users_by_team: [team_id]
                  users_email: { columns: [email], unique: true }
            """).replacingOccurrences(of: "version: 1.0.0", with: "version: 1.0.1"))
        let before = try space.fileBytes()
        #expect {
            try space.sync()
        } throws: { error in
            guard let violations = (error as? ReconcileError)?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "users", constraint: .unique(columns: ["email"]), rows: 2,
                                                index: "users_email")]
        }
        #expect(try space.fileBytes() == before)
    }

    @Test func aDryRunNeverCreatesNorChangesTheFile() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.fromVersion == nil)
        #expect(plan.steps.map(\.action).contains(.createTable(table: "teams")))
        #expect(plan.steps.map(\.action).contains(.createTrigger(trigger: "users_lower", table: "users")))
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))

        try space.sync()
        try space.writeSchema(Self.base.replacingOccurrences(
            of: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }",
            with: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }\n      age: INTEGER"))
        let bytes = try space.fileBytes()
        let preview = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(preview.steps.map(\.action) == [.addColumn(table: "users", column: "age", isDeferred: false)])
        #expect(try space.fileBytes() == bytes)
    }

    @Test func aDryRunAndAStatusOfAWALDatabaseLeaveNoFileBehind() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.execute("PRAGMA journal_mode = WAL")
        try space.writeSchema(Self.base.replacingOccurrences(
            of: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }",
            with: "      team_id: { type: INTEGER, references: teams.id, on_delete: CASCADE }\n      age: INTEGER"))
        let bytes = try space.fileBytes()
        let sidecars = [space.databasePath + "-wal", space.databasePath + "-shm"]
        #expect(!sidecars.contains { FileManager.default.fileExists(atPath: $0) })

        let preview = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(preview.steps.map(\.action) == [.addColumn(table: "users", column: "age", isDeferred: false)])
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.pendingSteps == preview.steps)
        #expect(!sidecars.contains { FileManager.default.fileExists(atPath: $0) })
        #expect(try space.fileBytes() == bytes)

        // Opened by the app meanwhile, the database is only read, and its files stay the app's.
        let app = try DatabaseQueue(path: space.databasePath)
        try app.read { _ = try Int.fetchOne($0, sql: "SELECT count(*) FROM users") }
        _ = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(sidecars.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try app.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM users") } == 0)
    }

    /// Apple's SQLite keeps the `-wal` and `-shm` files after the last connection closes
    /// (persistent WAL). Whatever only reads leaves the folder as it found it all the same: the
    /// command line's dry run, check, status, inspect and verify, and a sync with nothing to do.
    @Test func whatOnlyReadsAWALDatabaseLeavesOnlyTheDatabaseFile() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        try space.sync()
        try space.execute("PRAGMA journal_mode = WAL")
        try space.write(Self.base.replacingOccurrences(of: "version: 1.0.0", with: "version: 0.9.0"), to: "history/0.9.0.yaml")
        let files = try FileManager.default.contentsOfDirectory(atPath: space.url.path).sorted()
        #expect(files == ["app.sqlite", "history", "schema.yaml"])
        let bytes = try space.fileBytes()

        #expect(try !space.sync().didChange)
        #expect(try FileManager.default.contentsOfDirectory(atPath: space.url.path).sorted() == files)
        for arguments in [["--dry-run"], ["--check"], ["status"], ["inspect"], ["verify", "--history", "history"]] {
            let result = try ReconcileCommand.run(arguments, in: space.url)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: space.url.path).sorted() == files, "\(arguments)")
        }
        #expect(try space.fileBytes() == bytes)
    }

    @Test func namesWithQuotesSpacesSemicolonsAndKeywordsAreCreatedLiterally() throws {
        let space = try Workspace()
        try space.writeSchema("""
            version: 1.0.0
            tables:
              'we"ird; table':
                columns:
                  select: { type: TEXT, not_null: true }
                  'a b': INTEGER
                  "it's": { type: TEXT, default: "it's" }
                indexes:
                  'order by': [select, 'a b']
            views:
              'group': SELECT "select" FROM "we""ird; table"
            """)
        try space.sync()
        let live = try space.inspect()
        let table = try #require(live.tables.first)
        #expect(table.name == #"we"ird; table"#)
        #expect(table.columns.map(\.name) == ["select", "a b", "it's"])
        #expect(table.columns[2].defaultValue == .text("it's"))
        #expect(table.indexes.map(\.name) == ["order by"])
        #expect(live.views.map(\.name) == ["group"])
        #expect(try !space.sync().didChange)
    }

    @Test func syncRefusesToRunInsideTheCallersTransaction() throws {
        let space = try Workspace()
        try space.writeSchema(Self.base)
        let queue = try DatabaseQueue(path: space.databasePath)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            #expect {
                try SyncSession(reconciler: space.reconciler()).sync(in: db, file: SchemaFile(contentsOf: space.schemaURL))
            } throws: { error in
                guard (error as? ReconcileError)?.code == .insideTransaction else { return false }
                return true
            }
            try db.execute(sql: "ROLLBACK")
        }
        #expect(try queue.read { try $0.tableExists("teams") } == false)
    }

    @Test func aTriggerOnAChangedViewIsPutBack() throws {
        let space = try Workspace()
        let schema = """
            version: 1.0.0
            tables:
              items:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  name: TEXT
            views:
              item_names: SELECT id, name FROM items
            triggers:
              item_names_insert: |
                CREATE TRIGGER item_names_insert INSTEAD OF INSERT ON item_names
                BEGIN INSERT INTO items (id, name) VALUES (NEW.id, NEW.name); END
            """
        try space.writeSchema(schema)
        try space.sync()
        try space.writeSchema(schema.replacingOccurrences(of: "SELECT id, name FROM items",
                                                          with: "SELECT id, name FROM items WHERE name IS NOT NULL"))
        try space.sync()
        try space.execute("INSERT INTO item_names (id, name) VALUES (7, 'seven')")
        #expect(try space.read { try String.fetchOne($0, sql: "SELECT name FROM items WHERE id = 7") } == "seven")
        #expect(try !space.sync().didChange)
    }

    @Test func aDeclaredViewOverADroppedTableIsRefusedAndDropsRunAfterUpgrades() throws {
        let space = try Workspace()
        try space.writeSchema("""
            version: 1.0.0
            tables:
              keep:
                columns:
                  id: { type: INTEGER, primary_key: true }
              old:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  note: TEXT
            views:
              old_notes: SELECT note FROM old
            """)
        try space.sync()
        try space.execute("INSERT INTO old (id, note) VALUES (1, 'carry me')")
        try space.write("INSERT INTO keep (id) SELECT id FROM old;\n", to: "upgrades/1.1.0.sql")
        let dropping = """
            version: 1.1.0
            tables:
              keep:
                columns:
                  id: { type: INTEGER, primary_key: true }
            views:
              old_notes: VIEW_SELECT
            drop:
              tables: [old]
            upgrades:
              1.1.0: upgrades/1.1.0.sql
            """

        // The view still selects from the table the file drops: the dry run warns, the sync refuses.
        try space.writeSchema(dropping.replacingOccurrences(of: "VIEW_SELECT", with: "SELECT note FROM old"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        let broken = BrokenObject(kind: .view(name: "old_notes"), message: "no such table: main.old", isDeclared: true)
        #expect(plan.warnings.contains(.wouldBreak(broken)))
        try space.expectFailedSync { error in
            guard let objects = error.payload(as: ReconcileError.BrokenObjects.self)?.objects else { return false }
            return objects == [broken] && error.description == "view old_notes, declared in schema.yaml, cannot be used: "
                + "no such table: main.old\n  It names a table that schema.yaml does not declare and that the database does not "
                + "hold after the sync (one the file drops, or a misspelt name): correct the SQL in schema.yaml, or declare the "
                + "table. The database was rolled back; nothing was changed."
        }

        // Declared so that it fits, the view no longer stands in the way; the upgrade read the old rows first.
        try space.writeSchema(dropping.replacingOccurrences(of: "VIEW_SELECT", with: "SELECT id FROM keep"))
        try space.sync()
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM old_notes") } == 1)
        #expect(try space.read { try $0.tableExists("old") } == false)
    }
}
