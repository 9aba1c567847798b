// MARK: - DropList

/// The objects that `drop:` allows a sync to remove from an existing database.
///
/// ```swift
/// let drop = DropList(tables: ["legacy_cache"], columns: ["users": ["password_plain"]])
/// drop.columns(of: "USERS") // ["password_plain"]
/// ```
package struct DropList: Sendable, Equatable {
    /// Tables to drop.
    package var tables: [String]
    /// Columns to drop, by the declared (new) name of their table.
    private var columnsByTable: [SQLName: [String]]
    /// Indexes to drop.
    package var indexes: [String]
    /// Views to drop.
    package var views: [String]
    /// Triggers to drop.
    package var triggers: [String]

    /// Creates a drop list.
    package init(tables: [String] = [], columns: [String: [String]] = [:], indexes: [String] = [],
                 views: [String] = [], triggers: [String] = []) {
        self.tables = tables
        columnsByTable = [:]
        for (table, names) in columns { columnsByTable[table.sqlName, default: []] += names }
        self.indexes = indexes
        self.views = views
        self.triggers = triggers
    }

    /// The columns to drop from a table, by its declared name.
    package func columns(of table: String) -> [String] {
        columnsByTable[table.sqlName] ?? []
    }

    /// Whether nothing may be dropped.
    package var isEmpty: Bool {
        tables.isEmpty && columnsByTable.values.allSatisfy(\.isEmpty) && indexes.isEmpty && views.isEmpty && triggers.isEmpty
    }
}
