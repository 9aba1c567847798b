// MARK: - What a difference adds

extension TableDifference {
    /// The constraints that existing rows could violate once `table` (declared) has what this
    /// difference says; `addedColumns` are the columns the sync adds to it.
    ///
    /// ```swift
    /// TableDifference.columnNotNull(column: "email", isAdded: true).tightenings(in: users, addedColumns: [])
    /// // [.notNull(column: "email")]
    /// ```
    func tightenings(in table: Schema.Table, addedColumns: Set<SQLName>) -> [Constraint] {
        switch self {
        case .columnType(let column, _, let type):
            // Only a STRICT table refuses values of another type.
            guard table.isStrict else { return [] }
            return [.strictType(column: column, type: type ?? "")]
        case .columnNotNull(let column, true):
            return [.notNull(column: column)]
        case .columnCollation(let column, _, _):
            // Values that were distinct may now compare equal in a key that uses the column.
            var keys = table.uniqueConstraints.filter { $0.containsName(column) }.map { Constraint.unique(columns: $0) }
            if table.column(named: column)?.isUnique == true { keys.insert(.unique(columns: [column]), at: 0) }
            if table.primaryKeyColumns.containsName(column) { keys.append(.primaryKey(columns: table.primaryKeyColumns)) }
            return keys
        case .primaryKey(_, let columns):
            return [.primaryKey(columns: columns)]
        case .unique(let columns, true):
            return [.unique(columns: columns)]
        case .check(let expression, true):
            return [.check(expression: expression)]
        case .foreignKey(let columns, let parent, true):
            // A foreign key on columns the sync adds has no rows to violate it.
            return columns.allSatisfy { addedColumns.contains($0.sqlName) } ? [] : [.foreignKey(columns: columns, parent: parent)]
        case .strict(true):
            return table.columns.compactMap { column in
                guard let type = column.type, column.generated == nil, type.uppercased() != "ANY" else { return nil }
                return .strictType(column: column.name, type: type)
            }
        case .withoutRowID(true):
            return [.withoutRowID]
        default:
            return []
        }
    }
}
