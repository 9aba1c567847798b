// MARK: - StepDeferral

/// Which steps of a plan may wait for a later `finishDeferredWork(databaseAt:)`:
/// those whose hazards are all of the kinds an app lets wait, and which the new app's reads and
/// writes do not need.
///
/// A step the app does not need either removes what it no longer uses (a declared drop), adds
/// what its rows are checked against (a NOT NULL, UNIQUE, CHECK or foreign key, a stricter
/// type: the schema left meanwhile accepts every write the declared one does), or builds an
/// index that is not UNIQUE. A UNIQUE index never waits: an upsert's `ON CONFLICT` names it.
///
/// ```swift
/// let deferral = StepDeferral(kinds: [.dropsData, .copiesRows], declared: declared, live: live)
/// let split = deferral.split(steps)
/// split.now    // what the sync runs
/// split.later  // drop column books.body, and the rows it copies
/// ```
package struct StepDeferral: Sendable {
    /// The hazard kinds that may wait.
    package var kinds: Set<Hazard.Kind>
    /// The declared schema.
    package var declared: Schema
    /// The live schema, renames done.
    package var live: Schema

    /// Creates a deferral.
    package init(kinds: Set<Hazard.Kind>, declared: Schema, live: Schema) {
        self.kinds = kinds
        self.declared = declared
        self.live = live
    }

    /// `steps` split into what runs now and what waits, each in its order. Once a step of a
    /// table waits, every later step of that table waits with it, or none does; nothing of the
    /// tables `excluded` names waits.
    package func split(_ steps: [Step], excluding excluded: Set<SQLName> = []) -> (now: [Step], later: [Step]) {
        var waits = steps.map { step in mayWait(step) && !(step.table.map { excluded.contains($0.sqlName) } ?? false) }
        for table in Set(steps.compactMap { $0.table?.sqlName }) {
            let indices = steps.indices.filter { steps[$0].table?.sqlName == table }
            guard let first = indices.first(where: { waits[$0] }) else { continue }
            if indices.contains(where: { $0 > first && !waits[$0] }) {
                for index in indices { waits[index] = false }
            }
        }
        var now: [Step] = [], later: [Step] = []
        for (step, waiting) in zip(steps, waits) {
            if waiting { later.append(step) } else { now.append(step) }
        }
        return (now, later)
    }

    /// The columns that steps which wait drop, by table, whose NOT NULL without a default would
    /// refuse an INSERT of the new app, which no longer names them: they are made nullable now,
    /// before any other step (each edit after writes the definition it leaves).
    package func columnsToRelax(in later: [Step]) -> [(table: String, column: String)] {
        var columns: [(table: String, column: String)] = []
        for step in later {
            for case .dropColumn(let table, let column) in step.changes {
                guard let live = live.table(named: table)?.column(named: column), live.isNotNull,
                      live.defaultValue == nil, live.generated == nil else { continue }
                columns.append((table, column))
            }
        }
        return columns
    }

    // MARK: Deciding

    /// Whether `step` may wait: it has hazards, every one of a kind that may, and the app does
    /// not need what it does.
    private func mayWait(_ step: Step) -> Bool {
        let hazards = step.hazards
        guard !hazards.isEmpty, hazards.allSatisfy({ kinds.contains($0.kind) }) else { return false }
        if case .createIndex(_, _, let isUnique) = step.action { return !isUnique }
        return step.phase == .contract && step.changes.allSatisfy(isUnneeded)
    }

    /// Whether the new app's reads and writes work without `change`.
    private func isUnneeded(_ change: Change) -> Bool {
        switch change {
        case .dropTable:
            return true
        case .createIndex(let table, let index), .recreateIndex(let table, let index, _):
            return declared.table(named: table)?.index(named: index)?.isUnique == false
        case .dropColumn(let table, let column):
            // A key column stays: rows are found by it.
            return !(live.table(named: table)?.primaryKeyColumns.containsName(column) ?? true)
        case .alterTable(let table, let difference):
            guard let declaredTable = declared.table(named: table) else { return false }
            return !difference.tightenings(in: declaredTable, addedColumns: []).isEmpty && !difference.loosens
        default:
            return false
        }
    }
}

private extension TableDifference {
    /// Whether the difference lets the table accept a write it refused: the new app may make one.
    var loosens: Bool {
        switch self {
        case .columnNotNull(_, false), .unique(_, false), .check(_, false), .foreignKey(_, _, false),
             .strict(false), .columnType, .columnCollation, .columnDefault, .primaryKey, .columnGenerated:
            return true
        default:
            return false
        }
    }
}
