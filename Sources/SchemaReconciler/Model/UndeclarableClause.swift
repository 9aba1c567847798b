// MARK: - UndeclarableClause

/// Something a live database holds that schema.yaml has no way to say: a conflict resolution
/// (`UNIQUE (a) ON CONFLICT REPLACE`), the name of a NOT NULL, a key term with `COLLATE` or `DESC`, a
/// foreign key to a table that does not exist… `reconcile inspect` writes each as a comment
/// above the object, and a sync keeps what it can of them (see the README).
///
/// ```swift
/// let inspected = try InspectedSchema(databaseAt: "app.sqlite")
/// for clause in inspected.undeclarable { print(clause) } // table users: UNIQUE (email) ON CONFLICT REPLACE
/// ```
public struct UndeclarableClause: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of object it belongs to.
    public var kind: SchemaObjectKind
    /// The object's name (`table.column` for a column).
    public var name: String
    /// The clause, as SQL or in words.
    public var clause: String

    /// Creates a value.
    public init(kind: SchemaObjectKind, name: String, clause: String) {
        self.kind = kind
        self.name = name
        self.clause = clause
    }

    public var description: String { "\(kind) \(name): \(clause)" }
}
