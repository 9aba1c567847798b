import Yams

// MARK: - DeclaredTable

/// A table as read from schema.yaml, with what the checks across tables need: where each
/// part is written, and the references still to resolve against the other tables.
///
/// ```swift
/// let declared = try TableParser(reader: reader).parse(entry)
/// declared.table.name // "users"
/// ```
struct DeclaredTable {
    /// The table, its column references not yet resolved (see ``DeclaredColumn/reference``).
    var table: Schema.Table
    /// The key that names the table.
    var keyNode: Node
    /// The columns, parallel to `table.columns`.
    var columns: [DeclaredColumn]
    /// The key of each index, parallel to `table.indexes`.
    var indexKeyNodes: [Node]
    /// The `renamed_from` names of each index, parallel to `table.indexes`.
    var indexRenamedFrom: [[Located<String>]]
    /// The table's `renamed_from` names.
    var renamedFrom: [Located<String>]
    /// The table-level foreign keys, parallel to `table.foreignKeys`.
    var foreignKeys: [DeclaredForeignKey]
    /// The table's own `primary_key` key, when the key is declared on the table.
    var primaryKeyNode: Node?
    /// Each name of `table.constraintNames`, where it is declared.
    var nameDeclarations: [KeptClauses.Constraint: Located<String?>] = [:]
    /// Each conflict resolution of `table.conflictResolutions`, ABORT included, where it is declared.
    var conflictDeclarations: [KeptClauses.Constraint: Located<ConflictResolution>] = [:]

    /// How errors name this table: `table 'users'`.
    var context: String { "table '\(table.name)'" }
}
