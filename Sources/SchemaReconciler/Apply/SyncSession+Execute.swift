import Foundation
import GRDB

// MARK: - Applying a plan

extension SyncSession {
    /// Runs the plan inside the caller's transaction: expand steps, upgrades, contract steps,
    /// then the checks, then the stored state.
    func execute(_ context: Context, in db: Database) throws -> SyncReport {
        var plan = context.plan
        var statements: [String] = []
        var expand = plan.expandSteps[...]
        if let lastRename = expand.lastIndex(where: \.isRename) {
            for step in expand[...lastRename] {
                try run(step, in: db, statements: &statements)
            }
            expand = expand[(lastRename + 1)...]
            // SQLite rewrote the indexes, triggers and views that named what was renamed: plan
            // the rest from the database as it is now, so that rebuilds recreate them as rewritten.
            if plan.steps.contains(where: { if case .rebuild = $0.method { return true } else { return false } }) {
                let refreshed = try prepare(db, file: context.file).plan
                expand = refreshed.expandSteps[...]
                plan.steps = Array(plan.expandSteps[...lastRename]) + refreshed.steps
            }
        }
        for step in expand {
            try run(step, in: db, statements: &statements)
        }
        var applied: [AppliedUpgrade] = []
        let now = ISO8601DateFormatter().string(from: Date())
        let schemaVersionBeforeUpgrades = try Int.fetchOne(db, sql: "PRAGMA schema_version")
        for upgrade in plan.upgrades {
            switch upgrade.kind {
            case .script(let script):
                try run(script, version: upgrade.version, in: db)
                applied.append(AppliedUpgrade(version: upgrade.version, name: script.path, isScript: true,
                                              checksum: Fingerprint.checksum(ofScript: script.sql), appliedAt: now))
            case .code(let name):
                for code in reconciler.codeUpgrades where code.version == upgrade.version && code.name == name {
                    try run(code, in: db)
                }
                applied.append(AppliedUpgrade(version: upgrade.version, name: name, isScript: false, checksum: nil,
                                              appliedAt: now))
            }
        }
        if !plan.upgrades.isEmpty, try Int.fetchOne(db, sql: "PRAGMA schema_version") != schemaVersionBeforeUpgrades {
            // An upgrade changed the schema (made an index, a trigger, a table of its own…): plan
            // what is left from the database as it is now, so that a rebuild keeps what it made.
            let refreshed = try prepare(db, file: context.file).plan
            plan.steps = plan.expandSteps + refreshed.steps.map { step in
                var step = step
                step.phase = .contract
                return step
            }
            plan.undeclared += refreshed.undeclared.filter { new in !plan.undeclared.contains { $0.isSameObject(as: new) } }
            plan.warnings += refreshed.warnings.filter { !plan.warnings.contains($0) }
        }
        for step in plan.contractSteps {
            try run(step, in: db, statements: &statements)
        }

        // Check what the steps and upgrades changed (a sync that only records a version changed
        // nothing): foreign keys, views and triggers that still work; then, always, the live
        // schema against the declared one.
        if !plan.isEmpty {
            if let violation = try foreignKeyViolations(in: db).first {
                throw ReconcileError.foreignKeyViolation(table: violation.table, columns: violation.columns,
                                                         parent: violation.parent, rows: violation.rows)
            }
            let brokenBefore = Set(context.brokenBefore.flatMap(\.keys))
            let broken = try SchemaInspector().brokenObjects(db).filter { !brokenBefore.isSuperset(of: $0.keys) }
            if !broken.isEmpty {
                throw ReconcileError.brokenObjects(broken)
            }
        }
        let (live, _) = try Self.inspect(db)
        let remaining: SchemaDiff
        do {
            remaining = try SchemaDiff(declared: context.file.schema, drop: context.drop, live: live)
        } catch let error as DiffError {
            throw ReconcileError.verificationFailed([error.description])
        }
        if !remaining.changes.isEmpty {
            throw ReconcileError.verificationFailed(remaining.changes.map(\.description))
        }
        // An undeclared object that an upgrade removed is no longer kept: say nothing of it.
        let gone = plan.undeclared.filter { kept in !remaining.undeclared.contains { $0.isSameObject(as: kept) } }
        let warnings = plan.warnings.filter { warning in !gone.contains { $0.description == warning } }

        // Store the new state.
        for sql in StoredState.createStatements {
            try db.execute(sql: sql)
        }
        let state = StoredState(
            version: plan.toVersion, fingerprint: context.fingerprint,
            schemaVersion: try Int.fetchOne(db, sql: "PRAGMA schema_version"),
            scriptPaths: context.file.upgrades.flatMap(\.scripts).map(\.path), warnings: warnings)
        try state.write(db)
        for upgrade in applied {
            try StoredState.record(upgrade, in: db)
        }
        return SyncReport(plan: plan, statements: statements, upgrades: plan.upgrades, warnings: warnings,
                          version: plan.toVersion, didChange: true)
    }

    // MARK: Steps

    private func run(_ step: Step, in db: Database, statements: inout [String]) throws {
        for check in step.checks {
            guard let rows = try? Int.fetchOne(db, sql: check.sql), rows > 0 else { continue }
            throw ReconcileError.dataDoesNotFit(table: check.table, constraint: check.constraint, rows: rows,
                                                advice: check.advice)
        }
        for sql in step.statements {
            do {
                // One statement each: a definition can never smuggle in a second one.
                try db.makeStatement(sql: sql).execute()
            } catch let error as DatabaseError {
                var message = (error.message ?? error.description)
                    .replacingOccurrences(of: Planner.temporaryPrefix, with: "")
                if case .rebuild = step.method, sql.hasPrefix("CREATE TABLE \"\(Planner.temporaryPrefix)"),
                   message.contains("no such column"), let table = step.table {
                    message += " (a rebuild creates the new \(table) under a temporary name first, so its CHECK, "
                        + "DEFAULT and generated expressions cannot name its columns as \(table).column: "
                        + "write the column names alone)"
                }
                throw ReconcileError.stepFailed(phase: step.phase, step: step.summary, table: step.table,
                                                statement: sql.replacingOccurrences(of: Planner.temporaryPrefix, with: ""),
                                                message: message)
            }
            statements.append(sql)
        }
    }

    // MARK: Code upgrades

    /// Runs a code upgrade; one that ends the sync's transaction fails, whatever it threw.
    private func run(_ code: Reconciler.CodeUpgrade, in db: Database) throws {
        var failure: (any Error)?
        do {
            try code.body(db)
        } catch {
            failure = error
        }
        // Ended by a ROLLBACK or a refused COMMIT: stop before anything else runs.
        if !db.isInsideTransaction {
            throw ReconcileError.codeUpgradeFailed(version: code.version, name: code.name, message: CommitGuard.message)
        }
        if let failure {
            throw ReconcileError.codeUpgradeFailed(version: code.version, name: code.name,
                                                   message: Reconciler.message(of: failure))
        }
    }

    // MARK: Upgrade scripts

    /// Runs a script statement by statement with SQLite's own parser, so that semicolons in
    /// strings, comments and trigger bodies are never mistaken for statement ends.
    private func run(_ script: UpgradeScript, version: SemanticVersion, in db: Database) throws {
        let text = script.sql
        let utf8 = Array(text.utf8)
        var offset = 0   // UTF-8 offset just past the last statement found
        func lineAndPreview(from start: Int) -> (Int, String) {
            let rest = String(decoding: utf8[start...], as: UTF8.self)
            let tokens = Array(SQLTokenizer.tokens(in: rest).drop { $0.isSymbol(";") })
            guard let first = tokens.first else { return (line(at: start), "") }
            let firstOffset = start + first.range.lowerBound
            let end = tokens.firstIndex { $0.isSymbol(";") } ?? tokens.count - 1
            let preview = SQLText.text(of: tokens[0...max(0, min(end, tokens.count - 1))], in: rest)
            return (line(at: firstOffset), preview)
        }
        func line(at position: Int) -> Int {
            // Lines end with LF, CRLF or a lone CR.
            let before = utf8[..<min(position, utf8.count)]
            return 1 + zip(before, before.dropFirst().map(Optional.some) + [nil]).reduce(0) { count, pair in
                count + (pair.0 == 10 || (pair.0 == 13 && pair.1 != 10) ? 1 : 0)
            }
        }
        let statements = try db.allStatements(sql: text)
        while true {
            let statement: Statement?
            do {
                statement = try statements.next()
            } catch let error as DatabaseError {
                let (line, preview) = lineAndPreview(from: offset)
                throw ReconcileError.upgradeFailed(version: version, script: script.path, line: line,
                                                   statement: preview, message: error.message ?? error.description)
            }
            guard let statement else { break }
            let sql = statement.sql
            let start: Int
            if let found = Self.find(Array(sql.utf8), in: utf8, from: offset) {
                start = found
                offset = found + sql.utf8.count
            } else {
                start = offset
            }
            do {
                try statement.execute()
                // Ended by a ROLLBACK (a COMMIT is refused by the commit guard): stop before anything else runs.
                guard db.isInsideTransaction else {
                    throw DatabaseError(resultCode: .SQLITE_ABORT, message: CommitGuard.message)
                }
            } catch let error as DatabaseError {
                let (line, preview) = lineAndPreview(from: start)
                let message = error.message ?? error.description
                throw ReconcileError.upgradeFailed(
                    version: version, script: script.path, line: line, statement: preview,
                    message: message.contains("within a transaction") ? message + "; " + CommitGuard.message : message)
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

    // MARK: Foreign keys

    struct Violation {
        var table: String
        var foreignKey: Int
        var columns: [String]
        var parent: String
        var rows: Int
    }

    /// `PRAGMA foreign_key_check` over the whole database, counted per foreign key, in the
    /// order SQLite reports them, each with its child columns.
    private func foreignKeyViolations(in db: Database) throws -> [Violation] {
        var result: [Violation] = []
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let table: String = row[0]
            let parent: String = row[2]
            let foreignKey: Int = row[3] ?? -1
            if let index = result.firstIndex(where: { $0.table == table && $0.foreignKey == foreignKey }) {
                result[index].rows += 1
                continue
            }
            let columns = try Row.fetchAll(db, sql: "PRAGMA main.foreign_key_list(\(SQLText.quote(table)))")
                .filter { ($0["id"] as Int?) == foreignKey }
                .sorted { ($0["seq"] as Int? ?? 0) < ($1["seq"] as Int? ?? 0) }
                .compactMap { $0["from"] as String? }
            result.append(Violation(table: table, foreignKey: foreignKey, columns: columns, parent: parent, rows: 1))
        }
        return result
    }
}
