// MARK: - ReconcileError.DataViolation

extension ReconcileError {
    /// Rows that do not satisfy a constraint a sync adds: the table, the constraint, how many rows,
    /// and enough to say what to do about them.
    ///
    /// ```swift
    /// let violation = ReconcileError.DataViolation(table: "projects", constraint: .notNull(column: "slug"), rows: 1, isNewColumn: true)
    /// print(violation) // table projects: 1 row violates NOT NULL on slug; the column is new and has no default: …
    /// ```
    public struct DataViolation: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The table.
        public var table: String
        /// The constraint the rows violate.
        public var constraint: Constraint
        /// How many rows violate it.
        public var rows: Int
        /// The unique index the constraint comes from, if any.
        public var index: String?
        /// Whether the constraint is NOT NULL on a column the sync adds.
        public var isNewColumn: Bool

        /// Creates a value.
        public init(table: String, constraint: Constraint, rows: Int, index: String? = nil, isNewColumn: Bool = false) {
            self.table = table
            self.constraint = constraint
            self.rows = rows
            self.index = index
            self.isNewColumn = isNewColumn
        }

        public var description: String {
            "table \(table): \(rows) row\(rows == 1 ? "" : "s") violate\(rows == 1 ? "s" : "") \(constraint); \(remedy)"
        }

        /// Rows that reference a missing parent, in words: `table orders: 1 row references missing
        /// rows of customers (FOREIGN KEY (customer_id) REFERENCES customers)`; the description
        /// for other constraints.
        package var orphans: String {
            guard case .foreignKey(_, let parent) = constraint else { return description }
            return "table \(table): \(rows) row\(rows == 1 ? "" : "s") reference\(rows == 1 ? "s" : "") missing rows of "
                + "\(parent) (\(constraint))"
        }

        /// What the user can do about the rows.
        public var remedy: String {
            switch constraint {
            case .notNull(let column) where isNewColumn:
                return "the column is new and has no default: fill \(table).\(column) in an upgrade script, or declare a default"
            case .notNull(let column):
                return "give those rows a value in an upgrade script before \(table).\(column) can be NOT NULL"
            case .unique, .primaryKey:
                return "remove or merge the duplicates in an upgrade script before \(index.map { "index \($0)" } ?? constraint.description) can hold"
            case .check:
                return "make those rows satisfy the check in an upgrade script"
            case .strictType:
                return "convert or remove the values that their STRICT column type cannot store, in an upgrade script"
            case .foreignKey:
                return "fix or delete them in an upgrade script"
            case .withoutRowID:
                return "make the primary key unique and not null in an upgrade script"
            }
        }
    }
}

// MARK: - Encodable

extension ReconcileError.DataViolation {
    private enum Computed: String, CodingKey {
        case remedy, description
    }

    /// Writes `{"table": "projects", "constraint": {"kind": "notNull", "column": "slug", …}, "rows": 1,
    /// "isNewColumn": true}` (`index` when there is one), with the ``remedy`` and the
    /// ``description``, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(table, forKey: .table)
        try container.encode(constraint, forKey: .constraint)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(index, forKey: .index)
        try container.encode(isNewColumn, forKey: .isNewColumn)
        var computed = encoder.container(keyedBy: Computed.self)
        try computed.encode(remedy, forKey: .remedy)
        try computed.encode(description, forKey: .description)
    }
}
