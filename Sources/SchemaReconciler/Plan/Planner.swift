// MARK: - Planner

/// Turns the differences between a declared schema and a live database into ordered SQL
/// steps. This is the only place that knows what SQLite's `ALTER TABLE` can and cannot do:
/// what leaves every stored row as it is, it does in place (the table's definition rewritten in
/// `sqlite_schema`); what changes how rows are stored is done by rebuilding the table, both as
/// SQLite's documentation describes.
///
/// It is a pure function of its inputs: the live schema is the one the renames leave (see
/// ``RenameDiff``), and the facts say what it needs to know of the rows.
///
/// ```swift
/// let renames = try RenameDiff(declared: declared, live: live)
/// let diff = try SchemaDiff(declared: declared, drop: drop, live: renamedLive)
/// let planner = Planner(declared: declared, drop: drop, live: renamedLive, facts: facts)
/// let steps = try planner.renameSteps(renames) + planner.steps(for: diff)
/// ```
package struct Planner: Sendable {
    /// Facts about the live database that the plan depends on.
    package struct Facts: Sendable {
        /// Rows per table, by its name once renamed. A table missing here is taken to hold rows:
        /// every check that rows could fail is planned.
        package var rowCounts: [SQLName: Int]
        /// `sqlite3_libversion_number()`, such as 3040001.
        package var sqliteVersion: Int
        /// Names of tables in the reconciler's namespace other than its own state (`_reconciler…`).
        package var reservedTables: [String]
        /// Whether the connection lets a table's definition be edited in place (`PRAGMA
        /// writable_schema`; refused in SQLite's defensive mode). Without it, every change that
        /// `ALTER TABLE` cannot make is a rebuild.
        package var allowsSchemaEdits = false
        /// Whether NOT NULL is set and dropped by SQLite's own `ALTER COLUMN` where the running
        /// SQLite has it; off when every change `ADD/RENAME/DROP COLUMN` cannot make is to be a copy.
        package var allowsAlterColumn = true
        /// Tables that SQLite said cannot be edited in place (their keys would be stored another
        /// way): they are rebuilt.
        package var copiedTables = Set<SQLName>()
        /// Columns, by table, whose declared type has another affinity than the live one, and
        /// whose stored values were counted: none would be converted by it (see
        /// ``Planner/affinityConversion(of:from:to:)``). A column missing here is copied.
        package var unconvertedColumns: [SQLName: Set<SQLName>] = [:]

        /// Whether a table may hold rows: it does, or its count is unknown.
        package func mayHoldRows(_ table: String) -> Bool {
            (rowCounts[table.sqlName] ?? 1) > 0
        }

        /// Creates facts.
        package init(rowCounts: [SQLName: Int] = [:], sqliteVersion: Int = 3_040_000, reservedTables: [String] = []) {
            self.rowCounts = rowCounts
            self.sqliteVersion = sqliteVersion
            self.reservedTables = reservedTables
        }
    }

    /// The declared schema.
    package var declared: Schema
    /// The declared drops.
    package var drop: DropList
    /// The live schema, renames done.
    package var live: Schema
    /// Facts about the live database.
    package var facts: Facts

    /// Creates a planner.
    package init(declared: Schema, drop: DropList = DropList(), live: Schema, facts: Facts = Facts()) {
        self.declared = declared
        self.drop = drop
        self.live = live
        self.facts = facts
    }

    /// The prefix of temporary table names used by rebuilds and case-only renames.
    package static let temporaryPrefix = "_reconciler_new_"
    /// The prefix of the name a virtual table has while it is created again beside itself.
    package static let oldTablePrefix = "_reconciler_old_"

    // MARK: - Planning

    /// The ordered steps for `diff`: expand steps, then contract steps.
    /// - Throws: ``PlanError`` when SQLite cannot be brought to the declared shape.
    package func steps(for diff: SchemaDiff) throws(PlanError) -> [Step] {
        var builder = Builder(planner: self, changes: diff.changes)
        try builder.build()
        return builder.expand + builder.contract
    }

    /// The undeclared objects that a sync keeps: those `diff` found, but for the indexes that
    /// go with a column the steps drop.
    package func keptObjects(of diff: SchemaDiff, steps: [Step]) -> [SchemaObject] {
        let removed = Set(steps.flatMap(\.droppedIndexes).map(\.sqlName))
        return diff.undeclared.filter { !($0.kind == .index && removed.contains($0.name.sqlName)) }
    }

    /// What must go before any rename: SQLite refuses every `ALTER TABLE … RENAME` while a view or
    /// trigger does not compile, so the broken ones that the file declares (and the sync creates
    /// again as declared) are dropped first.
    package func preparationSteps(for renames: RenameDiff, broken: [BrokenObject]) -> [Step] {
        guard !renames.isEmpty else { return [] }
        var steps: [Step] = []
        for object in broken {
            switch object.kind {
            case .view(let name):
                guard let view = declared.view(named: name) else { continue }
                steps.append(Step(.dropView(view: name), phase: .expand, changes: [.recreateView(view: view.name)],
                                  statements: ["DROP VIEW \(SQLText.quote(name))"]))
            case .triggers(let names, _, _):
                for name in names {
                    guard let trigger = declared.trigger(named: name) else { continue }
                    steps.append(Step(.dropTrigger(trigger: name), phase: .expand,
                                      changes: [.recreateTrigger(trigger: trigger.name, table: trigger.table)],
                                      statements: ["DROP TRIGGER \(SQLText.quote(name))"]))
                }
            }
        }
        return steps
    }

    /// The steps that rename tables and columns, before anything else.
    /// - Throws: ``PlanError/sqliteTooOld(needed:change:)`` when SQLite cannot rename a column.
    package func renameSteps(_ renames: RenameDiff) throws(PlanError) -> [Step] {
        var steps: [Step] = []
        for change in renames.changes {
            switch change {
            case .renameTable(let from, let to):
                var statements = ["ALTER TABLE \(SQLText.quote(from)) RENAME TO \(SQLText.quote(to))"]
                if from.isSameName(as: to) {
                    // SQLite refuses to rename an object to a name it takes for the same one.
                    let temporary = Self.temporaryPrefix + to
                    try requireTemporaryName(temporary)
                    statements = ["ALTER TABLE \(SQLText.quote(from)) RENAME TO \(SQLText.quote(temporary))",
                                  "ALTER TABLE \(SQLText.quote(temporary)) RENAME TO \(SQLText.quote(to))"]
                }
                steps.append(Step(.renameTable(from: from, to: to), phase: .expand, changes: [change], statements: statements))
            case .renameColumn(let table, let from, let to):
                guard supportsRenameColumn else {
                    throw .sqliteTooOld(needed: "3.25.0", change: change)
                }
                let prefix = "ALTER TABLE \(SQLText.quote(table)) RENAME COLUMN "
                var statements = [prefix + "\(SQLText.quote(from)) TO \(SQLText.quote(to))"]
                if from.isSameName(as: to) {
                    let temporary = "_reconciler_renamed_" + to
                    statements = [prefix + "\(SQLText.quote(from)) TO \(SQLText.quote(temporary))",
                                  prefix + "\(SQLText.quote(temporary)) TO \(SQLText.quote(to))"]
                }
                steps.append(Step(.renameColumn(table: table, from: from, to: to), phase: .expand, changes: [change],
                                  statements: statements))
            default:
                continue
            }
        }
        return steps
    }

    /// Refuses a temporary name that a table already has: a leftover of an interrupted tool.
    func requireTemporaryName(_ name: String) throws(PlanError) {
        if facts.reservedTables.containsName(name) {
            throw .temporaryNameTaken(name)
        }
    }

    // MARK: - What ALTER TABLE accepts

    /// Whether `ALTER TABLE … ADD COLUMN` accepts this column as it is.
    static func canAddColumn(_ column: Schema.Column) -> Bool {
        if column.isPrimaryKey || column.isUnique { return false }
        if let generated = column.generated, generated.isStored { return false }
        let defaultIsNull = column.defaultValue?.isNull ?? true
        if column.isNotNull && defaultIsNull && column.generated == nil { return false }
        if let value = column.defaultValue, !value.isConstant { return false }
        if column.reference != nil && !defaultIsNull { return false }
        return true
    }

    /// The most that `ADD COLUMN` can add now so that upgrades can fill the column before the
    /// contract rebuild gives it its declared constraints; nil when it cannot be added early.
    static func relaxedColumn(_ column: Schema.Column) -> Schema.Column? {
        if column.isPrimaryKey { return nil }
        if let generated = column.generated, generated.isStored { return nil }
        var relaxed = column
        relaxed.isUnique = false
        relaxed.check = nil
        relaxed.isAutoincrement = false
        if let value = relaxed.defaultValue, !value.isConstant { relaxed.defaultValue = nil }
        if relaxed.isNotNull && (relaxed.defaultValue?.isNull ?? true) { relaxed.isNotNull = false }
        if relaxed.reference != nil && !(relaxed.defaultValue?.isNull ?? true) { relaxed.reference = nil }
        return canAddColumn(relaxed) ? relaxed : nil
    }

    var supportsDropColumn: Bool { facts.sqliteVersion >= 3_035_000 }
    var supportsRenameColumn: Bool { facts.sqliteVersion >= 3_025_000 }
    /// `ALTER TABLE … ALTER COLUMN … SET/DROP NOT NULL`.
    var supportsAlterColumnNotNull: Bool { facts.allowsAlterColumn && facts.sqliteVersion >= 3_053_000 }
}
