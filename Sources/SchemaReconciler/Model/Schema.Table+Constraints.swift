// MARK: - The constraints a name can be given

extension Schema.Table {
    /// Each PRIMARY KEY, UNIQUE, CHECK and FOREIGN KEY constraint of the table, identified as
    /// ``KeptClauses`` identifies them (so as their names are looked up), with the constraint
    /// it is: the primary key, the UNIQUE constraints (column-level ones first), the CHECKs and
    /// the foreign keys, in that order.
    ///
    /// ```swift
    /// users.nameableConstraints.map(\.constraint.description) // ["PRIMARY KEY (id)", "UNIQUE (email)", "CHECK (age >= 0)"]
    /// ```
    package var nameableConstraints: [(key: KeptClauses.Constraint, constraint: Constraint)] {
        var constraints: [(key: KeptClauses.Constraint, constraint: Constraint)] = []
        let primaryKey = primaryKeyColumns
        if !primaryKey.isEmpty {
            constraints.append((.primaryKey(columns: primaryKey), .primaryKey(columns: primaryKey)))
        }
        let uniques = columns.filter(\.isUnique).map { [$0.name] } + uniqueConstraints
        constraints += uniques.map { (.unique(columns: $0), .unique(columns: $0)) }
        constraints += (columns.compactMap(\.check) + checks).map { (.check(expression: $0), .check(expression: $0)) }
        constraints += allForeignKeys.map { foreignKey in
            (.foreignKey(columns: foreignKey.columns), .foreignKey(columns: foreignKey.columns, parent: foreignKey.table))
        }
        return constraints
    }
}
