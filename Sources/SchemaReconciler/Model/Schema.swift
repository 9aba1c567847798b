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
package struct Schema: Sendable, Equatable {
    /// The tables, in file order (declared) or creation order (inspected).
    package var tables: [Table]
    /// The views, in file order (declared) or creation order (inspected).
    package var views: [View]
    /// The triggers, in file order (declared) or creation order (inspected).
    package var triggers: [Trigger]

    /// Creates a schema.
    package init(tables: [Table] = [], views: [View] = [], triggers: [Trigger] = []) {
        self.tables = tables
        self.views = views
        self.triggers = triggers
    }

    /// The table with this name, compared as SQLite does (case-insensitively).
    package func table(named name: String) -> Table? {
        tables.first { $0.name.isSameName(as: name) }
    }

    /// The view with this name, compared case-insensitively.
    package func view(named name: String) -> View? {
        views.first { $0.name.isSameName(as: name) }
    }

    /// The trigger with this name, compared case-insensitively.
    package func trigger(named name: String) -> Trigger? {
        triggers.first { $0.name.isSameName(as: name) }
    }

    /// The index with this name on any table, with its table, compared case-insensitively.
    package func index(named name: String) -> (table: Table, index: Index)? {
        for table in tables {
            if let index = table.index(named: name) { return (table, index) }
        }
        return nil
    }
}

// MARK: - Names

extension String {
    /// Whether two SQL names denote the same object: SQLite folds ASCII letter case and
    /// compares everything else as it is written, so that `café` spelled with a combining accent
    /// is another name than `café` spelled with `é` (which Swift's `==` would take for equal).
    ///
    /// ```swift
    /// "Users".isSameName(as: "users")            // true
    /// "caf\u{E9}".isSameName(as: "cafe\u{301}") // false
    /// ```
    package func isSameName(as other: String) -> Bool {
        sqlNameKey == other.sqlNameKey
    }

    /// The key SQLite compares names by: ASCII letters folded to lower case, and every other
    /// character outside ASCII written as its code point (`\u{e9}`), so that keys that Swift
    /// compares equal are exactly the names SQLite takes for the same. A key is its own key.
    package var sqlNameKey: String {
        var key = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 65...90: key.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            case 0..<128: key.unicodeScalars.append(scalar)
            default: key += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return key
    }
}
