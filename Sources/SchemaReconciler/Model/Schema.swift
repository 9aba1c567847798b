// MARK: - Schema

/// The shape of a database: its tables, views and triggers, in order.
///
/// A `Schema` is what `schema.yaml` declares and also what the inspector reads back from a
/// live database, so that the two can be compared model against model.
///
/// ```swift
/// let schema = Schema(tables: [Table(name: "users", columns: [Column(name: "id", type: "INTEGER", isPrimaryKey: true)])])
/// schema.table(named: "USERS")?.name // "users"
/// ```
public struct Schema: Sendable, Equatable {
    /// The tables, in file order (declared) or creation order (inspected).
    public var tables: [Table]
    /// The views, in file order (declared) or creation order (inspected).
    public var views: [View]
    /// The triggers, in file order (declared) or creation order (inspected).
    public var triggers: [Trigger]

    /// Creates a schema.
    public init(tables: [Table] = [], views: [View] = [], triggers: [Trigger] = []) {
        self.tables = tables
        self.views = views
        self.triggers = triggers
    }

    /// The table with this name, compared as SQLite does (case-insensitively).
    public func table(named name: String) -> Table? {
        tables.first { $0.name.isSameName(as: name) }
    }

    /// The view with this name, compared case-insensitively.
    public func view(named name: String) -> View? {
        views.first { $0.name.isSameName(as: name) }
    }

    /// The trigger with this name, compared case-insensitively.
    public func trigger(named name: String) -> Trigger? {
        triggers.first { $0.name.isSameName(as: name) }
    }

    /// The index with this name on any table, with its table, compared case-insensitively.
    public func index(named name: String) -> (table: Table, index: Index)? {
        for table in tables {
            if let index = table.index(named: name) { return (table, index) }
        }
        return nil
    }
}

// MARK: - Names

extension String {
    /// Whether two SQL names denote the same object: SQLite folds ASCII letter case.
    ///
    /// ```swift
    /// "Users".isSameName(as: "users") // true
    /// ```
    public func isSameName(as other: String) -> Bool {
        sqlNameKey == other.sqlNameKey
    }

    /// The key SQLite compares names by: ASCII letters folded to lower case, other characters kept.
    public var sqlNameKey: String {
        String(String.UnicodeScalarView(unicodeScalars.map { scalar in
            (scalar.value >= 65 && scalar.value <= 90) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }
}
