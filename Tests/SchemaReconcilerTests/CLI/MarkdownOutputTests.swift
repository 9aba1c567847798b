import Foundation
import Testing

// MARK: - --format markdown

/// The dry run, `--check` and `status` as Markdown for a pull request comment: the versions, a
/// table of the steps, the hazards with their counts, the upgrades, the statements and scripts
/// folded in `<details>`; with `--diagram`, the tables the change touches.
@Suite struct MarkdownOutputTests {
    static let version1 = """
        version: 1.0.0
        tables:
          teams:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: { type: TEXT, not_null: true }
          users:
            columns:
              id:      { type: INTEGER, primary_key: true }
              team_id: { type: INTEGER, references: teams.id }
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
        """

    /// Version 1 with a column added to users, and an upgrade that fills it.
    static let version2 = version1
        .replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
        .replacingOccurrences(of: "team_id: { type: INTEGER, references: teams.id }\n",
                              with: "team_id: { type: INTEGER, references: teams.id }\n      nickname: TEXT\n")
        + "\nupgrades:\n  1.1.0: upgrades/1.1.0-nicknames.sql\n"

    /// A workspace whose database is at version 1.0.0, and whose schema.yaml is at 1.1.0.
    static func changedWorkspace() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(version1)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.writeSchema(version2)
        try space.write("UPDATE users SET nickname = 'n' || id;\n", to: "upgrades/1.1.0-nicknames.sql")
        return space
    }

    /// The step's statements and the upgrade's script are there to read, folded in `<details>`.
    @Test func theDryRunOfAnAddedColumnIsATableRowNamingTheTableAndTheColumn() throws {
        let space = try Self.changedWorkspace()
        let dryRun = try ReconcileCommand.run(["--dry-run", "--format", "markdown"], in: space.url)
        #expect(dryRun.status == 0 && dryRun.error.isEmpty, "\(dryRun.error)")
        assertTextSnapshot(of: dryRun.output, as: "md", named: "plan")
        try Self.expectWellFormedTables(dryRun.output)
        // The dry run wrote nothing; --check says the same, and exits 4.
        let check = try ReconcileCommand.run(["--check", "--format", "markdown"], in: space.url)
        #expect(check.status == 4 && check.output == dryRun.output)
    }

    /// docs/command-line.md shows the dry run of the test above as the command prints it today.
    @Test func theReferenceShowsTheDryRunAsItIsPrinted() throws {
        let snapshot = OutputSnapshotTests.snapshots.appendingPathComponent("MarkdownOutputTests/"
            + "theDryRunOfAnAddedColumnIsATableRowNamingTheTableAndTheColumn.plan.md")
        let printed = try String(contentsOf: snapshot, encoding: .utf8)
        let reference = try String(contentsOf: GeneratedCodeCompilesTests.root.appendingPathComponent("docs/command-line.md"),
                                   encoding: .utf8)
        #expect(reference.contains("$ swift run reconcile --dry-run --format markdown\n" + printed + "````\n"),
                "docs/command-line.md shows an old Markdown plan: paste \(snapshot.lastPathComponent)")
    }

    /// A script whose text holds a fence keeps it inside a longer one; a name with `<` or `&`
    /// stays text in the summary.
    @Test func aScriptThatHoldsAFenceStaysInItsBlock() throws {
        let space = try Self.changedWorkspace()
        try space.write("UPDATE users SET nickname = '```<b>&';\n", to: "upgrades/1.1.0-nicknames.sql")
        let dryRun = try ReconcileCommand.run(["--dry-run", "--format", "markdown"], in: space.url)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        #expect(dryRun.output.contains("""
            <details>
            <summary>Upgrade 1.1.0: upgrades/1.1.0-nicknames.sql</summary>

            ````sql
            UPDATE users SET nickname = '```<b>&';
            ````

            </details>
            """), "\(dryRun.output)")
    }

    @Test func withDiagramTheTablesTheChangeTouchesAreDrawn() throws {
        let space = try Self.changedWorkspace()
        let dryRun = try ReconcileCommand.run(["--dry-run", "--format", "markdown", "--diagram"], in: space.url)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        // Only users, which the change touches, is drawn.
        assertTextSnapshot(of: dryRun.output, as: "md", named: "plan")
    }

    @Test func statusListsThePendingStepsAndUpgrades() throws {
        let space = try Self.changedWorkspace()
        let status = try ReconcileCommand.run(["status", "--format", "markdown"], in: space.url)
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.hasPrefix("### `app.sqlite`: stored version 1.0.0, declared 1.1.0\n"))
        assertTextSnapshot(of: status.output, as: "md", named: "pending")
        try Self.expectWellFormedTables(status.output)

        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        let synced = try ReconcileCommand.run(["status", "--format", "markdown"], in: space.url)
        #expect(synced.output.contains("**Schema:** matches schema.yaml\n"))
        #expect(synced.output.contains("**Applied upgrades**\n\n- 1.1.0: `upgrades/1.1.0-nicknames.sql` ("))
    }

    /// A name with a `|` stays in its cell.
    @Test func aPipeInANameStaysInItsCell() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables:\n  \"a|b\":\n    columns:\n      id: { type: INTEGER, primary_key: true }\n")
        let dryRun = try ReconcileCommand.run(["--dry-run", "--format", "markdown"], in: space.url)
        #expect(dryRun.output.contains("| 1 | a\\|b | create table a\\|b | native |  |\n"))
        try Self.expectWellFormedTables(dryRun.output)
    }

    @Test func markdownIsRefusedWhereThereIsNoneToWrite() throws {
        let space = try Self.changedWorkspace()
        for arguments in [["--format", "markdown"], ["inspect", "--format", "markdown"], ["check", "--format", "markdown"],
                          ["--dry-run", "--diagram"]] {
            let refused = try ReconcileCommand.run(arguments, in: space.url)
            #expect(refused.status == 2 && refused.output.isEmpty, "\(arguments)")
        }
        // Nothing was synced.
        let status = try ReconcileCommand.run(["status"], in: space.url)
        #expect(status.output.contains("stored version:   1.0.0"))
    }

    /// Every row of each Markdown table has as many cells as its header.
    static func expectWellFormedTables(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var cells: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { cells = nil; continue }
            let count = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            if let cells {
                #expect(count == cells, "\(line)", sourceLocation: sourceLocation)
            } else {
                cells = count
            }
        }
    }
}
