import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The dry run, run as a script

extension Workspace {
    /// Syncs the database, after checking that the script `reconcile --dry-run` prints for it,
    /// run on a copy of the file as `sqlite3` runs a script, leaves the copy as the sync leaves
    /// the database: the same schema, the same schema version, and the same rows in every table
    /// but the reconciler's record (the script leaves recording to the sync). For a plan with
    /// upgrades, which the script shows as comments, only the schema versions its edit sessions
    /// set are compared with those the sync set. A database that does not exist yet is compared
    /// with the new file the script makes, its seed rows included.
    ///
    /// `sqlite3` runs the script when it is installed and runs with the SQLite the tests run
    /// with (in defensive mode, as Apple's is, it is turned off first with `.dbconfig defensive
    /// off`); otherwise a connection of the tests runs it the same way, statement by statement,
    /// each on its own.
    ///
    /// - Parameters:
    ///   - varying: Columns whose values depend on when they are written
    ///     (`DEFAULT CURRENT_TIMESTAMP`), left out of the comparison.
    ///   - arguments: More arguments of the dry run (`--defer …`), which `options` give the sync.
    ///   - options: The sync's options.
    @discardableResult
    func syncComparingWithItsDryRun(varying: Set<String> = [], arguments: [String] = [], options: Reconciler.Options = .init(),
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SyncReport {
        let copy = url.appendingPathComponent("dry-run-copy.sqlite").path
        try? FileManager.default.removeItem(atPath: copy)
        // A database that does not exist yet is new: the script runs on a new file.
        let isNew = !FileManager.default.fileExists(atPath: databasePath)
        if !isNew {
            try FileManager.default.copyItem(atPath: databasePath, toPath: copy)
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }

        let dryRun = try ReconcileCommand.run(["--dry-run", "--database", copy] + arguments, in: url)
        #expect(dryRun.status == 0, "\(dryRun.error)", sourceLocation: sourceLocation)
        let printed = dryRun.output.split(separator: "\n").filter { $0.hasPrefix("PRAGMA schema_version") }.map { $0.dropLast() }
        let report = try sync(options)
        let ran = report.statements.filter { $0.hasPrefix("PRAGMA schema_version") }
        #expect(printed.map(String.init) == ran, "the schema versions the edit sessions set", sourceLocation: sourceLocation)
        // The script shows upgrades as comments: only a plan without them runs whole.
        guard report.plan.upgrades.isEmpty else { return report }
        try Self.runScript(dryRun.output, on: copy, sourceLocation: sourceLocation)
        let synced = try Self.contents(of: databasePath, varying: varying)
        let scripted = try Self.contents(of: copy, varying: varying)
        #expect(scripted.schema == synced.schema, "the schema the script leaves", sourceLocation: sourceLocation)
        // The sync of a new database creates its own tables too: another schema version.
        #expect(isNew || scripted.schemaVersion == synced.schemaVersion, "the schema version the script sets",
                sourceLocation: sourceLocation)
        #expect(scripted.rows == synced.rows, "the rows the script leaves", sourceLocation: sourceLocation)
        return report
    }

    /// Runs `script` on the database at `path` as `sqlite3` does.
    private static func runScript(_ script: String, on path: String, sourceLocation: Testing.SourceLocation) throws {
        guard let sqlite3 = shell else {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = false   // as in the sqlite3 shell
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.setDefensive(false)
                try db.execute(sql: script)
            }
            return
        }
        let file = path + ".sql"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try run(sqlite3, ["-bail", "-cmd", ".dbconfig defensive off", path, ".read '\(file)'"])
        #expect(result.status == 0, "sqlite3: \(result.errors)", sourceLocation: sourceLocation)
    }

    /// The `sqlite3` shell on the `PATH`, when it runs with the SQLite the tests run with (a
    /// shell built against another SQLite refuses to start: "SQLite header and source version
    /// mismatch").
    private static let shell: URL? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let found = folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent("sqlite3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let found, (try? run(found, [":memory:", "SELECT 1"]))?.status == 0 else { return nil }
        return found
    }()

    /// Runs `executable` with `arguments`, and waits for it.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// The schema objects (but the reconciler's), the schema version, and the rows of each table
    /// (but the reconciler's), each row described with its storage classes.
    private static func contents(of path: String, varying: Set<String>)
        throws -> (schema: [String], schemaVersion: Int, rows: [String: [String]]) {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let schema = try String.fetchAll(db, sql: """
                SELECT type || ' ' || name || ' ' || tbl_name || ': ' || ifnull(sql, '') FROM sqlite_master
                WHERE tbl_name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY type, name
                """)
            var rows: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_reconciler%' ESCAPE '\\'
                """) {
                let columns = try db.columns(in: table).map(\.name).filter { !varying.contains($0) }
                let list = columns.map(SQLText.quote).joined(separator: ", ")
                rows[table] = try Row.fetchAll(db, sql: "SELECT \(list) FROM \(SQLText.quote(table))").map { row in
                    row.databaseValues.map(Stored.describe).joined(separator: ", ")
                }.sorted()
            }
            return (schema, Int(try db.schemaVersion()), rows)
        }
    }
}
