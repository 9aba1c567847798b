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
    package var checks: [DataCheck]
    /// The table the step is about, if any.
    public var table: String?
    /// Whether the step renames a table or a column (SQLite then rewrites what refers to it).
    public var isRename: Bool

    /// Creates a step.
    package init(phase: Phase, summary: String, method: Method = .native, statements: [String],
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
