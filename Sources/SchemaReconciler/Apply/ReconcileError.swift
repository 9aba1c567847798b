// MARK: - ReconcileError

/// Why a sync (or a dry run) did not happen. Every case says what failed in words a user can
/// act on; after any of them the database is exactly as it was.
///
/// ```swift
/// do {
///     try reconciler.sync(databaseAt: path)
/// } catch let error as ReconcileError {
///     print(error.description)   // one line, plus context
///     exit(error.exitCode)       // 2 for invalid input, 1 otherwise
/// }
/// ```
public enum ReconcileError: Error, Sendable, CustomStringConvertible {
    /// schema.yaml or an upgrade script is invalid; nothing was touched.
    case invalidSchema(SchemaError)
    /// The database cannot be opened or read.
    case unreadableDatabase(path: String, message: String)
    /// `sync` was called inside a transaction the caller opened.
    case insideTransaction
    /// The database was synced by a newer app version than this schema.yaml declares.
    case databaseIsNewer(stored: SemanticVersion, declared: SemanticVersion)
    /// The declared schema cannot be reached from this database.
    case cannotPlan(String)
    /// A schema statement failed.
    case stepFailed(phase: Step.Phase, step: String, table: String?, statement: String, message: String)
    /// Existing rows do not satisfy a constraint the sync adds.
    case dataDoesNotFit(table: String, constraint: NewConstraint, rows: Int, advice: String)
    /// After the sync, rows reference parent rows that do not exist, through the foreign key on
    /// `columns`.
    case foreignKeyViolation(table: String, columns: [String], parent: String, rows: Int)
    /// Views or triggers that worked before the sync would no longer compile after it.
    case brokenObjects([BrokenObject])
    /// An upgrade script failed.
    case upgradeFailed(version: SemanticVersion, script: String, line: Int, statement: String, message: String)
    /// An upgrade registered in code threw.
    case codeUpgradeFailed(version: SemanticVersion, name: String, message: String)
    /// After the steps, the live schema still differs from the declared one (a bug: please report it).
    case verificationFailed([String])

    /// The same error, naming `path` where it named `temporary`.
    func replacingPath(_ temporary: String, with path: String) -> ReconcileError {
        switch self {
        case .unreadableDatabase(let named, let message):
            return .unreadableDatabase(path: named == temporary ? path : named,
                                       message: message.replacingOccurrences(of: temporary, with: path))
        default:
            return self
        }
    }

    /// The process exit status for this error: 2 for invalid input, 1 for anything else.
    public var exitCode: Int32 {
        if case .invalidSchema = self { return 2 }
        return 1
    }

    public var description: String {
        switch self {
        case .invalidSchema(let error):
            return error.description
        case .unreadableDatabase(let path, let message):
            return "error: cannot read the database \(path): \(message)"
        case .insideTransaction:
            return "error: sync was called inside an open transaction; call it outside any transaction "
                + "(it opens its own, so that the whole sync commits or rolls back as one)"
        case .databaseIsNewer(let stored, let declared):
            return "error: the database is at version \(stored), newer than schema.yaml's \(declared): "
                + "an older app is opening a newer database. Nothing was changed. "
                + "(Update the app, or allow it explicitly with the allow-newer-database option.)"
        case .cannotPlan(let message):
            return "error: \(message). Nothing was changed."
        case .stepFailed(let phase, let step, let table, let statement, let message):
            let what = table.map { " on table \($0)" } ?? ""
            return "error: \(phase.rawValue) step failed\(what): \(step)\n  statement: \(statement)\n"
                + "  SQLite: \(message)\n  The database was rolled back; nothing was changed."
        case .dataDoesNotFit(let table, let constraint, let rows, let advice):
            return "error: table \(table): \(rows) row\(rows == 1 ? "" : "s") violate\(rows == 1 ? "s" : "") "
                + "\(constraint.description); \(advice). The database was rolled back; nothing was changed."
        case .foreignKeyViolation(let table, let columns, let parent, let rows):
            return "error: table \(table): \(rows) row\(rows == 1 ? "" : "s") reference\(rows == 1 ? "s" : "") "
                + "missing rows of \(parent) (FOREIGN KEY (\(columns.joined(separator: ", "))) REFERENCES \(parent)); "
                + "fix or delete them in an upgrade script. "
                + "The database was rolled back; nothing was changed."
        case .brokenObjects(let objects):
            let what = objects.count == 1
                ? "\(objects[0].subject) unusable: \(objects[0].message)"
                : "these views and triggers unusable:" + objects.map { "\n  \($0.description)" }.joined()
            return "error: the sync would leave \(what)\n  "
                + "\(objects.count == 1 ? "It uses" : "They use") a table or column that the sync removes or changes: "
                + "list \(objects.count == 1 ? "it" : "them") under drop (views: or triggers:), or declare "
                + "\(objects.count == 1 ? "it" : "them") in schema.yaml with a definition that fits the new schema. "
                + "The database was rolled back; nothing was changed."
        case .upgradeFailed(let version, let script, let line, let statement, let message):
            return "error: upgrade \(version) failed: \(script):\(line): \(message)\n  statement: \(statement)\n"
                + "  The database was rolled back; nothing was changed."
        case .codeUpgradeFailed(let version, let name, let message):
            return "error: upgrade \(version) (\(name)) failed: \(message). "
                + "The database was rolled back; nothing was changed."
        case .verificationFailed(let differences):
            return "error: after applying the plan the database still differs from schema.yaml "
                + "(this is a bug in the reconciler; please report it). The database was rolled back.\n  "
                + differences.joined(separator: "\n  ")
        }
    }
}
