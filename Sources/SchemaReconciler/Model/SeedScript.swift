// MARK: - SeedScript

/// A script of schema.yaml's `seed`: rows a new database starts with.
///
/// A sync runs the seed scripts only when it creates the database, after the schema, in the same
/// transaction; a database that exists never runs them. The plan of a new database lists them, with
/// their text, and the dry run prints them.
///
/// ```swift
/// let plan = try reconciler.plan(databaseAt: "new.sqlite")
/// for seed in plan.seeds { print(seed) } // seed seed/default-vault.sql
/// ```
public struct SeedScript: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The path as schema.yaml writes it, relative to its directory.
    public var path: String
    /// The script's text.
    public var sql: String

    /// Creates a value.
    ///
    /// ```swift
    /// SeedScript(path: "seed/default-vault.sql", sql: "INSERT INTO vaults (name) VALUES ('Default');")
    /// ```
    public init(path: String, sql: String) {
        self.path = path
        self.sql = sql
    }

    /// `seed seed/default-vault.sql`.
    public var description: String { "seed \(path)" }
}
