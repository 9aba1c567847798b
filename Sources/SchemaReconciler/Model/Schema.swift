// MARK: - Schema

/// The shape of a database: its tables, views and triggers, in order.
///
/// A `Schema` is what `schema.yaml` declares and also what the inspector reads back from a
/// live database, so that the two can be compared model against model.
///
/// ```swift
/// let schema = Schema(tables: [Schema.Table(name: "users", columns: [Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true)])])
/// schema.table(named: "USERS")?.name // "users"
/// ```
package struct Schema: Sendable, Equatable {
    /// The tables, in file order (declared) or creation order (inspected).
    package var tables: [Schema.Table] { didSet { indexTables() } }
    /// The views, in file order (declared) or creation order (inspected).
    package var views: [Schema.View] { didSet { viewIndex = NameIndex(views.lazy.map(\.name)) } }
    /// The triggers, in file order (declared) or creation order (inspected).
    package var triggers: [Schema.Trigger] { didSet { triggerIndex = NameIndex(triggers.lazy.map(\.name)) } }
    /// The virtual tables, in file order (declared) or creation order (inspected).
    package var virtualTables: [Schema.VirtualTable] {
        didSet { virtualTableIndex = NameIndex(virtualTables.lazy.map(\.name)) }
    }

    /// Other tools' indexes and triggers on the tables and views of this schema, which nothing
    /// compares: inspected only, so that a rebuild keeps them (see ``Schema/IgnoredObject``).
    package var ignoredObjects: [Schema.IgnoredObject] = []

    private var tableIndex = NameIndex([])
    private var viewIndex = NameIndex([])
    private var triggerIndex = NameIndex([])
    private var virtualTableIndex = NameIndex([])
    /// The position of each named index's table, by the index's name.
    private var indexTableIndex: [SQLName: Int] = [:]

    /// Creates a schema.
    package init(tables: [Schema.Table] = [], views: [Schema.View] = [], triggers: [Schema.Trigger] = [],
                 virtualTables: [Schema.VirtualTable] = []) {
        self.tables = tables
        self.views = views
        self.triggers = triggers
        self.virtualTables = virtualTables
        virtualTableIndex = NameIndex(virtualTables.lazy.map(\.name))
        viewIndex = NameIndex(views.lazy.map(\.name))
        triggerIndex = NameIndex(triggers.lazy.map(\.name))
        indexTables()
    }

    private mutating func indexTables() {
        tableIndex = NameIndex(tables.lazy.map(\.name))
        indexTableIndex = [:]
        for (position, table) in tables.enumerated() {
            for index in table.indexes where indexTableIndex[index.name.sqlName] == nil {
                indexTableIndex[index.name.sqlName] = position
            }
        }
    }

    /// The table with this name, compared as SQLite does (case-insensitively).
    package func table(named name: String) -> Schema.Table? {
        tableIndex[name].map { tables[$0] }
    }

    /// The virtual table with this name, compared case-insensitively.
    package func virtualTable(named name: String) -> Schema.VirtualTable? {
        virtualTableIndex[name].map { virtualTables[$0] }
    }

    /// The view with this name, compared case-insensitively.
    package func view(named name: String) -> Schema.View? {
        viewIndex[name].map { views[$0] }
    }

    /// The trigger with this name, compared case-insensitively.
    package func trigger(named name: String) -> Schema.Trigger? {
        triggerIndex[name].map { triggers[$0] }
    }

    /// The index with this name on any table, with its table, compared case-insensitively.
    package func index(named name: String) -> (table: Schema.Table, index: Schema.Index)? {
        guard let position = indexTableIndex[name.sqlName], let index = tables[position].index(named: name) else {
            return nil
        }
        return (tables[position], index)
    }
}
