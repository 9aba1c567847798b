// MARK: - Schema.Trigger

extension Schema {
    /// A trigger: its name, the table it is attached to, and its whole `CREATE TRIGGER` statement.
    ///
    /// ```swift
    /// let touch = Schema.Trigger(name: "users_touch", table: "users",
    ///                     sql: "CREATE TRIGGER users_touch AFTER UPDATE ON users BEGIN SELECT 1; END")
    /// ```
    package struct Trigger: Sendable, Equatable {
        /// The trigger name.
        package var name: String
        /// The table (or view) the trigger is attached to.
        package var table: String
        /// The whole `CREATE TRIGGER` statement.
        package var sql: String

        /// Creates a trigger.
        package init(name: String, table: String, sql: String) {
            self.name = name
            self.table = table
            self.sql = sql
        }
    }
}
