// MARK: - EntityDiagram

/// The entity-relationship drawing of a schema, as values: each table and each view is an
/// entity, and each foreign key a relationship with the cardinality its constraints imply. It
/// reads the model only, declared or inspected; the command line renders it as Mermaid or
/// Graphviz.
///
/// ```swift
/// let diagram = EntityDiagram(schema: file.schema)
/// diagram.relationships.first?.parent // "authors"
/// ```
package struct EntityDiagram: Sendable, Equatable {
    /// The tables, in the schema's order, then the views.
    package var entities: [Entity]
    /// One per foreign key, in the order of the tables that declare them.
    package var relationships: [Relationship]

    /// A diagram of these entities and relationships.
    package init(entities: [Entity], relationships: [Relationship]) {
        self.entities = entities
        self.relationships = relationships
    }

    /// The diagram of every table and view of `schema`. A foreign key whose parent table the
    /// schema does not hold is left out, since there is nothing to draw it to. A view named in
    /// `viewColumns` (a loaded file's ``SchemaFile/viewColumns``) has those columns, as SQLite
    /// reads them, with their types; any other has the column names it declares.
    ///
    /// ```swift
    /// EntityDiagram(schema: file.schema, viewColumns: file.viewColumns)
    /// EntityDiagram(schema: schema, viewColumns: ["catalogue": [ViewColumn(name: "title", declaredType: "TEXT")]])
    /// ```
    package init(schema: Schema, viewColumns: [String: [ViewColumn]] = [:]) {
        entities = schema.tables.map(Entity.init(table:)) + schema.views.map { view in
            viewColumns[view.name].map { Entity(view: view, columns: $0) } ?? Entity(view: view)
        }
        relationships = schema.tables.flatMap { table in
            table.allForeignKeys.compactMap { key in
                schema.table(named: key.table).map { Relationship(key, from: table, to: $0) }
            }
        }
    }

    /// The entity named `name`, compared as SQLite compares names.
    package func entity(named name: String) -> Entity? {
        entities.first { $0.name.isSameName(as: name) }
    }
}
