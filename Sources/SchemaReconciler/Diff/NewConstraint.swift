// MARK: - NewConstraint

/// A constraint a change adds, which existing rows could violate: such changes run in the
/// contract step, after upgrades, so that an upgrade can make the data fit first.
///
/// ```swift
/// NewConstraint.unique(columns: ["email"]).description // "UNIQUE (email)"
/// ```
public enum NewConstraint: Sendable, Equatable, CustomStringConvertible {
    case notNull(column: String)
    case unique(columns: [String])
    case primaryKey(columns: [String])
    case check(expression: String)
    case foreignKey(columns: [String], table: String)
    case strictTypes
    case type(column: String)
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
