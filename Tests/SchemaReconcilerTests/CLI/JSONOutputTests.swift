import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - --format json

/// Each command's JSON parses, and holds the keys the README documents.
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

    static let planKeys: Set = ["fromVersion", "toVersion", "isNothingToDo", "steps", "upgrades", "revisions",
                                "hazards", "warnings", "foreignKeyCheck", "deferred", "copiedAtLaunch", "legacyRecord"]
    static let stepKeys: Set = ["description", "action", "table", "phase", "method", "rows", "changes", "checks",
                                "hazards", "statements"]

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

    private func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "not one JSON object: \(text)")
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
        #expect(steps[0]["phase"] as? String == "contract")
        #expect(steps[0]["method"] as? String == RunningSQLite.notNullMethod.rawValue)
        #expect(steps[0]["rows"] as? Int == 2)
        let statement = RunningSQLite.altersNotNull ? #"ALTER TABLE "notes" ALTER COLUMN "body" SET NOT NULL"#
            : "UPDATE sqlite_master SET sql = 'CREATE TABLE"
        #expect((steps[0]["statements"] as? [String])?.first?.hasPrefix(statement) == true)
        let upgrades = try #require(plan["upgrades"] as? [[String: Any]])
        #expect(upgrades.first?["name"] as? String == "upgrades/1.1.0.sql")
        #expect(upgrades.first?["version"] as? String == "1.1.0")
        let hazards = try #require(plan["hazards"] as? [[String: Any]])
        #expect(hazards.compactMap { $0["kind"] as? String } == ["scans-rows", "runs-upgrades"])
    }

    @Test func syncPrintsTheReportAndStatusPrintsWhereTheDatabaseStands() throws {
        let space = try space()
        let sync = try ReconcileCommand.run(["sync", "--format", "json"], in: space.url)
        #expect(sync.status == 0)
        let report = try object(sync.output)
        #expect(Set(report.keys) == ["database", "didChange", "fromVersion", "version", "statements", "upgrades",
                                     "warnings", "durationSeconds", "plan", "legacyRecord"])
        #expect(report["didChange"] as? Bool == true)
        #expect(report["version"] as? String == "1.1.0")
        #expect((report["statements"] as? [String])?.isEmpty == false)
        #expect(Set(try #require(report["plan"] as? [String: Any]).keys) == Self.planKeys)

        let status = try object(try ReconcileCommand.run(["status", "--format", "json"], in: space.url).output)
        #expect(Set(status.keys) == ["database", "databaseExists", "isManaged", "isInSync", "storedVersion",
                                     "declaredVersion", "appliedUpgrades", "pendingUpgrades", "pendingSteps",
                                     "isSchemaCompared", "warnings", "deferred", "problem", "legacyRecord"])
        #expect(status["isInSync"] as? Bool == true)
        #expect((status["appliedUpgrades"] as? [[String: Any]])?.first?["name"] as? String == "upgrades/1.1.0.sql")
        #expect(status["problem"] is NSNull)

        let check = try ReconcileCommand.run(["--check", "--format", "json"], in: space.url)
        #expect(check.status == 0)
        #expect(try object(check.output)["isNothingToDo"] as? Bool == true)
    }

    @Test func inspectPrintsTheFileAndWhetherItIsComplete() throws {
        let space = try space()
        let result = try ReconcileCommand.run(["inspect", "--format", "json"], in: space.url)
        #expect(result.status == 0)
        let inspected = try object(result.output)
        #expect(Set(inspected.keys) == ["yaml", "isComplete", "undeclarable", "loadError", "legacyRecord"])
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
        #expect(error["exitStatus"] as? Int == 1)
        let refused = DataViolation(table: "notes", constraint: .notNull(column: "body"), rows: 1)
        #expect(error["message"] as? String == ReconcileError.dataDoesNotFit([refused]).description)
        let violation = try #require((error["violations"] as? [[String: Any]])?.first)
        #expect(violation["table"] as? String == "notes")
        #expect(violation["column"] as? String == "body")
        #expect(violation["rows"] as? Int == 1)
        #expect(try space.fileBytes() == before)

        try space.writeSchema("version: 1.0.0\ntables:\n  notes: { columns: { id: { typ: INTEGER } } }\n")
        let invalid = try ReconcileCommand.run(["status", "--format", "json"], in: space.url)
        #expect(invalid.status == 2)
        let schemaError = try #require((try object(invalid.output)["error"] as? [String: Any])?["schemaError"] as? [String: Any])
        #expect(schemaError["line"] as? Int == 3)
        #expect(schemaError["file"] as? String == "schema.yaml")
    }
}
