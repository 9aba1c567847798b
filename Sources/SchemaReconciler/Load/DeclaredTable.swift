import Yams

// MARK: - Located

/// A value read from schema.yaml with the node it was read from, so that a later check can
/// point at it.
///
/// ```swift
/// let name = Located(value: "team_id", node: node)
/// ```
struct Located<Value> {
    /// The value.
    var value: Value
    /// The node it was read from.
    var node: Node
}

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
    var table: Table
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

    /// How errors name this table: `table 'users'`.
    var context: String { "table '\(table.name)'" }
}

// MARK: - DeclaredColumn

/// A column as read from schema.yaml, with where its parts are written.
///
/// ```swift
/// let declared = try ColumnParser(reader: reader, tableName: "users").parse(entry)
/// declared.column.type // "TEXT"
/// ```
struct DeclaredColumn {
    /// The column; its `reference` is filled once the reference is resolved.
    var column: Column
    /// The key that names the column.
    var keyNode: Node
    /// The entries of the column's mapping by key (empty for the shorthand).
    var entries: [String: YAMLEntry]
    /// The column's `renamed_from` names.
    var renamedFrom: [Located<String>]
    /// `references`, still to resolve against the declared tables.
    var reference: PendingReference?
}

// MARK: - PendingReference

/// A column-level `references` as written, before the parent table is known.
///
/// ```swift
/// let pending = PendingReference(target: .dotted(Located(value: "teams.id", node: node)), onDelete: .cascade)
/// ```
struct PendingReference {
    /// How the parent is named.
    enum Target {
        /// `references: table.column` or `references: table`.
        case dotted(Located<String>)
        /// `references: {table: …, column: …}`.
        case mapping(table: Located<String>, column: Located<String>?)
    }

    /// The parent as written.
    var target: Target
    /// `ON DELETE`, from the column or from the mapping.
    var onDelete: ForeignKeyAction?
    /// `ON UPDATE`, from the column or from the mapping.
    var onUpdate: ForeignKeyAction?
    /// `deferrable: true` in the mapping.
    var isDeferred: Bool = false
}

// MARK: - DeclaredForeignKey

/// Where the parts of a table-level foreign key are written.
///
/// ```swift
/// let fk = DeclaredForeignKey(node: node, table: Located(value: "teams", node: tableNode), referencedColumns: [])
/// ```
struct DeclaredForeignKey {
    /// The entry of the `foreign_keys` list.
    var node: Node
    /// `references.table`.
    var table: Located<String>
    /// `references.columns`, empty for the parent's primary key.
    var referencedColumns: [Located<String>]
    /// How errors name this foreign key.
    var context: String = ""
}
