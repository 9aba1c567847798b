// MARK: - Step

/// One unit of work in a plan: why it is done, and the SQL statements that do it.
///
/// ```swift
/// for step in plan.steps {
///     print("-- \(step.summary)")
///     step.statements.forEach { print($0 + ";") }
/// }
/// ```
public struct Step: Sendable, Equatable {
    /// When a step runs relative to the upgrades of the same sync.
    public enum Phase: String, Sendable, Equatable {
        /// Before upgrades: additions and changes that existing rows cannot violate.
        case expand
        /// After upgrades: changes that rows could violate, and declared drops.
        case contract
    }

    /// How the step changes the database.
    public enum Method: Sendable, Equatable {
        /// A native statement (`CREATE`, `ALTER TABLE … ADD/RENAME/DROP COLUMN`, `DROP`).
        case native
        /// A table rebuild that copies this many rows.
        case rebuild(rows: Int)
    }

    /// The phase.
    public var phase: Phase
    /// Why, in words: `add column users.nickname`.
    public var summary: String
    /// Native or rebuild.
    public var method: Method
    /// The statements, each without a trailing semicolon.
    public var statements: [String]
    /// Queries run before the statements that count rows that would violate a new constraint.
    public var checks: [DataCheck]
    /// The table the step is about, if any.
    public var table: String?
    /// Whether the step renames a table or a column (SQLite then rewrites what refers to it).
    public var isRename: Bool

    /// Creates a step.
    public init(phase: Phase, summary: String, method: Method = .native, statements: [String],
                checks: [DataCheck] = [], table: String? = nil, isRename: Bool = false) {
        self.phase = phase
        self.summary = summary
        self.method = method
        self.statements = statements
        self.checks = checks
        self.table = table
        self.isRename = isRename
    }
}

// MARK: - DataCheck

/// A query that counts the rows that would violate a constraint a step adds, so that a
/// sync can refuse with the table, the constraint and the count before touching anything.
///
/// ```swift
/// DataCheck(table: "users", constraint: .notNull(column: "email"),
///           sql: #"SELECT count(*) FROM "users" WHERE "email" IS NULL"#, advice: "fill it in an upgrade")
/// ```
public struct DataCheck: Sendable, Equatable {
    /// The table.
    public var table: String
    /// The constraint the rows must satisfy.
    public var constraint: NewConstraint
    /// A query returning the number of violating rows.
    public var sql: String
    /// What the user can do about violations.
    public var advice: String

    /// Creates a data check.
    public init(table: String, constraint: NewConstraint, sql: String, advice: String) {
        self.table = table
        self.constraint = constraint
        self.sql = sql
        self.advice = advice
    }
}
