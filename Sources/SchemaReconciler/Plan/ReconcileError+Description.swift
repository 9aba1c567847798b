import Foundation
import GRDB

// MARK: - ReconcileError in words

extension ReconcileError: CustomStringConvertible, LocalizedError {
    /// What failed, in words a user can act on: the step, the table and column or the script
    /// and its line, the statement, and SQLite's message. Further lines are indented.
    public var description: String {
        switch self {
        case .invalidSchema(let error):
            return error.description
        case .invalidDatabasePath(let path, let problem):
            let why = switch problem {
            case .notAFilePath: "the database must be given as the path of a file"
            case .isDirectory: "it is a directory, not a database file"
            case .directoryMissing: "the directory \(URL(fileURLWithPath: path).deletingLastPathComponent().path) does not exist"
            case .fileMissing: "there is no such file"
            case .noMatch: "the pattern matches no database file"
            case .noLongerExists:
                "the file no longer exists (removed or renamed after the databases were listed); "
                    + "nothing was created in its place"
            }
            return "cannot use the database \(path): \(why)"
        case .cannotOpenDatabase(let path, let error):
            return "cannot read the database \(path): \(Self.message(of: error))"
        case .database(let error):
            if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                return "the database is busy: another connection held it for longer than the busy timeout "
                    + "(\(Self.message(of: error))); try again when it is free. Nothing was changed."
            }
            return "SQLite refused the sync: \(Self.message(of: error)). Nothing was changed."
        case .insideTransaction:
            return "sync was called inside an open transaction; call it outside any transaction "
                + "(it opens its own, so that the whole sync commits or rolls back as one)"
        case .databaseIsNewer(let stored, let declared):
            return "the database is at version \(stored), newer than schema.yaml's \(declared): "
                + "an older app is opening a newer database. Nothing was changed. "
                + "(Update the app, or allow it explicitly with the allow-newer-database option.)"
        case .legacyVersionTooHigh(let legacy, let declared):
            return "the legacy version \(legacy), assumed for a database that was never synced, is above "
                + "schema.yaml's version \(declared); give a legacy version no higher than \(declared). Nothing was changed."
        case .codeUpgradeAboveVersion(let name, let version, let declared):
            return "the code upgrade \(name) is registered for version \(version), above schema.yaml's version "
                + "\(declared): bump `version` to run it. Nothing was changed."
        case .cannotInspect(let object, let message):
            return "cannot read the live schema: \(object): \(message). Nothing was changed."
        case .cannotDiff(let error):
            return "\(error). Nothing was changed."
        case .cannotPlan(let error):
            return "\(error). Nothing was changed."
        case .stepFailed(let step, let statement, let error):
            return Self.stepFailure(step, statement: statement, error: error)
        case .dataDoesNotFit(let violations):
            return violations.map(\.description).joined(separator: "\n  ")
                + (violations.count > 1 ? "\n  " : ". ") + "The database was rolled back; nothing was changed."
        case .foreignKeyViolation(let violation):
            return "\(violation.orphans), more than before the sync: it made them; fix or delete them in an upgrade "
                + "script. The database was rolled back; nothing was changed."
        case .brokenObjects(let objects):
            return Self.brokenObjects(objects)
        case .upgradeFailed(let upgrade, let line, let statement, let error):
            return "upgrade \(upgrade.version) failed: \(upgrade.name):\(line): \(Self.scriptMessage(of: error))\n"
                + "  statement: \(statement)\n  The database was rolled back; nothing was changed."
        case .seedFailed(let path, let line, let statement, let error):
            return "seed failed: \(path):\(line): \(Self.scriptMessage(of: error))\n  statement: \(statement)\n"
                + "  The database was rolled back; nothing was changed."
        case .codeUpgradeFailed(let upgrade, let error):
            let message = (error as? DatabaseError).map(Self.message(of:)) ?? String(describing: error)
            return "upgrade \(upgrade.version) (\(upgrade.name)) failed: \(message). "
                + "The database was rolled back; nothing was changed."
        case .hazardsDenied(let denied):
            let kinds = Array(Set(denied.map(\.hazard.kind.rawValue))).sorted().joined(separator: ", ")
            return "the plan has hazards that are denied (\(kinds)); nothing was changed:\n  "
                + denied.map(\.description).joined(separator: "\n  ")
        case .verificationFailed(let changes):
            return "after applying the plan the database still differs from schema.yaml "
                + "(this is a bug in the reconciler; please report it). The database was rolled back.\n  "
                + changes.joined(separator: "\n  ")
        case .cancelled:
            return "interrupted before it committed; nothing was changed"
        case .foreignKeysLeftOff:
            return "SQLite did not turn foreign key enforcement back on for this connection after the sync turned it "
                + "off for its table rebuilds; run PRAGMA foreign_keys = ON on the connection, or close it, before using it"
        case .notEnoughDiskSpace(let tables, let needed, let available, let path):
            return Self.shortage(of: tables, needed: needed, available: available, path: path)
        case .databaseFull(let step, let path, _):
            return Self.outOfRoom(at: step, path: path)
        case .syncNeededBeforeFinish(let stored, let declared):
            let now = stored.map { "is at version \($0)" } ?? "was never synced"
            return "the database \(now) and schema.yaml declares version \(declared): run a sync first; finishing only does "
                + "the work a sync left for later. Nothing was changed."
        case .legacyRecordNotMapped(let source, let records):
            return Self.legacyRecordNotMapped(source: source, records: records)
        case .legacyColumnMissing(let source):
            return "schema.yaml's legacy.source is \(source), and the database's table \(source.table ?? "") has no column "
                + "\(source.column ?? ""): name the table and column that hold the old tool's record "
                + "(legacy.source: TABLE.COLUMN). Nothing was changed."
        }
    }

    /// The same text as ``description``, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }

    // MARK: Parts

    /// SQLite's message for a statement of a script, and, when the statement ended the sync's
    /// transaction, what the sync needs of it.
    private static func scriptMessage(of error: DatabaseError) -> String {
        let message = Self.message(of: error)
        if message.contains("within a transaction") || error.resultCode == .SQLITE_ABORT, message != CommitGuard.message {
            return message + "; " + CommitGuard.message
        }
        return message
    }

    /// SQLite's own message, without the reconciler's temporary names.
    static func message(of error: DatabaseError) -> String {
        (error.message ?? error.description).replacingOccurrences(of: Planner.temporaryPrefix, with: "")
    }

    private static func stepFailure(_ step: Step, statement: String, error: DatabaseError) -> String {
        var message = Self.message(of: error)
        if step.method == .rebuild, statement.hasPrefix("CREATE TABLE \"\(Planner.temporaryPrefix)"),
           message.contains("no such column"), let table = step.table {
            message += " (a rebuild creates the new \(table) under a temporary name first, so its CHECK, "
                + "DEFAULT and generated expressions cannot name its columns as \(table).column: "
                + "write the column names alone)"
        }
        let what = step.table.map { " on table \($0)" } ?? ""
        return "\(step.phase.rawValue) step failed\(what): \(step)\n"
            + "  statement: \(statement.replacingOccurrences(of: Planner.temporaryPrefix, with: ""))\n"
            + "  SQLite: \(message)\n  The database was rolled back; nothing was changed."
    }

    /// Records the `legacy` section cannot place, and the key to add.
    private static func legacyRecordNotMapped(source: LegacyRecord.Source, records: [LegacyRecord.Value]) -> String {
        let add = "under legacy.versions in schema.yaml. Nothing was changed."
        let keys = records.map { "`\($0): <the app version it stands for>`" }.joined(separator: " and ")
        guard source.isNumeric else {
            let listed = records.map { "'\($0)'" }.joined(separator: ", ")
            return "the database's \(source) holds the migration\(records.count == 1 ? "" : "s") \(listed), which "
                + "legacy.versions in schema.yaml does not list, so the app version of the database is unknown: add \(keys) "
                + add
        }
        if case .number = records.first, records.count == 1 {
            return "the database's legacy record \(source) = \(records[0]) is above every key of legacy.versions in "
                + "schema.yaml, so the app version it stands for is unknown: add \(keys) " + add
        }
        // The values of a numeric source that are not whole numbers.
        let values = records.map { "'\($0)'" }
        return "the database's \(source) holds \(values.joined(separator: ", ")), which \(values.count == 1 ? "is" : "are") "
            + "not a whole number: the records of \(source) are whole numbers; name the column that holds the version "
            + "in legacy.source. Nothing was changed."
    }

    private static func brokenObjects(_ objects: [BrokenObject]) -> String {
        if objects.allSatisfy(\.isDeclared) { return declaredObjectsBroken(objects) }
        let one = objects.count == 1
        let what = one
            ? "\(objects[0].subject) unusable: \(objects[0].message)"
            : "these views and triggers unusable:" + objects.map { "\n  \($0.description)" }.joined()
        return "the sync would leave \(what)\n  "
            + "\(one ? "It uses" : "They use") a table or column that the sync removes or changes: "
            + "list \(one ? "it" : "them") under drop (views: or triggers:), or declare "
            + "\(one ? "it" : "them") in schema.yaml with a definition that fits the new schema. "
            + "The database was rolled back; nothing was changed."
    }

    /// Declared views and triggers that compile against the declared tables (the loader checks
    /// that) but not against the database after the sync: they name a table that neither has.
    private static func declaredObjectsBroken(_ objects: [BrokenObject]) -> String {
        let one = objects.count == 1
        let what = one
            ? "\(objects[0].subject), declared in schema.yaml, cannot be used: \(objects[0].message)"
            : "these views and triggers, declared in schema.yaml, cannot be used:"
                + objects.map { "\n  \($0.description)" }.joined()
        return "\(what)\n  \(one ? "It names" : "They name") a table that schema.yaml does not declare and that the "
            + "database does not hold after the sync (one the file drops, or a misspelt name): correct the SQL in "
            + "schema.yaml, or declare the table. "
            + "The database was rolled back; nothing was changed."
    }
}

// MARK: - CustomNSError

extension ReconcileError: CustomNSError {
    /// `SchemaReconciler.ReconcileError`.
    public static var errorDomain: String { "SchemaReconciler.ReconcileError" }

    /// A code for each case, stable across versions: its ``kind``'s place in `Kind.allCases`,
    /// counted from 1.
    public var errorCode: Int {
        (Kind.allCases.firstIndex(of: kind) ?? 0) + 1
    }

    /// The description, and the SQLite error behind it as the underlying error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let databaseError { info[NSUnderlyingErrorKey] = databaseError as NSError }
        return info
    }
}
