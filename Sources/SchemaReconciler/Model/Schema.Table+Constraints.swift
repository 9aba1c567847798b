// MARK: - The constraints a name can be given

extension Schema.Table {
    /// Each PRIMARY KEY, NOT NULL, UNIQUE, CHECK and FOREIGN KEY constraint of the table,
    /// identified as ``KeptClauses`` identifies them (so as their names are looked up), with the
    /// constraint it is: the primary key, the NOT NULLs, the UNIQUE constraints (column-level ones
    /// first), the CHECKs and the foreign keys, in that order.
    ///
    /// ```swift
    /// users.nameableConstraints.map(\.constraint.description) // ["PRIMARY KEY (id)", "UNIQUE (email)", "CHECK (age >= 0)"]
    /// ```
    package var nameableConstraints: [(key: KeptClauses.Constraint, constraint: Constraint)] {
        var constraints = conflictableConstraints
        constraints += (columns.compactMap(\.check) + checks).map { (.check(expression: $0), .check(expression: $0)) }
        constraints += allForeignKeys.map { foreignKey in
            (.foreignKey(columns: foreignKey.columns), .foreignKey(columns: foreignKey.columns, parent: foreignKey.table))
        }
        return constraints
    }
}

// MARK: - The constraints a conflict clause can be given

extension Schema.Table {
    /// Each constraint that SQLite lets carry `ON CONFLICT`, identified as ``KeptClauses``
    /// identifies them (so as ``conflictResolutions`` is keyed): the primary key, the NOT NULL
    /// of each column that has one, and the UNIQUE constraints (column-level ones first).
    ///
    /// ```swift
    /// lists.conflictableConstraints.map(\.constraint.description) // ["PRIMARY KEY (id)", "NOT NULL on title"]
    /// ```
    package var conflictableConstraints: [(key: KeptClauses.Constraint, constraint: Constraint)] {
        var constraints: [(key: KeptClauses.Constraint, constraint: Constraint)] = []
        let primaryKey = primaryKeyColumns
        if !primaryKey.isEmpty {
            constraints.append((.primaryKey(columns: primaryKey), .primaryKey(columns: primaryKey)))
        }
        constraints += columns.filter(\.isNotNull).map { (.notNull(column: $0.name), .notNull(column: $0.name)) }
        let uniques = columns.filter(\.isUnique).map { [$0.name] } + uniqueConstraints
        constraints += uniques.map { (.unique(columns: $0), .unique(columns: $0)) }
        return constraints
    }

    /// Takes `other`'s conflict resolutions of the constraints that lie on `columns` alone: the
    /// undeclared columns of a live table, which a rebuild keeps as they are.
    ///
    /// ```swift
    /// written.takeConflictResolutions(from: live, onColumns: ["legacy_title"])
    /// ```
    package mutating func takeConflictResolutions(from other: Schema.Table, onColumns columns: [String]) {
        guard !columns.isEmpty else { return }
        for (constraint, resolution) in other.conflictResolutions
        where constraint.columns.allSatisfy({ key in columns.contains { $0.sqlName == key } }) {
            setConflictResolution(resolution, for: constraint)
        }
    }
}
