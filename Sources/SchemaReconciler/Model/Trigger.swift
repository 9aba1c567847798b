// MARK: - Trigger

/// A trigger: its name, the table it is attached to, and its whole `CREATE TRIGGER` statement.
///
/// ```swift
/// let touch = Trigger(name: "users_touch", table: "users",
///                     sql: "CREATE TRIGGER users_touch AFTER UPDATE ON users BEGIN SELECT 1; END")
/// ```
public struct Trigger: Sendable, Equatable {
    /// The trigger name.
    public var name: String
    /// The table (or view) the trigger is attached to.
    public var table: String
    /// The whole `CREATE TRIGGER` statement.
    public var sql: String

    /// Creates a trigger.
    public init(name: String, table: String, sql: String) {
        self.name = name
        self.table = table
        self.sql = sql
    }
}
