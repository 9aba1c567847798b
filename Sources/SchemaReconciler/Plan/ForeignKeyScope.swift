// MARK: - ForeignKeyScope

/// Where a plan could leave rows that reference missing parent rows, and which of those rows a
/// sync refuses: the foreign keys it adds or changes, the tables whose rows it copies, and the
/// tables that reference a table it rebuilds, edits, renames or drops. Everywhere else, the
/// rows are as they were, and so are their foreign keys.
///
/// A foreign key the sync adds or changes, and a table it copies, must hold for every row; a
/// foreign key it leaves as it is only must not gain violating rows (old ones, which apps that
/// ran with foreign keys off often have, are reported, not held against the sync).
///
/// ```swift
/// let scope = ForeignKeyScope(plan, declared: file.schema)
/// let counts = try ForeignKeyViolationCount.all(in: db, tables: scope.tables)
/// ```
package struct ForeignKeyScope: Sendable {
    /// The tables to check after the sync, by their declared names; nil for every table (the
    /// upgrades run without foreign key enforcement, and could write anywhere).
    package var tables: [String]?
    /// The tables whose rows the sync copies.
    package var copiedTables: Set<SQLName>
    /// The foreign keys the sync adds or changes, as counts of no rows.
    package var changedKeys: [ForeignKeyViolationCount]

    /// The scope of `plan`, whose declared schema is `declared`. `enforced` says whether SQLite
    /// enforces foreign keys while the upgrades run.
    package init(_ plan: Plan, declared: Schema, enforced: Bool = true) {
        var copied = Set<SQLName>(), touched = Set<SQLName>(), dropped = Set<SQLName>()
        for step in plan.steps {
            guard let table = step.table else { continue }
            switch step.action {
            case .rebuildTable: copied.insert(table.sqlName)
            case .dropTable: dropped.insert(table.sqlName)
            case .editTable, .renameTable, .renameColumn: break
            default: continue
            }
            touched.insert(table.sqlName)
        }
        changedKeys = plan.changes.compactMap { change in
            guard case .alterTable(let table, .foreignKey(let columns, let parent, true)) = change else { return nil }
            return ForeignKeyViolationCount(table: table, columns: columns, parent: parent, rows: 0)
        }
        copiedTables = copied
        guard enforced || plan.upgrades.isEmpty else {
            tables = nil
            return
        }
        var names = copied.union(changedKeys.map(\.table.sqlName))
        for table in declared.tables where table.allForeignKeys.contains(where: { touched.contains($0.table.sqlName) }) {
            names.insert(table.name.sqlName)
        }
        tables = declared.tables.map(\.name).filter { names.contains($0.sqlName) && !dropped.contains($0.sqlName) }
    }

    /// Whether every row violating `count`'s foreign key is refused: the sync added or changed
    /// it, or copied its table. Otherwise only rows beyond those there before are.
    package func refusesEveryViolation(of count: ForeignKeyViolationCount) -> Bool {
        copiedTables.contains(count.table.sqlName) || changedKeys.contains { $0.isSameForeignKey(as: count) }
    }
}
