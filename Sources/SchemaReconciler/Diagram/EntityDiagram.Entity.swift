// MARK: - EntityDiagram.Entity

extension EntityDiagram {
    /// A table or a view, with its columns.
    ///
    /// ```swift
    /// let authors = EntityDiagram.Entity(table: table)
    /// authors.attributes.map(\.name) // ["id", "name"]
    /// ```
    package struct Entity: Sendable, Equatable {
        /// What the entity stands for.
        package enum Kind: String, Sendable, Equatable {
            case table
            case view
        }

        /// The table's or view's name, as declared.
        package var name: String
        /// A table or a view.
        package var kind: Kind
        /// The columns, in order.
        package var attributes: [Attribute]

        /// An entity with these columns.
        package init(name: String, kind: Kind, attributes: [Attribute]) {
            self.name = name
            self.kind = kind
            self.attributes = attributes
        }

        /// The entity of a table: each column with its declared type and its keys.
        package init(table: Schema.Table) {
            let primaryKey = table.primaryKeyColumns
            let foreignKeyColumns = table.allForeignKeys.flatMap(\.columns)
            self.init(name: table.name, kind: .table, attributes: table.columns.map { column in
                var keys: [Key] = []
                let isPrimaryKey = primaryKey.contains { $0.isSameName(as: column.name) }
                if isPrimaryKey { keys.append(.primary) }
                if foreignKeyColumns.contains(where: { $0.isSameName(as: column.name) }) { keys.append(.foreign) }
                if !isPrimaryKey && table.isUniqueKey([column.name]) { keys.append(.unique) }
                return Attribute(name: column.name, type: column.type, keys: keys)
            })
        }

        /// The entity of a view: the column names it declares, without types (SQLite tells a
        /// view's column types only once it has prepared the view's SELECT; see
        /// ``init(view:columns:)``).
        package init(view: Schema.View) {
            self.init(name: view.name, kind: .view,
                      attributes: view.columnNames.map { Attribute(name: $0, type: nil, keys: []) })
        }

        /// The entity of a view with its columns as SQLite reads them: each with its declared
        /// type, else its affinity, and no key.
        ///
        /// ```swift
        /// let counts = EntityDiagram.Entity(view: view, columns: file.viewColumns[view.name] ?? [])
        /// counts.attributes.map(\.type) // ["TEXT", "INT"]
        /// ```
        package init(view: Schema.View, columns: [ViewColumn]) {
            self.init(name: view.name, kind: .view,
                      attributes: columns.map { Attribute(name: $0.name, type: $0.typeName, keys: []) })
        }
    }

    /// A column of an entity.
    package struct Attribute: Sendable, Equatable {
        /// The column's name.
        package var name: String
        /// Its declared type; nil when it has none.
        package var type: String?
        /// The keys it is part of, in the order primary, foreign, unique.
        package var keys: [Key]

        /// A column with these keys.
        package init(name: String, type: String?, keys: [Key]) {
            self.name = name
            self.type = type
            self.keys = keys
        }
    }

    /// A key a column belongs to, spelt as entity-relationship diagrams mark it.
    package enum Key: String, Sendable, Equatable, CaseIterable {
        /// Part of the primary key.
        case primary = "PK"
        /// Part of a foreign key.
        case foreign = "FK"
        /// Unique on its own, other than the primary key.
        case unique = "UK"
    }
}
