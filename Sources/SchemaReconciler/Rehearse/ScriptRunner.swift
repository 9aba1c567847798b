import GRDB

// MARK: - ScriptRunner

/// Runs an upgrade script, or a seed script, statement by statement with SQLite's own parser,
/// so that semicolons in strings, comments and trigger bodies are never mistaken for statement
/// ends. A statement that fails is reported with its line in the script.
///
/// ```swift
/// try ScriptRunner(upgrade: upgrade, script: script).run(in: db)
/// try ScriptRunner(seed: seed).run(in: db)
/// ```
struct ScriptRunner {
    /// The upgrade the script belongs to; nil for a seed script.
    var upgrade: Upgrade?
    /// The script.
    var script: UpgradeScript
    /// Stops the script between two statements.
    var cancellation: SyncCancellation?
    /// Called after each statement that ran, on the script's connection: the rehearsal notes
    /// there the tables a statement created, renamed, redefined or dropped.
    var statementDidRun: ((Database) throws -> Void)?

    /// Runs a script of `upgrade`.
    init(upgrade: Upgrade, script: UpgradeScript, cancellation: SyncCancellation? = nil) {
        self.upgrade = upgrade
        self.script = script
        self.cancellation = cancellation
    }

    /// Runs a script of schema.yaml's `seed`.
    init(seed: SeedScript, cancellation: SyncCancellation? = nil) {
        script = UpgradeScript(path: seed.path, sql: seed.sql)
        self.cancellation = cancellation
    }

    /// Runs every statement of the script on `db`, which must stay inside its transaction.
    /// - Throws: ``ReconcileError/upgradeFailed(_:line:statement:error:)``, or
    ///   ``ReconcileError/seedFailed(path:line:statement:error:)`` for a seed script.
    func run(in db: Database) throws {
        let utf8 = Array(script.sql.utf8)
        var offset = 0   // UTF-8 offset just past the last statement found
        let statements = try db.allStatements(sql: script.sql)
        while true {
            let statement: Statement?
            do {
                statement = try statements.next()
            } catch let error as DatabaseError {
                throw failure(error, at: offset, in: utf8)
            }
            guard let statement else { return }
            try cancellation.check()
            let sql = Array(statement.sql.utf8)
            let start = Self.find(sql, in: utf8, from: offset) ?? offset
            offset = start + sql.count
            do {
                try statement.execute()
                // Ended by a ROLLBACK (a COMMIT is refused by the commit guard): stop before anything else runs.
                guard db.isInsideTransaction else {
                    throw DatabaseError(resultCode: .SQLITE_ABORT, message: CommitGuard.message)
                }
                try statementDidRun?(db)
            } catch let error as DatabaseError {
                throw failure(error, at: start, in: utf8)
            }
        }
    }

    // MARK: Where a statement is

    /// The error for the statement at byte `start`, with its line and its text.
    private func failure(_ error: DatabaseError, at start: Int, in utf8: [UInt8]) -> ReconcileError {
        let rest = String(decoding: utf8[start...], as: UTF8.self)
        let tokens = Array(SQLTokenizer.tokens(in: rest).drop { $0.isSymbol(";") })
        guard let first = tokens.first else {
            return failure(error, line: Self.line(at: start, in: utf8), statement: "")
        }
        let end = tokens.firstIndex { $0.isSymbol(";") } ?? tokens.count - 1
        let preview = SQLText.text(of: tokens[0...max(0, min(end, tokens.count - 1))], in: rest)
        return failure(error, line: Self.line(at: start + first.range.lowerBound, in: utf8), statement: preview)
    }

    /// The error of the upgrade, or of the seed script.
    private func failure(_ error: DatabaseError, line: Int, statement: String) -> ReconcileError {
        guard let upgrade else { return .seedFailed(path: script.path, line: line, statement: statement, error: error) }
        return .upgradeFailed(upgrade, line: line, statement: statement, error: error)
    }

    /// The line of a byte offset; lines end with LF, CRLF or a lone CR.
    static func line(at position: Int, in utf8: [UInt8]) -> Int {
        var line = 1
        let end = min(position, utf8.count)
        for index in 0..<end where utf8[index] == 10 || (utf8[index] == 13 && (index + 1 >= utf8.count || utf8[index + 1] != 10)) {
            line += 1
        }
        return line
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
