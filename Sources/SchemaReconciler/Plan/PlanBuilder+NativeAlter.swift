// MARK: - Native ALTER COLUMN

extension Planner.Builder {
    /// NOT NULL set or dropped by SQLite itself, `ALTER TABLE … ALTER COLUMN … SET NOT NULL` and
    /// `DROP NOT NULL` (SQLite 3.53 and later), when that is all that changes in the table: no
    /// definition is written by hand, and it works on a connection that refuses schema edits
    /// (defensive mode). Nil otherwise, for an in-place edit or a rebuild to do it.
    ///
    /// NOT NULL added is counted first, as for an in-place edit, so that rows that fail it are
    /// reported by table, column and count; it then comes after the upgrades, which may fill
    /// them. SQLite checks the rows again as it runs the statement.
    func nativeNotNullEdit(_ table: Schema.Table, live liveTable: Schema.Table, changes: TableChanges) -> TableOutcome? {
        guard planner.supportsAlterColumnNotNull, changes.added.isEmpty, changes.dropped.isEmpty,
              !changes.differences.isEmpty else { return nil }
        var statements: [String] = []
        for difference in changes.differences {
            guard case .columnNotNull(let name, let isAdded) = difference,
                  let column = liveTable.column(named: name), column.generated == nil, !column.isPrimaryKey
            else { return nil }
            statements.append("ALTER TABLE \(SQLText.quote(table.name)) ALTER COLUMN \(SQLText.quote(column.name)) "
                + (isAdded ? "SET NOT NULL" : "DROP NOT NULL"))
        }
        let constraints = mayHoldRows(table.name) ? tightenings(of: table, changes: changes) : []
        var step = Step(.editTable(table: table.name), phase: constraints.isEmpty ? .expand : .contract,
                        method: .native, changes: changes.differences.map { .alterTable(table: table.name, difference: $0) },
                        rows: rowCount(table.name), statements: statements)
        step.checks = constraints.compactMap { dataCheck(for: $0, table: table, source: liveTable, relaxed: []) }
        var outcome = TableOutcome()
        outcome.edit = step
        return outcome
    }
}
