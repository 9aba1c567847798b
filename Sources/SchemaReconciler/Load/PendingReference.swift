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
    /// `name` in the mapping: the foreign key's name, nil inside for `name: null`.
    var name: Located<String?>?
}
