import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Upgrades keyed by app version

@Suite struct UpgradeTests {
    /// A schema at `version` whose `log` table records which upgrades ran, with upgrades at `keys`.
    static func schema(version: String, upgrades keys: [String], extra: String = "") -> String {
        var yaml = """
            version: \(version)
            tables:
              log:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  what: { type: TEXT, not_null: true }
            \(extra)
            """
        if !keys.isEmpty {
            yaml += "\nupgrades:\n" + keys.map { "  \($0): upgrades/\($0).sql" }.joined(separator: "\n")
        }
        return yaml
    }

    func workspace(version: String, upgrades keys: [String]) throws -> Workspace {
        let space = try Workspace()
        for key in keys {
            try space.write("INSERT INTO log (what) VALUES ('\(key)');\n", to: "upgrades/\(key).sql")
        }
        try space.writeSchema(Self.schema(version: version, upgrades: keys))
        return space
    }

    func log(_ space: Workspace) throws -> [String] {
        try space.read { try String.fetchAll($0, sql: "SELECT what FROM log ORDER BY id") }
    }

    /// A script's checksum ignores line endings and blanks at line ends and at the end, so an
    /// editor that rewrites them does not make a script read as changed.
    @Test func scriptChecksumsIgnoreLineEndingsAndTrailingBlanks() {
        #expect(Fingerprint.normalized("UPDATE t SET a = 1;  \r\nUPDATE t\tSET b = 2;\t\r\rSELECT 1 \n\n") ==
                "UPDATE t SET a = 1;\nUPDATE t\tSET b = 2;\n\nSELECT 1")
        #expect(Fingerprint.checksum(ofScript: "SELECT 1;\r\n") == Fingerprint.checksum(ofScript: "SELECT 1;  "))
        #expect(Fingerprint.checksum(ofScript: "SELECT 1;") != Fingerprint.checksum(ofScript: "SELECT 2;"))
        #expect(Fingerprint.checksum(ofScript: "").count == 64)
    }

    @Test func upgradesBetweenTheStoredAndTheDeclaredVersionRunOnceInOrder() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        for key in ["1.1.0", "1.2.0"] {
            try space.write("INSERT INTO log (what) VALUES ('\(key)');\n", to: "upgrades/\(key).sql")
        }
        try space.writeSchema(Self.schema(version: "1.2.0", upgrades: ["1.1.0", "1.2.0"]))
        let report = try space.sync()
        #expect(report.upgrades.map(\.version) == ["1.1.0", "1.2.0"])
        #expect(try log(space) == ["1.1.0", "1.2.0"])
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange)
        #expect(try space.fileBytes() == bytes)
        #expect(try log(space) == ["1.1.0", "1.2.0"])
    }

    @Test func anUndeclaredObjectThatAnUpgradeRemovesIsNotReportedAsKept() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        try space.execute("""
            CREATE TRIGGER log_copy AFTER INSERT ON log BEGIN SELECT 1; END;
            CREATE TABLE scratch (x);
            """)
        try space.write("DROP TRIGGER log_copy;\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: ["1.1.0"]))
        // The dry run runs the script on a copy of the schema, so it knows what is left; so does the sync.
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.warnings.undeclared == [SchemaObject(kind: .table, name: "scratch")])
        #expect(plan.revisions == [.contractPlannedAfterUpgrades([Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql",
                                                                           kind: .script)])])
        let report = try space.sync()
        #expect(report.warnings.undeclared == [SchemaObject(kind: .table, name: "scratch")])
    }

    @Test func aNewDatabaseRunsNoUpgradeAndIsRecordedAtTheDeclaredVersion() throws {
        let space = try workspace(version: "1.2.0", upgrades: ["1.1.0", "1.2.0"])
        let report = try space.sync()
        #expect(report.upgrades.isEmpty)
        #expect(try log(space).isEmpty)
        #expect(try space.read { try StoredState.read($0)?.version } == "1.2.0")
    }

    @Test func aLegacyDatabaseRunsEveryUpgradeFromTheLegacyVersion() throws {
        let space = try workspace(version: "1.2.0", upgrades: ["1.1.0", "1.2.0"])
        try space.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        try space.sync()
        #expect(try log(space) == ["1.1.0", "1.2.0"])

        let other = try workspace(version: "1.2.0", upgrades: ["1.1.0", "1.2.0"])
        try other.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        try other.sync(Reconciler.Options(legacyVersion: "1.1.0"))
        #expect(try log(other) == ["1.2.0"])
    }

    @Test func versionsOrderAsNumbers() throws {
        let space = try workspace(version: "1.10.0", upgrades: ["1.10.0", "1.9.0", "1.9.0-beta.1"])
        try space.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        try space.sync()
        #expect(try log(space) == ["1.9.0-beta.1", "1.9.0", "1.10.0"])
    }

    @Test func scriptsAreSplitBySQLiteNotBySemicolons() throws {
        let space = try Workspace()
        try space.write("""
            -- a comment; with a semicolon
            INSERT INTO log (what) VALUES ('a;b');  /* another; one */
            CREATE TRIGGER log_copy AFTER INSERT ON log WHEN NEW.what <> 'copy'
            BEGIN
              INSERT INTO log (what) VALUES ('copy');
              UPDATE log SET what = what || ';' WHERE id = NEW.id;
            END;
            INSERT INTO log (what) VALUES ('c');
            DROP TRIGGER log_copy;
            """, to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.0.0", upgrades: []))
        try space.sync()
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: ["1.1.0"]))
        try space.sync()
        #expect(try log(space) == ["a;b", "c;", "copy"])
    }

    @Test func aFailingScriptRollsBackEverythingAndNamesTheScriptAndLine() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        try space.write("INSERT INTO log (what) VALUES ('ok');\n", to: "upgrades/1.2.0.sql")
        try space.write("""
            -- fix the data
            INSERT INTO log (what) VALUES ('fine');

            UPDATE no_such_table SET x = 1;
            """, to: "upgrades/1.3.0.sql")
        try space.writeSchema(Self.schema(version: "1.3.0", upgrades: ["1.2.0", "1.3.0"],
                                          extra: "  extra:\n    columns:\n      id: INTEGER"))
        let before = try space.fileBytes()
        #expect {
            try space.sync()
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.UpgradeFailed.self) else { return false }
            let upgrade = payload.upgrade
            let line = payload.line
            let statement = payload.statement
            let sqliteError = payload.databaseError
            return upgrade == Upgrade(version: "1.3.0", name: "upgrades/1.3.0.sql", kind: .script) && line == 4
                && statement == "UPDATE no_such_table SET x = 1;" && sqliteError.message == "no such table: no_such_table"
        }
        #expect(try space.fileBytes() == before)

        // Lines that end with a lone CR (old Mac line endings) are counted too.
        try space.write("INSERT INTO log (what) VALUES ('fine');\r\rUPDATE no_such_table SET x = 1;\r", to: "upgrades/1.3.0.sql")
        #expect {
            try space.sync()
        } throws: { error in
            guard let line = (error as? ReconcileError)?.payload(as: ReconcileError.UpgradeFailed.self)?.line else { return false }
            return line == 3
        }
    }

    /// A sync to 1.1.0 that adds `log.note` and `extra` before its upgrade runs.
    func workspaceBeforeAnUpgrade() throws -> Workspace {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        try space.execute("INSERT INTO log (what) VALUES ('before')")
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: ["1.1.0"],
                                          extra: "  extra:\n    columns:\n      id: INTEGER"))
        return space
    }

    @Test(arguments: ["COMMIT;", "END TRANSACTION;", "ROLLBACK;", "BEGIN;"])
    func aScriptThatEndsTheSyncsTransactionIsRefusedAndNothingChanges(statement: String) throws {
        let space = try workspaceBeforeAnUpgrade()
        try space.write("INSERT INTO log (what) VALUES ('half');\n\(statement)\nINSERT INTO log (what) VALUES ('after');\n",
                        to: "upgrades/1.1.0.sql")
        try space.expectFailedSync { error in
            guard let payload = error.payload(as: ReconcileError.UpgradeFailed.self) else { return false }
            let upgrade = payload.upgrade
            let line = payload.line
            // The message says to leave transaction statements out of upgrades.
            return upgrade.name == "upgrades/1.1.0.sql" && upgrade.version == "1.1.0" && line == 2
                && error.description.contains(CommitGuard.message)
        }
        #expect(try log(space) == ["before"])
        #expect(try space.read { try $0.tableExists("extra") } == false)
    }

    @Test(arguments: ["COMMIT", "ROLLBACK"])
    func aCodeUpgradeThatEndsTheSyncsTransactionIsRefusedAndNothingChanges(statement: String) throws {
        let space = try workspaceBeforeAnUpgrade()
        try space.write("INSERT INTO log (what) VALUES ('script');\n", to: "upgrades/1.1.0.sql")
        var reconciler = space.reconciler()
        reconciler.registerUpgrade(version: "1.1.0", named: "ends it") { db in
            // Even an upgrade that swallows the error is caught.
            try? db.execute(sql: statement)
            try db.execute(sql: "INSERT INTO log (what) VALUES ('after')")
        }
        try space.expectFailedSync(reconciler) { error in
            guard let payload = error.payload(as: ReconcileError.CodeUpgradeFailed.self) else { return false }
            let upgrade = payload.upgrade
            let underlying = payload.error
            return upgrade == Upgrade(version: "1.1.0", name: "ends it", kind: .code)
                && (underlying as? DatabaseError)?.message == CommitGuard.message
        }
        #expect(try log(space) == ["before"])
        #expect(try space.read { try $0.tableExists("extra") } == false)
    }

    @Test func anOlderSchemaRefusesANewerDatabaseAndLeavesItAlone() throws {
        let space = try workspace(version: "1.2.0", upgrades: [])
        try space.sync()
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: []))
        let before = try space.fileBytes()
        #expect {
            try space.sync()
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.BelowDatabaseFloor.self) else { return false }
            let stored = payload.storedVersion
            let declared = payload.declaredVersion
            return stored == "1.2.0" && declared == "1.1.0"
        }
        #expect(try space.fileBytes() == before)
        let accepted = try space.sync(Reconciler.Options(allowsNewerDatabase: true))
        #expect(accepted.version == "1.2.0")

        // Accepting it once does not make it acceptable: without the option it is refused again,
        // by the sync, the dry run and the status alike.
        let acceptedBytes = try space.fileBytes()
        #expect(throws: ReconcileError.self) { try space.sync() }
        #expect(throws: ReconcileError.self) { try space.reconciler().plan(databaseAt: space.databasePath) }
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        guard let payload = status.problem?.payload(as: ReconcileError.BelowDatabaseFloor.self), payload.storedVersion == "1.2.0", payload.declaredVersion == "1.1.0" else {
            Issue.record("expected a newer database, got \(String(describing: status.problem))")
            return
        }
        #expect(status.isSchemaCompared)
        #expect(try space.fileBytes() == acceptedBytes)
        #expect(try !space.sync(Reconciler.Options(allowsNewerDatabase: true)).didChange)
    }

    @Test func theStatusOfANewerDatabaseStillShowsHowItsSchemaDiffers() throws {
        let space = try workspace(version: "1.2.0", upgrades: [])
        try space.writeSchema(Self.schema(version: "1.2.0", upgrades: [], extra: "  extra:\n    columns:\n      id: INTEGER"))
        try space.sync()
        try space.execute("DROP TABLE extra")
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: [], extra: "  extra:\n    columns:\n      id: INTEGER"))
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        guard let payload = status.problem?.payload(as: ReconcileError.BelowDatabaseFloor.self), payload.storedVersion == "1.2.0", payload.declaredVersion == "1.1.0" else {
            Issue.record("expected a newer database, got \(String(describing: status.problem))")
            return
        }
        #expect(status.isSchemaCompared)
        #expect(status.pendingSteps.map(\.action) == [.createTable(table: "extra")])
    }

    @Test func aLegacyVersionAboveTheDeclaredOneIsRefusedAsSuch() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        let before = try space.fileBytes()
        #expect {
            try space.sync(Reconciler.Options(legacyVersion: "5.0.0", allowsNewerDatabase: true))
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.LegacyVersionTooHigh.self), payload.legacyVersion == "5.0.0", payload.declaredVersion == "1.0.0" else { return false }
            return true
        }
        #expect(try space.fileBytes() == before)
    }

    @Test func aScriptAddedBelowTheStoredVersionIsReportedAsNeverRunning() throws {
        let space = try workspace(version: "1.2.0", upgrades: ["1.2.0"])
        try space.sync()
        try space.write("INSERT INTO log (what) VALUES ('forgotten');\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.2.0", upgrades: ["1.1.0", "1.2.0"]))
        let report = try space.sync()
        #expect(!report.didChange)
        #expect(report.warnings == [.scriptNeverRuns(Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql", kind: .script),
                                                     storedVersion: "1.2.0")])
        #expect(try log(space).isEmpty)
    }

    @Test func codeUpgradesRunInOrderWithScriptsAndOnce() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        try space.write("INSERT INTO log (what) VALUES ('script 1.1.0');\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.2.0", upgrades: ["1.1.0"]))
        var reconciler = space.reconciler()
        reconciler.registerUpgrade(version: "1.2.0", named: "code 1.2.0") { db in
            try db.execute(sql: "INSERT INTO log (what) VALUES ('code 1.2.0')")
        }
        reconciler.registerUpgrade(version: "1.1.0", named: "code 1.1.0") { db in
            try db.execute(sql: "INSERT INTO log (what) VALUES ('code 1.1.0')")
        }
        try reconciler.sync(databaseAt: space.databasePath)
        #expect(try log(space) == ["script 1.1.0", "code 1.1.0", "code 1.2.0"])
        #expect(try !reconciler.sync(databaseAt: space.databasePath).didChange)
        #expect(try log(space).count == 3)
    }

    @Test func aCodeUpgradeAboveTheDeclaredVersionIsRefused() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        var reconciler = space.reconciler()
        reconciler.registerUpgrade(version: "1.1.0", named: "too early") { _ in }
        try space.writeSchema(Self.schema(version: "1.0.1", upgrades: []))
        let before = try space.fileBytes()
        #expect {
            try reconciler.sync(databaseAt: space.databasePath)
        } throws: { error in
            guard let payload = (error as? ReconcileError)?.payload(as: ReconcileError.CodeUpgradeAboveVersion.self), payload.name == "too early", payload.version == "1.1.0", payload.declaredVersion == "1.0.1" else {
                return false
            }
            return true
        }
        #expect(try space.fileBytes() == before)
    }

    @Test func anAppliedScriptThatChangedIsReportedNotRerun() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.sync()
        try space.write("INSERT INTO log (what) VALUES ('once');\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: ["1.1.0"]))
        try space.sync()
        // Same text with other line endings and trailing spaces: not a change.
        try space.write("INSERT INTO log (what) VALUES ('once');   \r\n\r\n", to: "upgrades/1.1.0.sql")
        #expect(try space.sync().warnings.isEmpty)
        try space.write("INSERT INTO log (what) VALUES ('twice');\n", to: "upgrades/1.1.0.sql")
        let report = try space.sync()
        let changed = Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql", kind: .script)
        #expect(report.warnings.count == 1)
        guard report.warnings.first?.payload(as: SyncWarning.ScriptChanged.self)?.upgrade == changed else {
            Issue.record("expected a changed script, got \(report.warnings)")
            return
        }
        #expect(try log(space) == ["once"])
        // Every later sync says it again, though it has nothing else to do.
        let again = try space.sync()
        #expect(!again.didChange && again.warnings == report.warnings)
        let status = try space.reconciler().status(databaseAt: space.databasePath)
        #expect(status.warnings == report.warnings)
        #expect(status.appliedUpgrades.map(\.upgrade) == [changed])
    }

    @Test func twoConnectionsSyncingANewDatabaseTogetherBothSucceedAndUpgradesRunOnce() throws {
        let space = try workspace(version: "1.0.0", upgrades: [])
        try space.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        try space.write("INSERT INTO log (what) VALUES ('1.1.0');\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(version: "1.1.0", upgrades: ["1.1.0"]))
        let reconciler = space.reconciler()
        let path = space.databasePath
        let errors = Errors()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { try reconciler.sync(databaseAt: path) } catch { errors.append(error) }
        }
        #expect(errors.all.isEmpty)
        #expect(try log(space) == ["1.1.0"])
    }
}

/// Errors collected from several threads.
final class Errors: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [any Error] = []
    func append(_ error: any Error) { lock.lock(); items.append(error); lock.unlock() }
    var all: [any Error] { lock.lock(); defer { lock.unlock() }; return items }
}
