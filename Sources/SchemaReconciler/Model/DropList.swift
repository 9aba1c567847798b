import Foundation

// MARK: - DropList

/// The objects that `drop:` allows a sync to remove from an existing database.
///
/// ```swift
/// let drop = DropList(tables: ["legacy_cache"], columns: ["users": ["password_plain"]])
/// ```
package struct DropList: Sendable, Equatable {
    /// Tables to drop.
    package var tables: [String]
    /// Columns to drop, keyed by the declared (new) table name, in file order.
    package var columns: [(table: String, columns: [String])]
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
        self.columns = columns.sorted { $0.key < $1.key }.map { (table: $0.key, columns: $0.value) }
        self.indexes = indexes
        self.views = views
        self.triggers = triggers
    }

    /// The columns to drop from a table, by its declared name.
    package func columns(of table: String) -> [String] {
        columns.filter { $0.table.isSameName(as: table) }.flatMap(\.columns)
    }

    /// Whether nothing may be dropped.
    package var isEmpty: Bool {
        tables.isEmpty && columns.allSatisfy(\.columns.isEmpty) && indexes.isEmpty && views.isEmpty && triggers.isEmpty
    }

    package static func == (lhs: DropList, rhs: DropList) -> Bool {
        lhs.tables == rhs.tables && lhs.indexes == rhs.indexes && lhs.views == rhs.views
            && lhs.triggers == rhs.triggers
            && lhs.columns.map(\.table) == rhs.columns.map(\.table)
            && lhs.columns.map(\.columns) == rhs.columns.map(\.columns)
    }
}
