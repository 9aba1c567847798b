// MARK: - Virtual tables

extension Planner.Builder {
    /// New and changed virtual tables, once the ordinary tables are in shape. A full-text index
    /// that reads another table's rows (`content=…`) is filled from it with the module's
    /// `'rebuild'` command; a changed one that stores its own rows is created again beside the
    /// old one, which its rows are copied from.
    mutating func planVirtualTables() throws(PlanError) {
        for (table, change) in virtualTables {
            let create = SchemaSQL.createVirtualTable(table)
            let rebuild = table.contentTable == nil ? []
                : ["INSERT INTO \(SQLText.quote(table.name)) (\(SQLText.quote(table.name))) VALUES ('rebuild')"]
            guard case .recreateVirtualTable = change, let old = live.virtualTable(named: table.name) else {
                expand.append(Step(.createVirtualTable(table: table.name), phase: .expand, changes: [change],
                                   statements: [create] + rebuild))
                continue
            }
            let statements: [String]
            if old.isContentless {
                throw .contentlessVirtualTable(table.name)
            } else if table.contentTable != nil {
                statements = ["DROP TABLE \(SQLText.quote(old.name))", create] + rebuild
            } else {
                statements = try copyStatements(from: old, to: table, create: create)
            }
            expand.append(Step(.rebuildVirtualTable(table: table.name), phase: .expand, method: .rebuild,
                               changes: [change], statements: statements))
        }
    }

    /// Renames the old table away, creates the new one, copies the rows (the columns both have,
    /// and the rowid of a full-text table), and drops the old one.
    private func copyStatements(from old: Schema.VirtualTable, to table: Schema.VirtualTable,
                                create: String) throws(PlanError) -> [String] {
        let temporary = Planner.oldTablePrefix + table.name
        try planner.requireTemporaryName(temporary)
        let kept = (table.declaredColumns ?? old.columns).filter { old.columns.containsName($0) }
        var columns = kept.map(SQLText.quote)
        if table.isFullText { columns.insert("rowid", at: 0) }
        let list = columns.joined(separator: ", ")
        return [
            "ALTER TABLE \(SQLText.quote(old.name)) RENAME TO \(SQLText.quote(temporary))",
            create,
            "INSERT INTO \(SQLText.quote(table.name)) (\(list)) SELECT \(list) FROM \(SQLText.quote(temporary))",
            "DROP TABLE \(SQLText.quote(temporary))",
        ]
    }
}
