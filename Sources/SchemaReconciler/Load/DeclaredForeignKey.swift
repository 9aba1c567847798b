import Yams

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
