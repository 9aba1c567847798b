// MARK: - Constraint

/// A constraint that a sync adds and that existing rows could violate. Such changes run in the
/// contract step, after the upgrades, so that an upgrade can make the data fit first; each is
/// preceded by a count of the rows that would violate it.
///
/// ```swift
/// Constraint.unique(columns: ["email"]).description // "UNIQUE (email)"
/// ```
public enum Constraint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A column becomes NOT NULL.
    case notNull(column: String)
    /// A set of columns becomes UNIQUE.
    case unique(columns: [String])
    /// The primary key changes.
    case primaryKey(columns: [String])
    /// A CHECK expression is added.
    case check(expression: String)
    /// A foreign key is added or changed.
    case foreignKey(columns: [String], parent: String)
    /// A column of a STRICT table must hold values of its type.
    case strictType(column: String, type: String)
    /// The table becomes WITHOUT ROWID (its primary key must then be unique and not null).
    case withoutRowID

    public var description: String {
        switch self {
        case .notNull(let column): return "NOT NULL on \(column)"
        case .unique(let columns): return "UNIQUE (\(columns.joined(separator: ", ")))"
        case .primaryKey(let columns): return "PRIMARY KEY (\(columns.joined(separator: ", ")))"
        case .check(let expression): return "CHECK (\(expression))"
        case .foreignKey(let columns, let parent):
            return "FOREIGN KEY (\(columns.joined(separator: ", "))) REFERENCES \(parent)"
        case .strictType(let column, let type): return "the STRICT type \(type) of \(column)"
        case .withoutRowID: return "WITHOUT ROWID"
        }
    }
}
