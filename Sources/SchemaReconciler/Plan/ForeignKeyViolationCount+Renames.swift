// MARK: - Counts across a sync

extension ForeignKeyViolationCount {
    /// The count under the names `changes` give its table, columns and parent, so that a count
    /// taken before a sync can be set beside one taken after it.
    ///
    /// ```swift
    /// let before = count.renamed(by: plan.changes) // table orders → purchases
    /// ```
    package func renamed(by changes: [Change]) -> ForeignKeyViolationCount {
        var count = self
        for change in changes {
            switch change {
            case .renameTable(let from, let to):
                if count.table.isSameName(as: from) { count.table = to }
                if count.parent.isSameName(as: from) { count.parent = to }
            case .renameColumn(let table, let from, let to) where count.table.isSameName(as: table):
                count.columns = count.columns.map { $0.isSameName(as: from) ? to : $0 }
            default:
                continue
            }
        }
        return count
    }

    /// Whether `other` counts the rows of the same foreign key: the same table, parent and
    /// columns, as SQLite compares names.
    package func isSameForeignKey(as other: ForeignKeyViolationCount) -> Bool {
        table.isSameName(as: other.table) && parent.isSameName(as: other.parent)
            && columns.map(\.sqlName) == other.columns.map(\.sqlName)
    }
}

// MARK: - As a violation

extension ForeignKeyViolationCount {
    /// The rows counted, as errors and warnings name rows that do not fit a constraint.
    ///
    /// ```swift
    /// count.violation.description // table orders: 1 row violates FOREIGN KEY (customer_id) REFERENCES customers; …
    /// ```
    package var violation: ReconcileError.DataViolation {
        ReconcileError.DataViolation(table: table, constraint: .foreignKey(columns: columns, parent: parent), rows: rows)
    }
}
