import SchemaReconciler

// MARK: - Planning without a database

/// The plan of `declared` against `live`, made by the pure stages alone (renames, diff, planner),
/// with row counts by table name. Renames are planned, but not applied to `live`: tests of what
/// follows a rename give a live schema that has it already.
func planSteps(declared: Schema, live: Schema, drop: DropList = DropList(), rows: [String: Int] = [:],
               sqliteVersion: Int = 3_040_001) throws -> Plan {
    let renames = try RenameDiff(declared: declared, live: live)
    let diff = try SchemaDiff(declared: declared, drop: drop, live: live)
    let facts = Planner.Facts(rowCounts: Dictionary(uniqueKeysWithValues: rows.map { ($0.key.sqlName, $0.value) }),
                              sqliteVersion: sqliteVersion)
    let planner = Planner(declared: declared, drop: drop, live: live, facts: facts)
    let steps = try planner.renameSteps(renames) + planner.steps(for: diff)
    return Plan(toVersion: "1.0.0", steps: steps, changes: renames.changes + diff.changes,
                warnings: planner.keptObjects(of: diff, steps: steps).map(SyncWarning.undeclared))
}

extension Step {
    /// Whether the step rebuilds its table, copying this many rows.
    func isRebuild(rows: Int) -> Bool {
        method == .rebuild && self.rows == rows
    }

    /// Whether the step rebuilds its table.
    var isRebuild: Bool { method == .rebuild }
}

extension SyncReport {
    /// Whether the sync rebuilt this table.
    func rebuilt(_ table: String) -> Bool {
        plan.steps.contains { $0.isRebuild && $0.table == table }
    }

    /// Whether the sync edited the table's definition in place.
    func editedInPlace(_ table: String) -> Bool {
        plan.steps.contains { $0.method == .inPlace && $0.table == table }
    }
}

extension Array where Element == SyncWarning {
    /// The undeclared objects the warnings report.
    var undeclared: [SchemaObject] {
        compactMap { $0.payload(as: SyncWarning.Undeclared.self)?.object }
    }
}
