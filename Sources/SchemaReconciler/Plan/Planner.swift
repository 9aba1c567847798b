// MARK: - Planner

/// Turns the differences between a declared schema and a live database into ordered SQL
/// steps. This is the only place that knows what SQLite's `ALTER TABLE` can and cannot do:
/// what it cannot do is done by rebuilding the table, as SQLite's documentation describes.
///
/// ```swift
/// let diff = try SchemaDiff(declared: file.schema, drop: file.drop, live: live)
/// let plan = try Planner(declared: file.schema, drop: file.drop, live: live, facts: facts).plan(diff)
/// ```
package struct Planner: Sendable {
    /// Facts about the live database that the plan depends on.
    package struct Facts: Sendable {
        /// Rows per live table, keyed by `sqlNameKey` of the live name.
        package var rowCounts: [String: Int]
        /// `sqlite3_libversion_number()`, such as 3040001.
        package var sqliteVersion: Int
        /// Names of tables in the reconciler's namespace other than its own state (`_reconciler…`).
        package var reservedTables: [String]

        /// Creates facts.
        package init(rowCounts: [String: Int] = [:], sqliteVersion: Int = 3_040_000, reservedTables: [String] = []) {
            self.rowCounts = rowCounts
            self.sqliteVersion = sqliteVersion
            self.reservedTables = reservedTables
        }
    }

    /// The declared schema.
    package var declared: Schema
    /// The declared drops.
    package var drop: DropList
    /// The live schema.
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

    // MARK: - Planning

    /// The ordered steps for `diff`.
    /// - Throws: ``PlanError`` when SQLite cannot be brought to the declared shape.
    package func plan(_ diff: SchemaDiff) throws -> Plan {
        var builder = Builder(planner: self, diff: diff)
        try builder.build()
        let removed = Set(builder.removedIndexes.map(\.sqlNameKey))
        let kept = diff.undeclared.filter { !($0.kind == .index && removed.contains($0.name.sqlNameKey)) }
        return Plan(steps: builder.expand + builder.contract, changes: diff.changes,
                    warnings: kept.map(\.description) + builder.warnings, undeclared: kept)
    }

    // MARK: - What ALTER TABLE accepts

    /// Whether `ALTER TABLE … ADD COLUMN` accepts this column as it is.
    static func canAddColumn(_ column: Column) -> Bool {
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
    static func relaxedColumn(_ column: Column) -> Column? {
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
}
