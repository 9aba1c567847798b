import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The reconcile executable

@Suite struct CommandLineTests {
    static let schema = """
        version: 1.0.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: { type: TEXT, not_null: true }
            indexes:
              users_by_email: [email]
        """

    @Test func dryRunPrintsTheStatementsAndCreatesNoFile() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.contains("-- create table users"))
        #expect(result.output.contains("CREATE TABLE \"users\" (\n  \"id\" INTEGER PRIMARY KEY,\n  \"email\" TEXT NOT NULL\n);"))
        #expect(result.output.contains(#"CREATE INDEX "users_by_email" ON "users" ("email");"#))
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func syncCreatesTheDatabaseAndASecondRunChangesNothing() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        let first = try ReconcileCommand.run([], in: space.url)
        #expect(first.status == 0)
        #expect(first.output.contains("synced to version 1.0.0"))
        let bytes = try space.fileBytes()
        let date = try space.modificationDate()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try ReconcileCommand.run(["--schema", "schema.yaml", "--database", "app.sqlite"], in: space.url)
        #expect(second.status == 0)
        #expect(second.output == "app.sqlite is up to date at version 1.0.0; nothing to do\n")
        #expect(try space.fileBytes() == bytes)
        #expect(try space.modificationDate() == date)
    }

    @Test func invalidInputExitsTwoWithFileLineAndColumn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema.replacingOccurrences(of: "not_null: true", with: "not_nul: true"))
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 2)
        let refused = SchemaError.unknownKey("not_nul", in: "column 'email' of table 'users'", suggestion: "not_null",
                                             allowed: ColumnParser.keys,
                                             at: SchemaReconciler.SourceLocation(file: "schema.yaml", line: 6, column: 28))
        #expect(result.error == "\(refused)\n")
        #expect(!FileManager.default.fileExists(atPath: space.databasePath))
    }

    @Test func aSyncThatCannotApplyExitsOneAndLeavesTheFileAlone() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.execute("INSERT INTO users (email) VALUES ('a@x.org'), ('a@x.org')")
        try space.writeSchema(Self.schema.replacingOccurrences(
            of: "email: { type: TEXT, not_null: true }", with: "email: { type: TEXT, not_null: true, unique: true }"))
        let before = try space.fileBytes()
        let result = try ReconcileCommand.run([], in: space.url)
        #expect(result.status == 1)
        let refused = ReconcileError.dataDoesNotFit([ReconcileError.DataViolation(table: "users", constraint: .unique(columns: ["email"]), rows: 2)])
        #expect(result.error.split(separator: "\n").last.map(String.init) == "error: \(refused)")
        #expect(try space.fileBytes() == before)
    }

    @Test func twoProcessesSyncingTogetherBothSucceedAndEachUpgradeRunsOnce() throws {
        let space = try Workspace()
        try space.write("INSERT INTO log (what) VALUES ('1.1.0');\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema("""
            version: 1.1.0
            tables:
              log:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  what: TEXT
            upgrades:
              1.1.0: upgrades/1.1.0.sql
            """)
        try space.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT)")
        let runs = try (0..<2).map { _ in try ReconcileCommand.start([], in: space.url) }
        let results = runs.map { ReconcileCommand.finish($0.0, $0.1, $0.2) }
        #expect(results.map(\.status) == [0, 0])
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT what FROM log") } == ["1.1.0"])
    }

    @Test func aBusyDatabaseIsReportedInWordsWithExitOne() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.writeSchema(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.0.1"))
        let other = try DatabaseQueue(path: space.databasePath)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let result = try ReconcileCommand.run(["--busy-timeout", "0.1"], in: space.url)
            #expect(result.status == 1)
            let busy = ReconcileError.database(DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked"))
            #expect(result.error == "error: \(busy)\n")
            try db.execute(sql: "ROLLBACK")
        }
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
    }

    @Test func aDryRunScriptKeepsAStatementThatEndsInALineCommentWhole() throws {
        let space = try Workspace()
        try space.writeSchema("version: 1.0.0\ntables: {}\nviews:\n  v: |\n    SELECT 1 AS one -- the answer\n")
        let result = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(result.output.contains("CREATE VIEW \"v\" AS SELECT 1 AS one -- the answer\n;"))
    }

    @Test func inspectPrintsAFileThatSyncsToTheSameDatabase() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL DEFAULT '');
            CREATE INDEX notes_body ON notes (lower(body));
            CREATE VIRTUAL TABLE notes_fts USING fts5(body, content='notes', content_rowid='id');
            """)
        let result = try ReconcileCommand.run(["inspect", "--database", "app.sqlite", "--app-version", "2.3.0"], in: space.url)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.output.contains("version: 2.3.0\n"))
        #expect(result.output.contains("notes_fts: fts5(body, content='notes', content_rowid='id')"))
        try space.writeSchema(result.output)
        let adopt = try ReconcileCommand.run(["--legacy-version", "2.3.0"], in: space.url)
        #expect(adopt.status == 0)
        #expect(adopt.output.contains("app.sqlite synced to version 2.3.0: 0 statements, 0 upgrades"))
        // The same database prints the same bytes.
        #expect(try ReconcileCommand.run(["inspect"], in: space.url).output == result.output.replacingOccurrences(
            of: "version: 2.3.0", with: "version: 1.0.0"))
    }

    @Test func inspectExitsThreeWhenSomethingCanOnlyBeAComment() throws {
        let space = try Workspace()
        try space.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT, UNIQUE (code COLLATE NOCASE))")
        let result = try ReconcileCommand.run(["inspect"], in: space.url)
        #expect(result.status == 3)
        #expect(result.error == "note: not declarable: table t: UNIQUE (\"code\" COLLATE NOCASE)\n")
        #expect(result.output.contains("  # not declarable: table t: UNIQUE (\"code\" COLLATE NOCASE)\n  t:\n"))
        #expect(try ReconcileCommand.run(["inspect", "--database", "missing.sqlite"], in: space.url).status == 1)
    }

    @Test func statusShowsVersionsAndPendingUpgrades() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        #expect(try ReconcileCommand.run([], in: space.url).status == 0)
        try space.write("UPDATE users SET email = lower(email);\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
                              + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        let result = try ReconcileCommand.run(["status"], in: space.url)
        #expect(result.status == 0)
        #expect(result.output.contains("declared version: 1.1.0"))
        #expect(result.output.contains("stored version:   1.0.0"))
        #expect(result.output.contains("1.1.0  upgrades/1.1.0.sql"))
        let dry = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dry.output.contains("-- upgrade 1.1.0: run the script upgrades/1.1.0.sql"))
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithExitOneAndLeftAlone() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema)
        let text = String(repeating: "not a database; ", count: 20)
        try text.write(toFile: space.databasePath, atomically: true, encoding: .utf8)
        let notADatabase = ReconcileError.cannotOpenDatabase(
            path: "app.sqlite", error: DatabaseError(resultCode: .SQLITE_NOTADB, message: "file is not a database"))
        #expect("\(notADatabase)" == "cannot read the database app.sqlite: file is not a database")
        for arguments in [[], ["--dry-run"], ["status"]] {
            let result = try ReconcileCommand.run(arguments, in: space.url)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error == "error: \(notADatabase)\n", "\(arguments)")
        }
        #expect(try String(contentsOfFile: space.databasePath, encoding: .utf8) == text)

        // Validating schema.yaml comes first: an invalid one is the error to report.
        try space.writeSchema(Self.schema.replacingOccurrences(of: "columns:", with: "colums:"))
        let misspelt = SchemaError.unknownKey("colums", in: "table 'users'", suggestion: "columns", allowed: TableParser.keys,
                                              at: SchemaReconciler.SourceLocation(file: "schema.yaml", line: 4, column: 5))
        for arguments in [[], ["--dry-run"], ["status"]] {
            let result = try ReconcileCommand.run(arguments, in: space.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error == "\(misspelt)\n", "\(arguments)")
        }
    }
}
