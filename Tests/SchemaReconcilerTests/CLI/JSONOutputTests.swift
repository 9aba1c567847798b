import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - --format json

/// Each command's JSON parses, holds the keys docs/command-line.md documents, and reads back as the
/// library's own value.
@Suite struct JSONOutputTests {
    static let schema = """
        version: 1.1.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: { type: TEXT, not_null: true }
        upgrades:
          1.1.0: upgrades/1.1.0.sql
        """

    static let planKeys: Set = ["fromVersion", "toVersion", "isNothingToDo", "steps", "upgrades", "seeds", "changes", "revisions",
                                "hazards", "warnings", "foreignKeyCheck", "deferred", "copiedAtLaunch", "floor"]
    static let stepKeys: Set = ["description", "action", "table", "phase", "method", "rows", "changes", "checks",
                                "hazards", "droppedIndexes", "statements"]

    private func space() throws -> Workspace {
        let space = try Workspace()
        try space.write("UPDATE notes SET body = '' WHERE body IS NULL;\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema.replacingOccurrences(of: "version: 1.1.0", with: "version: 1.0.0")
            .replacingOccurrences(of: "{ type: TEXT, not_null: true }", with: "TEXT")
            .replacingOccurrences(of: "upgrades:\n  1.1.0: upgrades/1.1.0.sql\n", with: "").replacingOccurrences(of: "upgrades:\n  1.1.0: upgrades/1.1.0.sql", with: ""))
        try space.sync()
        try space.execute("INSERT INTO notes (body) VALUES ('a'), (NULL)")
        try space.writeSchema(Self.schema)
        return space
    }

    /// What a command printed, read back as the library's value, as an app reads it.
    private func decoded<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONCoding.decoder.decode(Value.self, from: Data(text.utf8))
    }

    @Test func dryRunPrintsThePlanWithStepsUpgradesAndHazards() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["--dry-run", "--format", "json"], in: space.url)
        #expect(result.status == 0)
        let plan = try object(result.output)
        #expect(Set(plan.keys) == Self.planKeys)
        #expect(plan["fromVersion"] as? String == "1.0.0")
        #expect(plan["toVersion"] as? String == "1.1.0")
        let steps = try #require(plan["steps"] as? [[String: Any]])
        #expect(steps.count == 1)
        #expect(Set(steps[0].keys) == Self.stepKeys)
        #expect(steps[0]["action"] as? String == "editTable")
        #expect(steps[0]["phase"] as? String == "contract")
        #expect(steps[0]["method"] as? String == RunningSQLite.notNullMethod.rawValue)
        #expect(steps[0]["rows"] as? Int == 2)
        let statement = RunningSQLite.altersNotNull ? #"ALTER TABLE "notes" ALTER COLUMN "body" SET NOT NULL"#
            : "UPDATE sqlite_master SET sql = 'CREATE TABLE"
        #expect((steps[0]["statements"] as? [String])?.first?.hasPrefix(statement) == true)
        let change = try #require((steps[0]["changes"] as? [[String: Any]])?.first)
        #expect(change["kind"] as? String == "alterTable")
        #expect((change["difference"] as? [String: Any])?["kind"] as? String == "columnNotNull")
        let upgrades = try #require(plan["upgrades"] as? [[String: Any]])
        #expect(upgrades.first?["name"] as? String == "upgrades/1.1.0.sql")
        #expect(upgrades.first?["version"] as? String == "1.1.0")
        let hazards = try #require(plan["hazards"] as? [[String: Any]])
        #expect(hazards.compactMap { $0["kind"] as? String } == ["scans-rows", "runs-upgrades"])
        #expect(hazards.first?["message"] as? String == "scans 2 rows of table notes")
    }

    @Test func theDryRunsJSONIsTheLibrarysPlan() throws {
        let space = try space()
        let expected = try space.reconciler().plan(databaseAt: space.databasePath)
        let plan = try decoded(Plan.self, try ReconcileCommand.run(["--dry-run", "--format", "json"], in: space.url).output)
        #expect(plan.fromVersion == "1.0.0")
        #expect(plan.toVersion == "1.1.0")
        #expect(!plan.isNothingToDo)
        #expect(plan.steps.map(\.description) == expected.steps.map(\.description))
        #expect(plan.steps.map(\.statements) == expected.steps.map(\.statements))
        #expect(plan.steps == expected.steps.map { step in
            var step = step
            // How a step runs, not what it is: not written.
            (step.editedDefinition, step.isAppendOnly, step.rowCopy) = (nil, false, nil)
            return step
        })
        #expect(plan.changes == expected.changes)
        #expect(plan.upgrades == [Upgrade(version: "1.1.0", name: "upgrades/1.1.0.sql", kind: .script)])
        #expect(plan.hazards == [.scansRows(table: "notes", rows: 2), .runsUpgrades(count: 1)])
        #expect(plan.foreignKeyCheck == expected.foreignKeyCheck)

        let check = try ReconcileCommand.run(["--check", "--format", "json"], in: space.url)
        #expect(check.status == 4)
        #expect(try decoded(Plan.self, check.output).steps.map(\.description) == expected.steps.map(\.description))
    }

    @Test func syncPrintsTheReportAndStatusPrintsWhereTheDatabaseStands() throws {
        let space = try space()
        let sync = try ReconcileCommand.run(["sync", "--format", "json"], in: space.url)
        #expect(sync.status == 0)
        let report = try object(sync.output)
        #expect(Set(report.keys) == ["databasePath", "didChange", "version", "statements", "upgrades", "warnings",
                                     "durationSeconds", "plan", "fingerprintBefore", "fingerprintAfter", "phaseSeconds",
                                     "deferred", "floor", "runsOnNewerDatabase"])
        #expect(report["databasePath"] as? String == "app.sqlite")
        #expect(report["didChange"] as? Bool == true)
        #expect(report["version"] as? String == "1.1.0")
        #expect((report["durationSeconds"] as? Double).map { $0 > 0 } == true)
        #expect((report["statements"] as? [String])?.isEmpty == false)
        #expect(Set(try #require(report["plan"] as? [String: Any]).keys) == Self.planKeys)

        let status = try object(try ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(Set(status.keys) == ["databasePath", "databaseExists", "isManaged", "isInSync", "storedVersion",
                                     "declaredVersion", "appliedUpgrades", "pendingUpgrades", "pendingSteps",
                                     "pendingSeeds", "isSchemaCompared", "warnings", "deferred", "floor"])
        #expect(status["isInSync"] as? Bool == true)
        let applied = try #require((status["appliedUpgrades"] as? [[String: Any]])?.first)
        #expect((applied["upgrade"] as? [String: Any])?["name"] as? String == "upgrades/1.1.0.sql")
        #expect(status["problem"] == nil)

        let check = try ReconcileCommand.run(["--check", "--format", "json"], in: space.url)
        #expect(check.status == 0)
        #expect(try object(check.output)["isNothingToDo"] as? Bool == true)
    }

    @Test func aSyncsJSONIsTheLibrarysReport() throws {
        let space = try space()
        try space.execute("CREATE TABLE scratch (x)")
        let expected = try space.reconciler().plan(databaseAt: space.databasePath)
        let report = try decoded(SyncReport.self, try ReconcileCommand.run(["--format", "json"], in: space.url).output)
        #expect(report.databasePath == "app.sqlite")
        #expect(report.didChange)
        #expect(report.plan.fromVersion == "1.0.0")
        #expect(report.version == "1.1.0")
        #expect(report.duration > .zero)
        #expect(report.plan.steps.map(\.description) == expected.steps.map(\.description))
        #expect(report.statements.contains { $0.contains(#""body" TEXT NOT NULL"#) || $0.contains("SET NOT NULL") })
        #expect(report.upgrades.map(\.name) == ["upgrades/1.1.0.sql"])
        #expect(report.warnings == [.undeclared(SchemaObject(kind: .table, name: "scratch"))])
        #expect(report.warnings.map(\.code) == [.undeclared])

        // What an app stores reads back the same.
        let again = try JSONCoding.decoder.decode(SyncReport.self, from: JSONCoding.encoder.encode(report))
        #expect(again.plan.steps == report.plan.steps)
        #expect(again.warnings == report.warnings)
        #expect(again.duration == report.duration)
    }

    @Test func statusJSONIsTheLibrarysStatus() throws {
        let space = try space()
        try space.execute("CREATE TABLE scratch (x)")
        let status = try decoded(SyncStatus.self, try ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(status.databasePath == "app.sqlite")
        #expect(status.databaseExists && status.isManaged && !status.isInSync)
        #expect(status.storedVersion == "1.0.0")
        #expect(status.declaredVersion == "1.1.0")
        #expect(status.pendingUpgrades.map(\.name) == ["upgrades/1.1.0.sql"])
        let expected = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(status.pendingSteps.map(\.description) == expected.steps.map(\.description))
        #expect(status.warnings == [.undeclared(SchemaObject(kind: .table, name: "scratch"))])
        #expect(status.problem == nil)

        try space.sync()
        let synced = try decoded(SyncStatus.self, try ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(synced.isInSync)
        #expect(synced.appliedUpgrades.map(\.upgrade.name) == ["upgrades/1.1.0.sql"])
        #expect(synced.appliedUpgrades.first?.checksum?.isEmpty == false)
    }

    @Test func inspectPrintsTheFileAndWhetherItIsComplete() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["inspect", "--format", "json"], in: space.url)
        #expect(result.status == 0)
        let inspected = try object(result.output)
        #expect(Set(inspected.keys) == ["yaml", "isComplete", "undeclarable"])
        #expect((inspected["yaml"] as? String)?.contains("notes:") == true)
        #expect(inspected["isComplete"] as? Bool == true)
    }

    @Test func anErrorIsAnObjectWithTheFieldsOfItsCase() throws {
        let space = try space()
        try space.write("SELECT 1;\n", to: "upgrades/1.1.0.sql")
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run(["--format", "json"], in: space.url)
        #expect(result.status == 1)
        let error = try #require(try object(result.output)["error"] as? [String: Any])
        #expect(error["kind"] as? String == "dataDoesNotFit")
        #expect(error["code"] as? Int == 13)
        #expect(error["exitStatus"] as? Int == 1)
        let refused = ReconcileError.DataViolation(table: "notes", constraint: .notNull(column: "body"), rows: 1)
        #expect(error["message"] as? String == ReconcileError.dataDoesNotFit([refused]).description)
        let violation = try #require((error["violations"] as? [[String: Any]])?.first)
        #expect(violation["table"] as? String == "notes")
        #expect((violation["constraint"] as? [String: Any])?["column"] as? String == "body")
        #expect(violation["rows"] as? Int == 1)
        #expect(try space.fileBytes() == before)

        try space.writeSchema("version: 1.0.0\ntables:\n  notes: { columns: { id: { typ: INTEGER } } }\n")
        let invalid = try ReconcileCommand.run(["status", "--format", "json"], in: space.url)
        #expect(invalid.status == 2)
        let schemaError = try #require((try object(invalid.output)["error"] as? [String: Any])?["schemaError"] as? [String: Any])
        #expect(schemaError["line"] as? Int == 3)
        #expect(schemaError["file"] as? String == "schema.yaml")
        #expect(schemaError["kind"] as? String == "unknownKey")
    }

    @Test func anErrorsJSONIsTheLibrarysError() throws {
        struct Document: Decodable { var error: ReconcileError }
        let space = try space()
        try space.write("SELECT 1;\n", to: "upgrades/1.1.0.sql")
        let failed = try decoded(Document.self, try ReconcileCommand.run(["--format", "json"], in: space.url).output).error
        let refused = ReconcileError.DataViolation(table: "notes", constraint: .notNull(column: "body"), rows: 1)
        #expect(failed.code == .dataDoesNotFit)
        #expect(failed.errorCode == 13)
        #expect(failed.description == ReconcileError.dataDoesNotFit([refused]).description)
        guard let violations = failed.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else {
            Issue.record("expected dataDoesNotFit, got \(failed)")
            return
        }
        #expect(violations == [refused])

        try space.writeSchema("version: 1.0.0\ntables:\n  notes: { columns: { id: { typ: INTEGER } } }\n")
        let invalid = try ReconcileCommand.run(["status", "--format", "json"], in: space.url)
        let error = try decoded(Document.self, invalid.output).error
        #expect(error.code == .invalidSchema)
        #expect(error.isInvalidInput)
        // The decoded error says what the text says.
        #expect(try ReconcileCommand.run(["status"], in: space.url).error == "\(error.description)\n")
    }
}
