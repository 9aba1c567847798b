import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Invalid input: exit 2, file:line:column, database untouched

@Suite struct InvalidInputTests {
    static let valid = """
        version: 1.0.0
        tables:
          teams:
            columns:
              id: { type: INTEGER, primary_key: true }
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              team_id: { type: INTEGER, references: teams.id }
        """

    /// (what, schema.yaml, the location the error must name)
    static let cases: [(String, String, String)] = [
        ("unknown key", valid.replacingOccurrences(of: "references: teams.id", with: "refrences: teams.id"), "schema.yaml:9:"),
        ("duplicate key", valid.replacingOccurrences(of: "  users:", with: "  teams:"), "schema.yaml:6:"),
        ("wrong value type", valid.replacingOccurrences(of: "primary_key: true }\n  users", with: "primary_key: maybe }\n  users"), "schema.yaml:5:"),
        ("undeclared table", valid.replacingOccurrences(of: "teams.id", with: "squads.id"), "schema.yaml:9:"),
        ("undeclared column", valid.replacingOccurrences(of: "teams.id", with: "teams.code"), "schema.yaml:9:"),
        ("autoincrement off an INTEGER PRIMARY KEY",
         valid.replacingOccurrences(of: "team_id: { type: INTEGER,", with: "team_id: { type: INTEGER, autoincrement: true,"), "schema.yaml:9:"),
        ("default with default_sql",
         valid.replacingOccurrences(of: "references: teams.id", with: "default: 1, default_sql: '2'"), "schema.yaml:9:"),
        ("invalid version", valid.replacingOccurrences(of: "version: 1.0.0", with: "version: one"), "schema.yaml:1:"),
        ("upgrade above version", valid + "\nupgrades:\n  1.1.0: upgrades/x.sql\n", "schema.yaml:11:"),
        ("missing script", valid.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            + "\nupgrades:\n  1.1.0: upgrades/missing.sql\n", "schema.yaml:11:"),
        ("script outside the folder", valid.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            + "\nupgrades:\n  1.1.0: ../outside.sql\n", "schema.yaml:11:"),
        ("view with a misspelt column", valid + "\nviews:\n  team_users: SELECT u.id FROM users u JOIN teams t ON t.id = u.team\n",
         "schema.yaml:11:"),
        ("alias bomb", LoadBoundsTests.aliasBomb(usedAs: "tables: *i\n"), "schema.yaml:8:"),
        ("nesting too deep", "version: 1.0.0\ntables: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
         "schema.yaml:2:"),
    ]

    @Test(arguments: cases.indices)
    func eachErrorExitsTwoNamesTheLocationAndTouchesNothing(_ index: Int) throws {
        let (what, yaml, location) = Self.cases[index]
        let space = try Workspace()
        try space.write("SELECT 1;\n", to: "upgrades/x.sql")
        try space.writeSchema(Self.valid)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        let before = try space.fileBytes()
        try space.writeSchema(yaml)
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 2, "\(what): \(result.error)")
        #expect(result.error.contains(location), "\(what): \(result.error)")
        #expect(try space.fileBytes() == before, "\(what)")
        let dry = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dry.status == 2, "\(what)")
    }
}
