import Yams

// MARK: - DeclaredColumn

/// A column as read from schema.yaml, with where its parts are written.
///
/// ```swift
/// let declared = try ColumnParser(reader: reader, tableName: "users").parse(entry)
/// declared.column.type // "TEXT"
/// ```
struct DeclaredColumn {
    /// The column; its `reference` is filled once the reference is resolved.
    var column: Schema.Column
    /// The key that names the column.
    var keyNode: Node
    /// The entries of the column's mapping by key (empty for the shorthand).
    var entries: [String: YAMLEntry]
    /// The column's `renamed_from` names.
    var renamedFrom: [Located<String>]
    /// `references`, still to resolve against the declared tables.
    var reference: PendingReference?
    /// The names its keys, check and reference declare (`name:`), nil for `name: null`.
    var constraintNames: [(constraint: KeptClauses.Constraint, name: Located<String?>)] = []
    /// The conflict resolutions its `primary_key`, `not_null` and `unique` declare (`on_conflict`).
    var conflicts: [(constraint: KeptClauses.Constraint, resolution: Located<ConflictResolution>)] = []
}
