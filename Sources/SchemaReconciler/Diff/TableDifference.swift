// MARK: - TableDifference

/// One way a live table differs from its declaration: the part that differs, and what it is
/// now and what it is declared to be. Column names are the declared ones.
///
/// ```swift
/// let difference = TableDifference.columnNotNull(column: "email", isAdded: true)
/// print(difference) // column email: NOT NULL added
/// ```
package enum TableDifference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The declared type changed (nil for a column without a type).
    case columnType(column: String, from: String?, to: String?)
    /// NOT NULL is added or removed.
    case columnNotNull(column: String, isAdded: Bool)
    /// The default changed; each side is the SQL after `DEFAULT`, nil for none.
    case columnDefault(column: String, from: String?, to: String?)
    /// The collation changed (nil for the default, BINARY).
    case columnCollation(column: String, from: String?, to: String?)
    /// The expression of a generated column changed, or whether it is stored; each side is
    /// `expression STORED` or `expression VIRTUAL`, nil for a column that is not generated.
    case columnGenerated(column: String, from: String?, to: String?)
    /// The primary key's columns changed.
    case primaryKey(from: [String], to: [String])
    /// AUTOINCREMENT is added or removed.
    case autoincrement(isAdded: Bool)
    /// A UNIQUE constraint is added or removed.
    case unique(columns: [String], isAdded: Bool)
    /// A CHECK constraint is added or removed.
    case check(expression: String, isAdded: Bool)
    /// A foreign key is added or removed (a changed one is removed and added).
    case foreignKey(columns: [String], parent: String, isAdded: Bool)
    /// The table becomes STRICT, or stops being STRICT.
    case strict(isAdded: Bool)
    /// The table becomes WITHOUT ROWID, or gets a rowid again.
    case withoutRowID(isAdded: Bool)
    /// The columns are in another order (undeclared columns kept last).
    case columnOrder(from: [String], to: [String])
    /// A constraint that both have is named otherwise (nil for no name): the file names it
    /// (`name:`), and the database gives it another name or none, or the file says `name: null`.
    case constraintName(constraint: Constraint, from: String?, to: String?)
    /// A NOT NULL, PRIMARY KEY or UNIQUE constraint that both have resolves conflicts otherwise
    /// (nil for none, which is ABORT, SQLite's default): `on_conflict` says one thing, and the
    /// database another.
    case conflictResolution(constraint: Constraint, from: ConflictResolution?, to: ConflictResolution?)

    /// The column the difference is about, if it is about one column.
    package var column: String? {
        switch self {
        case .columnType(let column, _, _), .columnNotNull(let column, _), .columnDefault(let column, _, _),
             .columnCollation(let column, _, _), .columnGenerated(let column, _, _):
            return column
        default:
            return nil
        }
    }

    /// Whether the difference gives a column a type of another affinity.
    package var changesAffinity: Bool {
        guard case .columnType(_, let from, let to) = self else { return false }
        return TypeAffinity(declaredType: from) != TypeAffinity(declaredType: to)
    }

    package var description: String {
        func text(_ value: String?, none: String = "(none)") -> String { value ?? none }
        func list(_ columns: [String]) -> String { "(" + columns.joined(separator: ", ") + ")" }
        func change(_ isAdded: Bool) -> String { isAdded ? "added" : "removed" }
        switch self {
        case .columnType(let column, let from, let to):
            return "column \(column): type \(text(from)) → \(text(to))"
        case .columnNotNull(let column, let isAdded):
            return "column \(column): NOT NULL \(change(isAdded))"
        case .columnDefault(let column, let from, let to):
            return "column \(column): default \(text(from)) → \(text(to))"
        case .columnCollation(let column, let from, let to):
            return "column \(column): collation \(text(from, none: "BINARY")) → \(text(to, none: "BINARY"))"
        case .columnGenerated(let column, let from, let to):
            return "column \(column): generated as \(text(from)) → \(text(to))"
        case .primaryKey(let from, let to):
            return "primary key \(list(from)) → \(list(to))"
        case .autoincrement(let isAdded):
            return "AUTOINCREMENT \(change(isAdded))"
        case .unique(let columns, let isAdded):
            return "UNIQUE \(list(columns)) \(change(isAdded))"
        case .check(let expression, let isAdded):
            return "CHECK (\(expression)) \(change(isAdded))"
        case .foreignKey(let columns, let parent, let isAdded):
            return "FOREIGN KEY \(list(columns)) REFERENCES \(parent) \(change(isAdded))"
        case .strict(let isAdded):
            return "STRICT \(change(isAdded))"
        case .withoutRowID(let isAdded):
            return "WITHOUT ROWID \(change(isAdded))"
        case .columnOrder(let from, let to):
            return "column order \(list(from)) → \(list(to))"
        case .constraintName(let constraint, let from, let to):
            return "name of \(constraint): \(text(from)) → \(text(to))"
        case .conflictResolution(let constraint, let from, let to):
            return "ON CONFLICT of \(constraint): \(text(from?.sql)) → \(text(to?.sql))"
        }
    }
}
