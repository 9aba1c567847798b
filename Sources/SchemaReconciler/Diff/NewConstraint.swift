// MARK: - NewConstraint

/// A constraint a change adds, which existing rows could violate: such changes run in the
/// contract step, after upgrades, so that an upgrade can make the data fit first.
///
/// ```swift
/// NewConstraint.unique(columns: ["email"]).description // "UNIQUE (email)"
/// ```
public enum NewConstraint: Sendable, Equatable, CustomStringConvertible {
    /// A column becomes NOT NULL.
    case notNull(column: String)
    /// A set of columns becomes UNIQUE.
    case unique(columns: [String])
    /// The primary key changes.
    case primaryKey(columns: [String])
    /// A CHECK expression is added.
    case check(expression: String)
    /// A foreign key is added or changed.
    case foreignKey(columns: [String], table: String)
    /// The table becomes STRICT.
    case strictTypes
    /// A column of a STRICT table changes type.
    case type(column: String)
    /// The table becomes WITHOUT ROWID (its primary key must then be unique and not null).
    case withoutRowID

    public var description: String {
        switch self {
        case .notNull(let column): return "NOT NULL on \(column)"
        case .unique(let columns): return "UNIQUE (\(columns.joined(separator: ", ")))"
        case .primaryKey(let columns): return "PRIMARY KEY (\(columns.joined(separator: ", ")))"
        case .check(let expression): return "CHECK (\(expression))"
        case .foreignKey(let columns, let table): return "FOREIGN KEY (\(columns.joined(separator: ", "))) REFERENCES \(table)"
        case .strictTypes: return "STRICT"
        case .type(let column): return "the type of \(column)"
        case .withoutRowID: return "WITHOUT ROWID"
        }
    }
}
