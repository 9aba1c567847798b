import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Many databases

/// `Reconciler.sync(databasesAt:jobs:)` and `Reconciler.databasePaths(matching:)`: a server's
/// one database per tenant, synced with one load of schema.yaml.
@Suite struct ManyDatabasesTests {
    static let before = """
        version: 1.0.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: { type: TEXT, not_null: true }
        """

    /// A column added, and emails made unique: a tenant with a duplicate email cannot be synced.
    static let after = """
        version: 1.1.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: { type: TEXT, not_null: true, unique: true }
              nickname: TEXT
        """

    /// A workspace with `tenants/` holding the databases `names`, each synced with ``before``
    /// and holding one user; schema.yaml is then ``after``. Returns the databases' paths.
    func tenants(_ names: [String], in space: Workspace) throws -> [String] {
        try space.writeSchema(Self.before)
        let folder = space.url.appendingPathComponent("tenants")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = names.map { folder.appendingPathComponent($0).path }
        for path in paths {
            try space.reconciler().sync(databaseAt: path)
            try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO users (email) VALUES ('a@x.org')") }
        }
        try space.writeSchema(Self.after)
        return paths
    }

    func version(_ path: String) throws -> SemanticVersion? {
        try Reconciler(schemaURL: URL(fileURLWithPath: path).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schema.yaml")).status(databaseAt: path).storedVersion
    }

    // MARK: Syncing

    @Test func everyDatabaseIsSyncedAndTheOutcomesFollowThePathOrder() throws {
        let space = try Workspace()
        let paths = try tenants((1...7).map { "tenant-\($0).sqlite" }.reversed(), in: space)
        let outcomes = try space.reconciler().sync(databasesAt: paths, jobs: 3)
        #expect(outcomes.map(\.path) == paths)
        #expect(outcomes.allSatisfy { $0.report?.didChange == true && $0.report?.version == "1.1.0" })
        for path in paths {
            #expect(try version(path) == "1.1.0")
            let columns = try DatabaseQueue(path: path).read { try $0.columns(in: "users").map(\.name) }
            #expect(columns == ["id", "email", "nickname"])
        }
        let again = try space.reconciler().sync(databasesAt: paths, jobs: 3)
        #expect(again.allSatisfy { $0.report?.didChange == false })
    }

    @Test func databasesWhoseSchemasDifferAreEachSyncedAsAOneFileSyncWould() throws {
        let space = try Workspace()
        let paths = try tenants((1...6).map { "tenant-\($0).sqlite" }, in: space)
        // Two tenants drifted: one has the new column already, one an index of its own.
        try DatabaseQueue(path: paths[1]).write { try $0.execute(sql: "ALTER TABLE users ADD COLUMN nickname TEXT") }
        try DatabaseQueue(path: paths[4]).write { try $0.execute(sql: "CREATE INDEX users_by_email ON users (email)") }
        let alone = try paths.enumerated().map { index, path in
            let copy = space.url.appendingPathComponent("alone-\(index).sqlite").path
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            return try space.reconciler().sync(databaseAt: copy)
        }
        #expect(alone[1].statements != alone[0].statements && alone[4].statements != alone[0].statements)
        let outcomes = try space.reconciler().sync(databasesAt: paths, jobs: 2)
        #expect(outcomes.map { $0.report?.statements } == alone.map(\.statements))
        #expect(outcomes.map { $0.report?.warnings } == alone.map(\.warnings))
        for path in paths {
            #expect(try space.reconciler().status(databaseAt: path).isInSync, "\(path)")
        }
    }

    @Test func aDatabaseThatFailsIsLeftByteForByteAndTheOthersAreSynced() throws {
        let space = try Workspace()
        let paths = try tenants(["a.sqlite", "b.sqlite", "c.sqlite", "d.sqlite"], in: space)
        try DatabaseQueue(path: paths[1]).write { try $0.execute(sql: "INSERT INTO users (email) VALUES ('a@x.org')") }
        let before = try Data(contentsOf: URL(fileURLWithPath: paths[1]))

        let outcomes = try space.reconciler().sync(databasesAt: paths, jobs: 2)

        #expect(outcomes.map(\.path) == paths)
        #expect(outcomes.map { $0.error == nil } == [true, false, true, true])
        guard let violations = outcomes[1].error?.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected the duplicate emails to stop b.sqlite, got \(String(describing: outcomes[1].error))")
            return
        }
        #expect(violations.first?.table == "users")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[1])) == before)
        #expect(try version(paths[1]) == "1.0.0")
        for index in [0, 2, 3] {
            #expect(try version(paths[index]) == "1.1.0")
        }
    }

    @Test func schemaYAMLIsReadOnceForTheWholeBatch() throws {
        let space = try Workspace()
        let paths = try tenants(["a.sqlite", "b.sqlite", "c.sqlite"], in: space)
        // As the first database starts, schema.yaml is replaced by a file that does not load:
        // the others are synced with the file as it was read before the batch began.
        let schemaURL = space.schemaURL
        var options = Reconciler.Options()
        options.progress = { progress in
            if progress.phase == .planning { try? "version: [".write(to: schemaURL, atomically: true, encoding: .utf8) }
        }
        let outcomes = try space.reconciler(options).sync(databasesAt: paths, jobs: 1)
        #expect(outcomes.map { $0.report?.version } == ["1.1.0", "1.1.0", "1.1.0"])
        #expect(throws: ReconcileError.self) { try space.reconciler().sync(databasesAt: paths, jobs: 1) }
    }

    @Test func anInvalidSchemaThrowsOnceAndNoDatabaseIsTouchedOrCreated() throws {
        let space = try Workspace()
        let paths = try tenants(["a.sqlite"], in: space)
        let missing = space.url.appendingPathComponent("tenants/new.sqlite").path
        try space.writeSchema(Self.after.replacingOccurrences(of: "not_null: true", with: "not_nul: true"))
        let before = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        do {
            _ = try space.reconciler().sync(databasesAt: paths + [missing])
            Issue.record("an invalid schema.yaml was accepted")
        } catch {
            let schemaError = (error as? ReconcileError)?.payload(as: ReconcileError.InvalidSchema.self)?.schemaError
            guard case .unknownKey("not_nul", _, "not_null", _, _)? = schemaError else {
                Issue.record("expected not_nul refused as an unknown key, got \(error)")
                return
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == before)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aPathThatDoesNotExistYetIsCreatedAsByAOneFileSync() throws {
        let space = try Workspace()
        let paths = try tenants(["a.sqlite"], in: space)
        let new = space.url.appendingPathComponent("tenants/new.sqlite").path
        let outcomes = try space.reconciler().sync(databasesAt: [new] + paths)
        #expect(outcomes.map { $0.report?.plan.fromVersion } == [nil, "1.0.0"])
        #expect(try version(new) == "1.1.0")
    }

    /// Paths known to exist (a pattern's matches) are synced must-exist: one removed before its
    /// turn is an error that says so, the others are synced, and no file comes back in its place.
    @Test func aListedDatabaseRemovedBeforeItsTurnFailsAndIsNotCreatedAgain() throws {
        let space = try Workspace()
        let paths = try tenants(["a.sqlite", "b.sqlite", "c.sqlite"], in: space)
        let matched = try Reconciler.databasePaths(matching: space.url.path + "/tenants/*.sqlite")
        #expect(matched == paths)
        let removed = paths[1]
        var options = Reconciler.Options()
        options.progress = { progress in
            // As the first database starts, the second one is deleted.
            if progress.phase == .planning { try? FileManager.default.removeItem(atPath: removed) }
        }
        let outcomes = try space.reconciler(options).sync(databasesAt: matched, jobs: 1, creatingMissing: false)

        #expect(outcomes.map { $0.report?.version } == ["1.1.0", nil, "1.1.0"])
        guard let payload = outcomes[1].error?.payload(as: ReconcileError.InvalidDatabasePath.self), payload.problem == .noLongerExists else {
            Issue.record("expected invalidDatabasePath(noLongerExists), got \(String(describing: outcomes[1].error))")
            return
        }
        let path = payload.path
        #expect(path == removed)
        #expect(outcomes[1].error?.description == "cannot use the database \(removed): the file no longer exists "
                + "(removed or renamed after the databases were listed); nothing was created in its place")
        #expect(!FileManager.default.fileExists(atPath: removed))
        #expect(try FileManager.default.contentsOfDirectory(atPath: space.url.path + "/tenants").sorted()
                == ["a.sqlite", "c.sqlite"])
    }

    // MARK: Patterns

    @Test func aPatternMatchesTheRegularFilesSortedWithoutTheSideFilesOfDatabases() throws {
        let space = try Workspace()
        let folder = space.url.appendingPathComponent("tenants")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.sqlite"),
                                                withIntermediateDirectories: true)
        for name in ["b.sqlite", "a.sqlite", "a.sqlite-wal", "a.sqlite-shm", "b.sqlite-journal", "c.db", ".hidden.sqlite"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path
        #expect(try Reconciler.databasePaths(matching: base + "/*.sqlite") == [base + "/a.sqlite", base + "/b.sqlite"])
        #expect(try Reconciler.databasePaths(matching: base + "/*") == [base + "/a.sqlite", base + "/b.sqlite", base + "/c.db"])
        #expect(try Reconciler.databasePaths(matching: base + "/[ac].*") == [base + "/a.sqlite", base + "/c.db"])
        #expect(try Reconciler.databasePaths(matching: base + "/?.db") == [base + "/c.db"])
    }

    @Test func aPatternThatMatchesNothingIsAnErrorThatNamesIt() throws {
        let space = try Workspace()
        let pattern = space.url.appendingPathComponent("tenants/*.sqlite").path
        do {
            _ = try Reconciler.databasePaths(matching: pattern)
            Issue.record("a pattern without a match was accepted")
        } catch let error as ReconcileError {
            guard let payload = error.payload(as: ReconcileError.InvalidDatabasePath.self), payload.problem == .noMatch else {
                Issue.record("expected invalidDatabasePath(noMatch), got \(error)")
                return
            }
            let path = payload.path
            #expect(path == pattern)
            #expect(error.description == "cannot use the database \(pattern): the pattern matches no database file")
        }
    }

    @Test func aPathWithoutPatternCharactersIsThatPathWhetherOrNotItExists() throws {
        #expect(try Reconciler.databasePaths(matching: "/nowhere/app.sqlite") == ["/nowhere/app.sqlite"])
    }

    /// `data[1].sqlite` as a pattern matches `data1.sqlite`; with its `[` escaped it is the one
    /// path `data[1].sqlite`, whether or not the file exists.
    @Test func aBackslashMakesTheNextCharacterLiteralInAPatternOrNot() throws {
        let space = try Workspace()
        let base = space.url.path
        for name in ["data1.sqlite", "data[1].sqlite"] {
            try Data().write(to: space.url.appendingPathComponent(name))
        }
        #expect(try Reconciler.databasePaths(matching: base + "/data[1].sqlite") == [base + "/data1.sqlite"])
        #expect(try Reconciler.databasePaths(matching: base + "/data\\[1\\].sqlite") == [base + "/data[1].sqlite"])
        #expect(try Reconciler.databasePaths(matching: base + "/data\\[1\\].sqlite\\*") == [base + "/data[1].sqlite*"])
        #expect(try Reconciler.databasePaths(matching: base + "/back\\\\slash\\") == [base + "/back\\slash\\"])
        #expect(try Reconciler.databasePaths(matching: base + "/da*\\[*") == [base + "/data[1].sqlite"])
    }

    /// Whatever a path holds, its escaped form matches it alone, as a file that exists or as
    /// the one path of a new database; and an escaped folder keeps its own files only.
    @Test func anEscapedPathMatchesThatPathAlone() throws {
        let space = try Workspace()
        let folder = space.url.appendingPathComponent("tenants [eu]").path
        let sibling = space.url.appendingPathComponent("tenants e").path
        for directory in [folder, sibling] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let names = ["data[1].sqlite", "a*b?.sqlite", "back\\slash.sqlite", "[!x].sqlite", "plain.sqlite"]
        for name in names {
            try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
            try Data().write(to: URL(fileURLWithPath: sibling + "/" + name))
        }
        try Data().write(to: URL(fileURLWithPath: sibling + "/data1.sqlite"))
        for name in names + ["new[2].sqlite", "new\\*.sqlite"] {
            let path = folder + "/" + name
            #expect(try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: path)) == [path])
        }
        let all = try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: folder) + "/*.sqlite")
        #expect(all == names.sorted().map { folder + "/" + $0 })
        #expect(Reconciler.escapedPattern(for: "a\\b[c]*?.sqlite") == "a\\\\b\\[c]\\*\\?.sqlite")
    }

    /// The paths of a list are file names: `data[1].sqlite` is synced (here created), and
    /// `data1.sqlite`, which it would match as a pattern, is left alone.
    @Test func theSyncOfAListOfPathsNeverReadsThemAsPatterns() throws {
        let space = try Workspace()
        let paths = try tenants(["data1.sqlite"], in: space)
        let before = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        let literal = space.url.appendingPathComponent("tenants/data[1].sqlite").path
        let outcomes = try space.reconciler().sync(databasesAt: [literal])
        #expect(outcomes.map(\.path) == [literal])
        #expect(outcomes.first?.report?.plan.fromVersion == nil)
        #expect(try version(literal) == "1.1.0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == before)
    }

    @Test func parallelJobsKeepTheOrderOfTheWorkWhateverOrderItEndsIn() {
        let delays = [5, 0, 3, 1, 4, 0, 2]
        let results = ParallelJobs.map(count: delays.count, jobs: 4) { index in
            Thread.sleep(forTimeInterval: Double(delays[index]) / 1000)
            return index * 10
        }
        #expect(results == [0, 10, 20, 30, 40, 50, 60])
        #expect(ParallelJobs.map(count: 0, jobs: 4) { $0 }.isEmpty)
        #expect(ParallelJobs.map(count: 3, jobs: 0) { $0 } == [0, 1, 2])
    }
}
