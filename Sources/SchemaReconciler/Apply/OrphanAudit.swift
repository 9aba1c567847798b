import GRDB

// MARK: - OrphanAudit

/// The foreign key check of one sync: it counts the rows that reference a missing parent, where
/// the plan says (``Plan/foreignKeyCheck``), before the steps and again after them, and refuses
/// only the rows the sync made. Rows that were there before (an app that ran with foreign keys
/// off) are kept, and warned about with their count.
///
/// Counts are compared per foreign key (table, parent and columns, under the names the sync
/// gives them), not row by row.
///
/// ```swift
/// var audit = OrphanAudit(scope: plan.foreignKeyCheck, changes: plan.changes, ignoring: file.ignoredNames)
/// try audit.countBefore(in: db)
/// // … the steps and the upgrades …
/// let kept = try audit.checkAfter(in: db) // throws ReconcileError.foreignKeyViolation
/// ```
struct OrphanAudit {
    /// Where the counts are taken.
    let scope: Plan.ForeignKeyCheck
    /// The changes of the plan, to name what was counted before as the sync leaves it.
    let changes: [Change]
    /// The tables of other tools, never counted.
    let ignored: IgnoredNames
    /// What was counted before the steps, under the names they give.
    private(set) var before: [ForeignKeyViolationCount] = []

    init(scope: Plan.ForeignKeyCheck, changes: [Change], ignoring ignored: IgnoredNames = IgnoredNames()) {
        self.scope = scope
        self.changes = changes
        self.ignored = ignored
    }

    /// Counts the rows that reference a missing parent before the steps run. A foreign key
    /// SQLite cannot check yet is left to the check after.
    mutating func countBefore(in db: Database) throws {
        guard !isEmpty else { return }
        before = try counts(in: db, scope: namedBefore, skippingUncheckable: true).map { $0.renamed(by: changes) }
    }

    /// Counts again after the steps; refuses with the first foreign key that has more rows
    /// without a parent than before (the count says how many more). Returns the counts that
    /// were no higher than before: rows the sync did not make.
    func checkAfter(in db: Database) throws -> [ForeignKeyViolationCount] {
        guard !isEmpty else { return [] }
        var kept: [ForeignKeyViolationCount] = []
        for count in try counts(in: db, scope: scope, skippingUncheckable: false) {
            let old = before.first { $0.isSameForeignKey(as: count) }?.rows ?? 0
            guard count.rows <= old else {
                var made = count
                made.rows = count.rows - old
                throw ReconcileError.foreignKeyViolation(made.violation)
            }
            kept.append(count)
        }
        return kept
    }

    // MARK: Counting

    /// Whether the plan checks no table at all.
    private var isEmpty: Bool {
        if case .tables(let tables) = scope { return tables.isEmpty }
        return false
    }

    /// The scope under the names the tables have before the steps: a table the sync renames is
    /// counted under its old name.
    private var namedBefore: Plan.ForeignKeyCheck {
        guard case .tables(let tables) = scope else { return scope }
        var named = tables
        for case .renameTable(let from, let to) in changes where tables.containsName(to) && !named.containsName(from) {
            named.append(from)
        }
        return .tables(named)
    }

    private func counts(in db: Database, scope: Plan.ForeignKeyCheck, skippingUncheckable: Bool) throws -> [ForeignKeyViolationCount] {
        switch scope {
        case .wholeDatabase:
            try ForeignKeyViolationCount.all(in: db, ignoring: ignored, skippingUncheckable: skippingUncheckable)
        case .tables(let tables):
            try ForeignKeyViolationCount.all(in: db, tables: tables, ignoring: ignored, skippingUncheckable: skippingUncheckable)
        }
    }
}
