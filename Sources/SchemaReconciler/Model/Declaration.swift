// MARK: - Declaration

/// A place in schema.yaml where something is declared, by what it declares: the key to
/// ``SchemaFile/locations``. Names compare as SQLite compares them, so a name holding a dot or
/// written in another letter case is found all the same.
///
/// ```swift
/// file.locations[.column(table: "users", column: "email")] // schema.yaml:12:7
/// file.locations[.upgrade("1.4.0")]
/// ```
package enum Declaration: Hashable, Sendable {
    /// `version`.
    case version
    /// A table's key under `tables`.
    case table(SQLName)
    /// A column's key.
    case column(table: SQLName, column: SQLName)
    /// A column's `default` value.
    case columnDefault(table: SQLName, column: SQLName)
    /// An index's key.
    case index(table: SQLName, index: SQLName)
    /// A view's key under `views`.
    case view(SQLName)
    /// A virtual table's key under `virtual_tables`.
    case virtualTable(SQLName)
    /// A trigger's key under `triggers`.
    case trigger(SQLName)
    /// An `upgrades` key.
    case upgrade(SemanticVersion)
    /// A name listed under `drop` (a column's with its table).
    case dropped(SchemaObject.Kind, name: SQLName, table: SQLName?)

    /// A table's key.
    package static func table(_ name: String) -> Declaration { .table(name.sqlName) }
    /// A column's key.
    package static func column(table: String, column: String) -> Declaration {
        .column(table: table.sqlName, column: column.sqlName)
    }
    /// A column's default.
    package static func columnDefault(table: String, column: String) -> Declaration {
        .columnDefault(table: table.sqlName, column: column.sqlName)
    }
    /// An index's key.
    package static func index(table: String, index: String) -> Declaration {
        .index(table: table.sqlName, index: index.sqlName)
    }
    /// A view's key.
    package static func view(_ name: String) -> Declaration { .view(name.sqlName) }
    /// A virtual table's key.
    package static func virtualTable(_ name: String) -> Declaration { .virtualTable(name.sqlName) }
    /// A trigger's key.
    package static func trigger(_ name: String) -> Declaration { .trigger(name.sqlName) }
    /// A name under `drop`.
    package static func dropped(_ kind: SchemaObject.Kind, _ name: String, table: String? = nil) -> Declaration {
        .dropped(kind, name: name.sqlName, table: table?.sqlName)
    }
}
