// MARK: - UndeclarableClause

/// Something a live database holds that schema.yaml has no way to say: a key term with `COLLATE`
/// or `DESC`, a foreign key to a table that does not exist, a type name the format refuses…
/// `reconcile inspect` writes each as a comment above the object, and a sync keeps what it can of
/// them (see the article Adopting an Existing Database).
///
/// ```swift
/// let inspected = try Reconciler.InspectedSchema(databaseAt: "app.sqlite")
/// for clause in inspected.undeclarable { print(clause) } // table users: UNIQUE ("email" COLLATE NOCASE)
/// ```
package struct UndeclarableClause: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of object it belongs to.
    package var kind: SchemaObject.Kind
    /// The object's name (`table.column` for a column).
    package var name: String
    /// The clause, as SQL or in words.
    package var clause: String

    /// Creates a value.
    package init(kind: SchemaObject.Kind, name: String, clause: String) {
        self.kind = kind
        self.name = name
        self.clause = clause
    }

    package var description: String { "\(kind) \(name): \(clause)" }
}

// MARK: - Encodable

extension UndeclarableClause {
    private enum Described: String, CodingKey {
        case description
    }

    /// Writes `{"kind": "table", "name": "users", "clause": "UNIQUE (email) ON CONFLICT REPLACE"}`,
    /// with the ``description``, which reading ignores.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(clause, forKey: .clause)
        var described = encoder.container(keyedBy: Described.self)
        try described.encode(description, forKey: .description)
    }
}
