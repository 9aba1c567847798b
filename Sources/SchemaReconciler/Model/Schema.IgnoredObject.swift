// MARK: - Schema.IgnoredObject

extension Schema {
    /// An index or trigger of another tool (see ``IgnoredNames``) on a table of the user's, as
    /// the database stores it. It is never compared with the file; a rebuild of its table, or
    /// the drop and creation of its view, creates it again from ``sql``, so that it is kept.
    ///
    /// ```swift
    /// let audit = Schema.IgnoredObject(kind: .trigger, name: "audit_users", table: "users",
    ///                                  sql: "CREATE TRIGGER audit_users AFTER UPDATE ON users BEGIN SELECT 1; END")
    /// schema.ignoredObjects(on: "users").map(\.name) // ["audit_users"]
    /// ```
    package struct IgnoredObject: Sendable, Equatable {
        /// `.index` or `.trigger`.
        package var kind: SchemaObject.Kind
        /// Its name.
        package var name: String
        /// The table (or, for a trigger, the view) it belongs to.
        package var table: String
        /// Its `CREATE` statement, as stored.
        package var sql: String

        /// Creates a value.
        package init(kind: SchemaObject.Kind, name: String, table: String, sql: String) {
            self.kind = kind
            self.name = name
            self.table = table
            self.sql = sql
        }
    }

    /// The ignored indexes and triggers that belong to `table` (or view), in creation order.
    package func ignoredObjects(on table: String) -> [IgnoredObject] {
        ignoredObjects.filter { $0.table.isSameName(as: table) }
    }
}
