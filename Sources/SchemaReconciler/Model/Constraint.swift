// MARK: - Constraint

/// A constraint that a sync adds and that existing rows could violate.
///
/// Such changes run in the contract step, after the upgrades, so that an upgrade can make the data
/// fit first; each is preceded by a count of the rows that would violate it.
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

// MARK: - Codable

extension Constraint {
    private enum CodingKeys: String, CodingKey {
        case kind, column, columns, expression, parent, type, description
    }

    /// Writes `{"kind": "notNull", "column": "slug", "description": "NOT NULL on slug"}`: the
    /// case's name, its fields, and the description, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .notNull(let column):
            try container.encode("notNull", forKey: .kind)
            try container.encode(column, forKey: .column)
        case .unique(let columns):
            try container.encode("unique", forKey: .kind)
            try container.encode(columns, forKey: .columns)
        case .primaryKey(let columns):
            try container.encode("primaryKey", forKey: .kind)
            try container.encode(columns, forKey: .columns)
        case .check(let expression):
            try container.encode("check", forKey: .kind)
            try container.encode(expression, forKey: .expression)
        case .foreignKey(let columns, let parent):
            try container.encode("foreignKey", forKey: .kind)
            try container.encode(columns, forKey: .columns)
            try container.encode(parent, forKey: .parent)
        case .strictType(let column, let type):
            try container.encode("strictType", forKey: .kind)
            try container.encode(column, forKey: .column)
            try container.encode(type, forKey: .type)
        case .withoutRowID:
            try container.encode("withoutRowID", forKey: .kind)
        }
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "notNull": self = .notNull(column: try container.decode(String.self, forKey: .column))
        case "unique": self = .unique(columns: try container.decode([String].self, forKey: .columns))
        case "primaryKey": self = .primaryKey(columns: try container.decode([String].self, forKey: .columns))
        case "check": self = .check(expression: try container.decode(String.self, forKey: .expression))
        case "foreignKey":
            self = .foreignKey(columns: try container.decode([String].self, forKey: .columns),
                               parent: try container.decode(String.self, forKey: .parent))
        case "strictType":
            self = .strictType(column: try container.decode(String.self, forKey: .column),
                               type: try container.decode(String.self, forKey: .type))
        case "withoutRowID": self = .withoutRowID
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a constraint: \(kind)")
        }
    }
}
