import GRDB

// MARK: - Finding broken views and triggers

extension BrokenObject {
    /// The views and triggers of the `main` schema that SQLite can no longer compile, found by
    /// preparing (never running) a statement that reads each view, and an `INSERT`, `UPDATE` or
    /// `DELETE` that fires each group of triggers. Nothing is written. Other tools' views and
    /// triggers (`ignored`, or on a table it names) are never read.
    ///
    /// ```swift
    /// try db.execute(sql: "CREATE TABLE t (a); CREATE VIEW v AS SELECT a FROM t; ALTER TABLE t RENAME COLUMN a TO b")
    /// try BrokenObject.all(in: db) // [] — SQLite rewrote the view
    /// ```
    package static func all(in db: Database, ignoring ignored: IgnoredNames = IgnoredNames()) throws -> [BrokenObject] {
        let entries = try Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name, sql FROM main.sqlite_master
            WHERE type IN ('view', 'trigger') ORDER BY rowid
            """)
        var broken: [BrokenObject] = []
        for entry in entries where (entry["type"] as String?) == "view" {
            let name: String = entry["name"] ?? ""
            guard !ReservedName.contains(name), !ignored.contains(name) else { continue }
            if let message = db.compilationError(of: "SELECT * FROM main.\(SQLText.quote(name))") {
                broken.append(BrokenObject(kind: .view(name: name), message: message))
            }
        }

        // Triggers, grouped by the table and statement that fire them, in schema order.
        var groups: [(table: String, event: TriggerStatement.Event, names: [String])] = []
        for entry in entries where (entry["type"] as String?) == "trigger" {
            let name: String = entry["name"] ?? ""
            let table: String = entry["tbl_name"] ?? ""
            guard !ReservedName.contains(name), !ReservedName.contains(table), !ignored.ignores(name, table: table),
                  let sql = entry["sql"] as String?,
                  case .success(let head) = TriggerStatement.parse(sql), let event = head.event else { continue }
            if let index = groups.firstIndex(where: { $0.table.isSameName(as: table) && $0.event == event }) {
                groups[index].names.append(name)
            } else {
                groups.append((table, event, [name]))
            }
        }
        for group in groups {
            guard let sql = statement(firing: group.event, on: group.table, db: db),
                  let message = db.compilationError(of: sql) else { continue }
            broken.append(BrokenObject(kind: .triggers(names: group.names, table: group.table,
                                                       event: group.event.rawValue),
                                       message: message))
        }
        return broken
    }

    /// The broken views and triggers of `db` once a stand-in is registered on it for each
    /// collation and function of the app's own that they need (``UnregisteredSQL``): a function
    /// that a table's default calls is needed by every `INSERT` that fires a trigger on it. For
    /// a connection of the reconciler's own that never writes a row to the user's database (an
    /// empty database in memory). Returns what is still broken, and what was stood in for.
    ///
    /// ```swift
    /// let (broken, standIns) = try BrokenObject.standingIn(in: scratch)
    /// ```
    package static func standingIn(in db: Database, ignoring ignored: IgnoredNames = IgnoredNames())
        throws -> (broken: [BrokenObject], standIns: [UnregisteredSQL]) {
        var broken: [BrokenObject] = []
        let (standIns, _) = try UnregisteredSQL.standingIn(in: db) {
            broken = try all(in: db, ignoring: ignored)
            return broken.map(\.message)
        }
        return (broken, standIns)
    }

    /// Whether SQLite cannot compile it only because the connection lacks a collation or
    /// function of the app's own (a function that a table's default calls, say): nothing that a
    /// sync changed, and the app's own connections have it.
    package var needsUnregisteredSQL: Bool {
        UnregisteredSQL(message: message) != nil
    }

    /// A statement that fires the `event` triggers of `table`; nil when the table's columns
    /// cannot be read (a broken view, reported as such).
    private static func statement(firing event: TriggerStatement.Event, on table: String, db: Database) -> String? {
        let target = "main." + SQLText.quote(table)
        switch event {
        case .insert:
            return "INSERT INTO \(target) DEFAULT VALUES"
        case .delete:
            return "DELETE FROM \(target)"
        case .update:
            // Every column that can be assigned, so that `UPDATE OF` triggers fire too.
            guard let rows = try? Row.fetchAll(db, sql: "PRAGMA main.table_xinfo(\(SQLText.quote(table)))") else {
                return nil
            }
            let columns = rows.filter { ($0["hidden"] as Int? ?? 0) == 0 }
                .compactMap { $0["name"] as String? }
                .map { "\(SQLText.quote($0)) = \(SQLText.quote($0))" }
            guard !columns.isEmpty else { return nil }
            return "UPDATE \(target) SET " + columns.joined(separator: ", ")
        }
    }
}
