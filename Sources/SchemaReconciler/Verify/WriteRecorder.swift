import GRDB

// MARK: - WriteRecorder

/// Records the rows that statements update or delete during a sync, so that the check of
/// generated values can tell a value an upgrade changed from one the sync lost.
///
/// The sync's own steps never update or delete rows of a user table (a rebuild inserts into a
/// new table and drops the old one), so every write recorded here is an upgrade's, or a
/// trigger's that an upgrade fired.
///
/// ```swift
/// let recorder = WriteRecorder()
/// dbQueue.add(transactionObserver: recorder)
/// try reconciler.sync(dbQueue)
/// recorder.mayHaveChanged(table: "users", column: "email", rowID: 3)
/// ```
final class WriteRecorder: TransactionObserver, @unchecked Sendable {
    /// Per table (by SQLite's name key): the columns some statement updates.
    private var updatedColumns: [SQLName: Set<SQLName>] = [:]
    /// The tables some statement deletes from.
    private var deletingTables: Set<SQLName> = []
    /// Per table: the rowids of rows updated or deleted (tables with rowids only).
    private var touchedRows: [SQLName: Set<Int64>] = [:]

    // MARK: Queries

    /// Whether a statement may have changed this value: its column was updated (in this row,
    /// when rows are known), or its row deleted.
    func mayHaveChanged(table: String, column: String, rowID: Int64?) -> Bool {
        let key = table.sqlName
        guard updatedColumns[key]?.contains(column.sqlName) == true || deletingTables.contains(key) else { return false }
        guard let rowID, let rows = touchedRows[key] else { return true }
        return rows.contains(rowID)
    }

    /// Whether a statement may have given rows of `table` another rowid: it updated one of
    /// `rowIDColumns` (the table's rowid alias, `rowid` and its other names), so that a row is
    /// no longer found under the rowid it had.
    func mayHaveMovedRows(of table: String, rowIDColumns: [String]) -> Bool {
        guard let updated = updatedColumns[table.sqlName] else { return false }
        return rowIDColumns.contains { updated.contains($0.sqlName) }
    }

    /// Whether a statement may have deleted this row.
    func mayHaveDeleted(table: String, rowID: Int64?) -> Bool {
        let key = table.sqlName
        guard deletingTables.contains(key) else { return false }
        guard let rowID, let rows = touchedRows[key] else { return true }
        return rows.contains(rowID)
    }

    // MARK: TransactionObserver

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind {
        case .insert:
            return false
        case .update(let table, let columns):
            guard Self.isUserTable(table) else { return false }
            updatedColumns[table.sqlName, default: []].formUnion(columns.map(\.sqlName))
            return true
        case .delete(let table):
            guard Self.isUserTable(table) else { return false }
            deletingTables.insert(table.sqlName)
            return true
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        guard event.kind != .insert else { return }
        touchedRows[event.tableName.sqlName, default: []].insert(event.rowID)
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}

    private static func isUserTable(_ name: String) -> Bool {
        !name.lowercased().hasPrefix("sqlite_") && !name.lowercased().hasPrefix(StoredState.stateTable.lowercased())
    }
}
