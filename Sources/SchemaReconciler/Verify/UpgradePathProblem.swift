// MARK: - UpgradePathProblem

/// What went wrong on the upgrade path from one release to the current schema file.
///
/// ```swift
/// for problem in result.problems {
///     print(problem.table ?? "-", problem.column ?? "-", problem)
/// }
/// // users handle the sync failed: table users: 4 rows violate NOT NULL on handle; …
/// ```
public enum UpgradePathProblem: Sendable, CustomStringConvertible {
    /// The release's own file could not build a database.
    case releaseCannotBeBuilt(ReconcileError)
    /// The sync from the release's database failed, with the sync's own error.
    case syncFailed(ReconcileError)
    /// After the sync, the schema differs from a new database built from the current file:
    /// `changes` a sync would still make, and objects the current file neither declares nor drops.
    case schemaDiffers(changes: [Change], undeclared: [UndeclaredObject])
    /// Rows of a release table are gone, though no upgrade deleted rows there and `drop` does
    /// not name the table.
    case rowsLost(table: String, releaseTable: String, count: Int, of: Int)
    /// Values of a release column are gone or changed, though no upgrade updated them and `drop`
    /// does not name the column; `expected` and `found` show the first, as SQL literals.
    case valuesLost(table: String, column: String, releaseColumn: String, count: Int, expected: String, found: String?)
    /// Upgrades that should have run from this release did not.
    case upgradesNotRun([Upgrade])
    /// A second sync right after the first still had something to do.
    case secondSyncNotIdle(steps: [Step], upgrades: [Upgrade])
    /// After the sync, rows of the release reference a missing parent row: every row verify
    /// writes has its parent, so the sync or an upgrade lost it. Checked over the whole
    /// database, where a sync checks only the tables its steps could affect.
    case orphanRows(ForeignKeyViolationCount)

    // MARK: Where

    /// The table the problem is in, when there is one.
    public var table: String? {
        switch self {
        case .releaseCannotBeBuilt(let error), .syncFailed(let error):
            return error.subject.table
        case .schemaDiffers(let changes, let undeclared):
            return changes.first?.table ?? undeclared.first.map { $0.kind == .column || $0.kind == .index ? $0.table ?? $0.name : $0.name }
        case .rowsLost(let table, _, _, _), .valuesLost(let table, _, _, _, _, _):
            return table
        case .orphanRows(let count):
            return count.table
        case .upgradesNotRun, .secondSyncNotIdle:
            return nil
        }
    }

    /// The column the problem is in, when there is one.
    public var column: String? {
        switch self {
        case .releaseCannotBeBuilt(let error), .syncFailed(let error):
            return error.subject.column
        case .valuesLost(_, let column, _, _, _, _):
            return column
        case .orphanRows(let count):
            return count.columns.first
        case .schemaDiffers(let changes, let undeclared):
            if let change = changes.first {
                switch change {
                case .addColumn(_, let column), .dropColumn(_, let column), .renameColumn(_, _, let column): return column
                default: return nil
                }
            }
            return undeclared.first.flatMap { $0.kind == .column ? $0.name : nil }
        default:
            return nil
        }
    }

    // MARK: In words

    /// `table users, column handle: the sync failed: …`.
    public var description: String {
        let place = [table.map { "table \($0)" }, column.map { "column \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return (place.isEmpty ? "" : place + ": ") + summary
    }

    /// `column notes.person_id is left over: …`.
    private static func leftover(_ object: UndeclaredObject) -> String {
        let what = object.table.map { object.kind == .column ? "\($0).\(object.name)" : "\(object.name) on \($0)" } ?? object.name
        return "\(object.kind) \(what) is left over: the current file neither declares it nor lists it under drop"
    }

    private var summary: String {
        switch self {
        case .releaseCannotBeBuilt(let error):
            return "the release's own file cannot build a database: \(error)"
        case .syncFailed(let error):
            return "the sync failed: \(error)"
        case .schemaDiffers(let changes, let undeclared):
            let items = changes.map { "a sync would still \($0)" } + undeclared.map(Self.leftover)
            return "after the sync the schema differs from a new database built from the current file: "
                + items.joined(separator: "; ")
        case .rowsLost(_, let releaseTable, let count, let total):
            return "\(count) of the \(total) rows of the release's table \(releaseTable) are gone, "
                + "though no upgrade deleted rows there and drop does not name the table"
        case .valuesLost(_, _, let releaseColumn, let count, let expected, let found):
            return "\(count) value\(count == 1 ? "" : "s") of the release's column \(releaseColumn) "
                + "\(count == 1 ? "is" : "are") gone or changed (expected \(expected), found \(found ?? "no such row")), "
                + "though no upgrade updated \(count == 1 ? "it" : "them") and drop does not name the column"
        case .upgradesNotRun(let upgrades):
            return "these upgrades should have run and did not: " + upgrades.map(\.description).joined(separator: ", ")
        case .secondSyncNotIdle(let steps, let upgrades):
            return "a second sync still had work to do: "
                + (steps.map(\.description) + upgrades.map(\.description)).joined(separator: "; ")
        case .orphanRows(let count):
            return "after the sync, \(count.rows) row\(count.rows == 1 ? "" : "s") reference\(count.rows == 1 ? "s" : "") "
                + "missing rows of \(count.parent) (FOREIGN KEY (\(count.columns.joined(separator: ", "))) REFERENCES \(count.parent)), "
                + "though every row verify wrote had its parent"
        }
    }
}

// MARK: - What an error is about

extension ReconcileError {
    /// The table and column the error names, when it names one.
    package var subject: (table: String?, column: String?) {
        switch self {
        case .dataDoesNotFit(let violations):
            guard let violation = violations.first else { return (nil, nil) }
            return (violation.table, violation.constraint.columns.first)
        case .stepFailed(let step, _, _):
            switch step.action {
            case .addColumn(_, let column, _), .dropColumn(_, let column), .renameColumn(_, _, let column):
                return (step.table, column)
            default:
                return (step.table, nil)
            }
        case .foreignKeyViolation(let count):
            return (count.table, count.columns.first)
        case .verificationFailed(let changes):
            return (changes.first?.table, nil)
        default:
            return (nil, nil)
        }
    }
}

extension Constraint {
    /// The columns the constraint is on (none for CHECK and WITHOUT ROWID).
    package var columns: [String] {
        switch self {
        case .notNull(let column), .strictType(let column, _): [column]
        case .unique(let columns), .primaryKey(let columns), .foreignKey(let columns, _): columns
        case .check, .withoutRowID: []
        }
    }
}
