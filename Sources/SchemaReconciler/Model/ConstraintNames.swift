// MARK: - ConstraintNames

/// The names schema.yaml gives a table's constraints: a `name` on a PRIMARY KEY, NOT NULL, UNIQUE,
/// CHECK or foreign key, or `name: null` for a constraint declared without one. Constraints are identified
/// as ``KeptClauses`` identifies them, by kind and columns (a CHECK by its expression), whether
/// they are written on a column or at table level.
///
/// A constraint whose declaration says nothing of a name is absent here: the name the database
/// gives it, if any, is kept as it is.
///
/// ```swift
/// var names = ConstraintNames()
/// names.declare("ck_qty", for: .check(expression: "qty >= 0"))
/// names.declare(nil, for: .unique(columns: ["email"]))   // name: null
/// names.name(of: .check(expression: "qty >= 0"))          // "ck_qty"
/// ```
package struct ConstraintNames: Sendable, Equatable {
    /// The declared name of each constraint that has one.
    package private(set) var names: [KeptClauses.Constraint: String] = [:]
    /// The constraints declared with `name: null`: they have no name.
    package private(set) var unnamed: Set<KeptClauses.Constraint> = []

    /// Creates an empty value: no constraint says anything of its name.
    package init() {}

    /// Whether no constraint says anything of its name.
    package var isEmpty: Bool { names.isEmpty && unnamed.isEmpty }

    // MARK: Declaring

    /// Declares the name of `constraint`, nil for none.
    package mutating func declare(_ name: String?, for constraint: KeptClauses.Constraint) {
        if let name {
            names[constraint] = name
            unnamed.remove(constraint)
        } else {
            names[constraint] = nil
            unnamed.insert(constraint)
        }
    }

    // MARK: Reading

    /// What the file says of the constraint's name: `.some("ck")` for a name, `.some(nil)` for
    /// `name: null`, nil when it says nothing.
    package func declaration(of constraint: KeptClauses.Constraint) -> String?? {
        if let name = names[constraint] { return .some(name) }
        return unnamed.contains(constraint) ? .some(nil) : nil
    }

    /// The declared name of `constraint`, nil when it has none or says nothing of it.
    package func name(of constraint: KeptClauses.Constraint) -> String? {
        names[constraint]
    }

    /// The clauses a definition written from the declaration carries: `kept` (what the live
    /// table says), with each declared name written over the kept one, and the names declared
    /// absent removed.
    ///
    /// ```swift
    /// SchemaSQL.createTable(table, kept: table.constraintNames.applied(to: live.keptClauses))
    /// ```
    package func applied(to kept: KeptClauses) -> KeptClauses {
        guard !isEmpty else { return kept }
        var kept = kept
        for (constraint, name) in names { kept.names[constraint] = name }
        for constraint in unnamed { kept.names[constraint] = nil }
        return kept
    }
}
