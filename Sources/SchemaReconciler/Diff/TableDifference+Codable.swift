// MARK: - TableDifference as JSON

extension TableDifference {
    private enum CodingKeys: String, CodingKey {
        case kind, column, from, to, isAdded, columns, expression, parent, constraint, description
    }

    /// Writes `{"kind": "columnNotNull", "column": "email", "isAdded": true, "description": …}`:
    /// the case's name, its fields (a nil one left out), and the description, which reading ignores.
    /// A conflict resolution is written as schema.yaml writes it: `{"kind": "conflictResolution",
    /// "constraint": {"kind": "notNull", "column": "title", …}, "to": "replace", …}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .columnType(let column, let from, let to), .columnDefault(let column, let from, let to),
             .columnCollation(let column, let from, let to), .columnGenerated(let column, let from, let to):
            try container.encode(column, forKey: .column)
            try container.encodeIfPresent(from, forKey: .from)
            try container.encodeIfPresent(to, forKey: .to)
        case .columnNotNull(let column, let isAdded):
            try container.encode(column, forKey: .column)
            try container.encode(isAdded, forKey: .isAdded)
        case .primaryKey(let from, let to), .columnOrder(let from, let to):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        case .autoincrement(let isAdded), .strict(let isAdded), .withoutRowID(let isAdded):
            try container.encode(isAdded, forKey: .isAdded)
        case .unique(let columns, let isAdded):
            try container.encode(columns, forKey: .columns)
            try container.encode(isAdded, forKey: .isAdded)
        case .check(let expression, let isAdded):
            try container.encode(expression, forKey: .expression)
            try container.encode(isAdded, forKey: .isAdded)
        case .foreignKey(let columns, let parent, let isAdded):
            try container.encode(columns, forKey: .columns)
            try container.encode(parent, forKey: .parent)
            try container.encode(isAdded, forKey: .isAdded)
        case .constraintName(let constraint, let from, let to):
            try container.encode(constraint, forKey: .constraint)
            try container.encodeIfPresent(from, forKey: .from)
            try container.encodeIfPresent(to, forKey: .to)
        case .conflictResolution(let constraint, let from, let to):
            try container.encode(constraint, forKey: .constraint)
            try container.encodeIfPresent(from, forKey: .from)
            try container.encodeIfPresent(to, forKey: .to)
        }
        try container.encode(kind, forKey: .kind)
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func optional(_ key: CodingKeys) throws -> String? { try container.decodeIfPresent(String.self, forKey: key) }
        func strings(_ key: CodingKeys) throws -> [String] { try container.decode([String].self, forKey: key) }
        func isAdded() throws -> Bool { try container.decode(Bool.self, forKey: .isAdded) }
        let kind = try string(.kind)
        switch kind {
        case "columnType": self = .columnType(column: try string(.column), from: try optional(.from), to: try optional(.to))
        case "columnNotNull": self = .columnNotNull(column: try string(.column), isAdded: try isAdded())
        case "columnDefault": self = .columnDefault(column: try string(.column), from: try optional(.from), to: try optional(.to))
        case "columnCollation":
            self = .columnCollation(column: try string(.column), from: try optional(.from), to: try optional(.to))
        case "columnGenerated":
            self = .columnGenerated(column: try string(.column), from: try optional(.from), to: try optional(.to))
        case "primaryKey": self = .primaryKey(from: try strings(.from), to: try strings(.to))
        case "autoincrement": self = .autoincrement(isAdded: try isAdded())
        case "unique": self = .unique(columns: try strings(.columns), isAdded: try isAdded())
        case "check": self = .check(expression: try string(.expression), isAdded: try isAdded())
        case "foreignKey": self = .foreignKey(columns: try strings(.columns), parent: try string(.parent), isAdded: try isAdded())
        case "strict": self = .strict(isAdded: try isAdded())
        case "withoutRowID": self = .withoutRowID(isAdded: try isAdded())
        case "columnOrder": self = .columnOrder(from: try strings(.from), to: try strings(.to))
        case "constraintName":
            self = .constraintName(constraint: try container.decode(Constraint.self, forKey: .constraint),
                                   from: try optional(.from), to: try optional(.to))
        case "conflictResolution":
            self = .conflictResolution(constraint: try container.decode(Constraint.self, forKey: .constraint),
                                       from: try container.decodeIfPresent(ConflictResolution.self, forKey: .from),
                                       to: try container.decodeIfPresent(ConflictResolution.self, forKey: .to))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a table difference: \(kind)")
        }
    }

    /// The case's name: `columnType`, `unique`, `constraintName`…
    private var kind: String {
        switch self {
        case .columnType: "columnType"
        case .columnNotNull: "columnNotNull"
        case .columnDefault: "columnDefault"
        case .columnCollation: "columnCollation"
        case .columnGenerated: "columnGenerated"
        case .primaryKey: "primaryKey"
        case .autoincrement: "autoincrement"
        case .unique: "unique"
        case .check: "check"
        case .foreignKey: "foreignKey"
        case .strict: "strict"
        case .withoutRowID: "withoutRowID"
        case .columnOrder: "columnOrder"
        case .constraintName: "constraintName"
        case .conflictResolution: "conflictResolution"
        }
    }
}
