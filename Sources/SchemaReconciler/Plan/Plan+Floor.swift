// MARK: - The floor a plan leaves

extension Plan {
    /// The floor the database has once this plan ran: the oldest app version whose schema it
    /// still serves (see ``DatabaseFloor``).
    ///
    /// A new database's floor is ``toVersion``. Otherwise the floor is `previous` when every
    /// change only adds what an older build cannot trip over and every upgrade that runs says
    /// older builds read its result (`olderBuildsReadIt`), and ``toVersion`` when one does not
    /// (``raisesFloor(declared:upgradesOlderBuildsRead:)``). `compatibleFrom`, the file's
    /// `compatible_from`, raises it further when it is higher.
    ///
    /// ```swift
    /// plan.floor(after: DatabaseFloor(version: "1.0.0", setBy: "1.0.0"), declared: file.schema,
    ///            compatibleFrom: nil, upgradesOlderBuildsRead: [])
    /// // 1.0.0 after an added nullable column; 1.1.0 after a dropped one
    /// ```
    package func floor(after previous: DatabaseFloor?, declared: Schema, compatibleFrom: SemanticVersion?,
                       upgradesOlderBuildsRead: Set<SemanticVersion>) -> DatabaseFloor {
        var floor = DatabaseFloor(version: toVersion, setBy: toVersion)
        if let previous, !raisesFloor(declared: declared, upgradesOlderBuildsRead: upgradesOlderBuildsRead) {
            floor = previous
        }
        if let compatibleFrom, compatibleFrom > floor.version {
            floor = DatabaseFloor(version: compatibleFrom, setBy: toVersion)
        }
        return floor
    }

    /// Whether an app version older than this plan's could trip over what it does: it drops or
    /// renames something, tightens a constraint, changes how a table is written to, or runs an
    /// upgrade whose version is not in `upgradesOlderBuildsRead` (a code upgrade always counts).
    package func raisesFloor(declared: Schema, upgradesOlderBuildsRead: Set<SemanticVersion>) -> Bool {
        if upgrades.contains(where: { $0.kind == .code || !upgradesOlderBuildsRead.contains($0.version) }) { return true }
        return changes.contains { $0.raisesFloor(declared: declared) }
    }
}

// MARK: - Changes an older build trips over

extension Change {
    /// Whether an app version that declared the schema before this change could trip over it.
    ///
    /// A table, a column that is nullable or has a default, a non-unique index, a view, a
    /// virtual table or a trigger added keeps the floor; a drop, a rename, a changed view,
    /// trigger or virtual table, a unique index, a NOT NULL column without a default, and a
    /// table difference that ``TableDifference/raisesFloor(in:)`` raise it.
    ///
    /// ```swift
    /// Change.addColumn(table: "users", column: "nickname").raisesFloor(declared: schema) // false when nullable
    /// ```
    package func raisesFloor(declared: Schema) -> Bool {
        switch self {
        case .createTable, .createVirtualTable, .createView, .createTrigger:
            return false
        case .createIndex(let table, let index):
            return declared.table(named: table)?.index(named: index)?.isUnique ?? true
        case .recreateIndex(let table, let index, let from):
            // A renamed index is one an older build may name; a unique one refuses its writes.
            return from != index || (declared.table(named: table)?.index(named: index)?.isUnique ?? true)
        case .addColumn(let table, let column):
            guard let column = declared.table(named: table)?.column(named: column) else { return true }
            return column.isNotNull && column.defaultValue == nil && column.generated == nil
        case .alterTable(let table, let difference):
            guard let table = declared.table(named: table) else { return true }
            return difference.raisesFloor(in: table)
        case .renameTable, .renameColumn, .dropColumn, .dropTable, .dropIndex, .recreateVirtualTable,
             .recreateView, .dropView, .recreateTrigger, .dropTrigger:
            return true
        }
    }
}

extension TableDifference {
    /// Whether this difference of `table` (declared) could break an older build's writes or
    /// reads: a constraint its rows or writes could violate (``tightenings(in:addedColumns:)``),
    /// a primary key, a generated column, a column order (an `INSERT` without column names) or
    /// a conflict clause changed. A default, a collation, a type in a table that is not STRICT,
    /// a constraint dropped or renamed keep the floor.
    ///
    /// ```swift
    /// TableDifference.columnNotNull(column: "email", isAdded: true).raisesFloor(in: users) // true
    /// ```
    package func raisesFloor(in table: Schema.Table) -> Bool {
        if !tightenings(in: table, addedColumns: []).isEmpty { return true }
        switch self {
        case .primaryKey, .columnGenerated, .columnOrder, .conflictResolution: return true
        default: return false
        }
    }
}
