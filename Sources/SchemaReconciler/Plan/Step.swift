// MARK: - Step

/// One unit of work in a plan: what it does, when (relative to the upgrades), how, the changes
/// it carries out, and the SQL statements that do it.
///
/// ```swift
/// for step in plan.steps {
///     print("-- \(step)")                     // add column users.nickname (native ALTER)
///     step.statements.forEach { print($0 + ";") }
/// }
/// plan.steps.contains { $0.method == .rebuild } // whether some table is copied
/// ```
public struct Step: Sendable, Hashable, Codable {
    /// When a step runs relative to the upgrades of the same sync.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Before upgrades: additions and changes that existing rows cannot violate.
        case expand
        /// After upgrades: changes that rows could violate, and declared drops.
        case contract
    }

    /// How the step changes the database.
    public enum Method: String, Sendable, Hashable, Codable {
        /// A statement SQLite runs in place: `CREATE`, `DROP`, `ALTER TABLE … ADD/RENAME/DROP COLUMN`,
        /// and, from SQLite 3.53, `ALTER TABLE … ALTER COLUMN … SET/DROP NOT NULL`.
        case native
        /// The table's definition is rewritten in `sqlite_schema`, as SQLite's documentation
        /// describes for changes that leave every stored row as it is (constraints, defaults,
        /// type spellings, new columns): no row is copied. What the change adds is checked
        /// against the rows first.
        case inPlace
        /// The table is copied into a new one with the declared definition, as SQLite's
        /// documentation describes for changes `ALTER TABLE` cannot make.
        case rebuild
    }

    /// What a step does, to which object.
    package enum Action: Sendable, Hashable {
        /// Creates a table and its declared indexes.
        case createTable(table: String)
        /// Renames a table.
        case renameTable(from: String, to: String)
        /// Renames a column.
        case renameColumn(table: String, from: String, to: String)
        /// Adds a column; `isDeferred` when its constraints wait for the contract step, so that
        /// the upgrades can fill it first.
        case addColumn(table: String, column: String, isDeferred: Bool)
        /// Rebuilds a table with its declared definition, keeping its rows.
        case rebuildTable(table: String)
        /// Gives a table its declared definition without copying a row: by writing the definition
        /// (method `inPlace`), or by SQLite's `ALTER COLUMN … SET/DROP NOT NULL` (method `native`).
        case editTable(table: String)
        /// Rebuilds the indexes of a table whose collations changed in place.
        case reindexTable(table: String)
        /// Drops a column that `drop` lists.
        case dropColumn(table: String, column: String)
        /// Drops a table (or a virtual table) that `drop` lists.
        case dropTable(table: String)
        /// Creates a virtual table, and fills a full-text index that reads another table's rows.
        case createVirtualTable(table: String)
        /// Creates a virtual table again with its declared module arguments, keeping what it holds.
        case rebuildVirtualTable(table: String)
        /// Creates an index.
        case createIndex(table: String, index: String, isUnique: Bool)
        /// Drops an index.
        case dropIndex(index: String)
        /// Creates a view.
        case createView(view: String)
        /// Drops a view.
        case dropView(view: String)
        /// Creates a trigger.
        case createTrigger(trigger: String, table: String)
        /// Drops a trigger.
        case dropTrigger(trigger: String)
    }

    /// What the step does.
    package var action: Action
    /// When it runs.
    public var phase: Phase
    /// How it changes the database.
    public var method: Method
    /// The changes it carries out (why it is in the plan).
    package var changes: [Change]
    /// The rows it copies (a rebuild) or removes (a table drop); nil when it moves no rows.
    public var rows: Int?
    /// Undeclared indexes that go with a column this step drops.
    public var droppedIndexes: [String]
    /// The statements, each without a trailing semicolon.
    public var statements: [String]
    /// Queries run before the statements that count the rows that would violate what it adds.
    package var checks: [DataCheck]
    /// For an in-place edit: the `CREATE TABLE` statement the table gets.
    package var editedDefinition: String?
    /// For an in-place edit: whether it only writes new columns after the stored ones, as
    /// `ADD COLUMN` does, which keeps how the rows are stored by construction.
    package var isAppendOnly = false
    /// For a rebuild: the one of ``statements`` that copies the table's rows (`INSERT … SELECT`),
    /// whose progress a sync reports; nil when no row is copied.
    package var rowCopy: String?
    /// Whether the step's table is one that `compatibility: cloudkit` shares between devices
    /// through CloudKit, so that a drop or a rename it makes is ``Hazard/breaksCloudKitSharing(table:column:renamedTo:rows:)``.
    public var isCloudKitShared = false

    /// Creates a step.
    package init(_ action: Action, phase: Phase, method: Method = .native, changes: [Change] = [], rows: Int? = nil,
                 droppedIndexes: [String] = [], statements: [String], checks: [DataCheck] = []) {
        self.action = action
        self.phase = phase
        self.method = method
        self.changes = changes
        self.rows = rows
        self.droppedIndexes = droppedIndexes
        self.statements = statements
        self.checks = checks
    }

    /// The constraints whose rows the step counts before it runs.
    public var checkedConstraints: [Constraint] {
        var seen = Set<Constraint>()
        return checks.map(\.constraint).filter { seen.insert($0).inserted }
    }

    /// The table the step is about, if any.
    public var table: String? {
        switch action {
        case .createTable(let table), .renameColumn(let table, _, _), .addColumn(let table, _, _),
             .rebuildTable(let table), .dropColumn(let table, _), .dropTable(let table),
             .createIndex(let table, _, _), .createTrigger(_, let table), .createVirtualTable(let table),
             .rebuildVirtualTable(let table), .editTable(let table), .reindexTable(let table):
            return table
        case .renameTable(_, let to):
            return to
        case .dropIndex, .createView, .dropView, .dropTrigger:
            return nil
        }
    }
}
