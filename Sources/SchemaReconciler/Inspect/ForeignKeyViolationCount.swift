import GRDB

// MARK: - ForeignKeyViolationCount

/// Rows of a table that reference missing parent rows through one foreign key.
///
/// ```swift
/// let violation = ForeignKeyViolationCount(table: "tasks", columns: ["project_id"], parent: "projects", rows: 2)
/// print(violation) // table tasks: 2 rows reference missing rows of projects (FOREIGN KEY (project_id) REFERENCES projects)
/// ```
package struct ForeignKeyViolationCount: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The child table.
    package var table: String
    /// The child columns of the foreign key.
    package var columns: [String]
    /// The parent table.
    package var parent: String
    /// How many rows reference a missing parent.
    package var rows: Int

    /// Creates a value.
    package init(table: String, columns: [String], parent: String, rows: Int) {
        self.table = table
        self.columns = columns
        self.parent = parent
        self.rows = rows
    }

    package var description: String {
        "table \(table): \(rows) row\(rows == 1 ? "" : "s") reference\(rows == 1 ? "s" : "") missing rows of \(parent) "
            + "(FOREIGN KEY (\(columns.joined(separator: ", "))) REFERENCES \(parent))"
    }
}

// MARK: - Reading

extension ForeignKeyViolationCount {
    /// What `PRAGMA foreign_key_check` finds over the whole database, or in `tables` only (those
    /// that exist), one count per foreign key with violating rows, in the order SQLite reports them.
    /// The rows of other tools' tables (`ignored`) are never counted.
    ///
    /// - Parameters:
    ///   - tables: The tables whose rows are checked; nil for every table.
    ///   - ignored: The tables of other tools, left out.
    ///   - skippingUncheckable: Whether a foreign key SQLite cannot check (its parent key is not
    ///     unique: "foreign key mismatch") is left out, with the rest of its table, rather than
    ///     thrown as SQLite's error.
    ///
    /// ```swift
    /// let counts = try ForeignKeyViolationCount.all(in: db)
    /// let orders = try ForeignKeyViolationCount.all(in: db, tables: ["orders"])
    /// ```
    package static func all(in db: Database, tables: [String]? = nil, ignoring ignored: IgnoredNames = IgnoredNames(),
                            skippingUncheckable: Bool = false) throws -> [ForeignKeyViolationCount] {
        var counts: [(table: String, id: Int, parent: String, rows: Int)] = []
        let checked = try tables ?? userTables(in: db, ignoring: ignored)
        let statements = try checked.map { try checks(of: $0.filter { !ignored.contains($0) }, in: db, skippingUncheckable: skippingUncheckable) }
            ?? checks(in: db, skippingUncheckable: skippingUncheckable)
        for statement in statements {
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                let table: String = row[0], parent: String = row[2], id: Int = row[3]
                if let index = counts.firstIndex(where: { $0.table == table && $0.id == id }) {
                    counts[index].rows += 1
                } else {
                    counts.append((table, id, parent, 1))
                }
            }
        }
        return try counts.map { count in
            let columns = try db.foreignKeys(on: count.table).first { $0.id == count.id }?.originColumns ?? []
            return ForeignKeyViolationCount(table: count.table, columns: columns, parent: count.parent, rows: count.rows)
        }
    }

    /// Every table but SQLite's own, when the database holds a table of another tool (which the
    /// check then leaves out); nil when it holds none: one check covers the database.
    private static func userTables(in db: Database, ignoring ignored: IgnoredNames) throws -> [String]? {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        return tables.contains(where: ignored.contains) ? tables : nil
    }

    /// The `PRAGMA foreign_key_check` statements that cover the database: one, or, when SQLite
    /// cannot check one of the foreign keys and they may be skipped, one per table it can check.
    private static func checks(in db: Database, skippingUncheckable: Bool) throws -> [Statement] {
        guard skippingUncheckable else { return [try db.makeStatement(sql: "PRAGMA foreign_key_check")] }
        if let whole = try? db.makeStatement(sql: "PRAGMA foreign_key_check") { return [whole] }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        return try checks(of: tables, in: db, skippingUncheckable: true)
    }

    /// One `PRAGMA foreign_key_check(table)` statement for each of `tables` that exists (and that
    /// SQLite can check, when `skippingUncheckable`).
    private static func checks(of tables: [String], in db: Database, skippingUncheckable: Bool) throws -> [Statement] {
        try tables.filter { try db.tableExists($0) }.compactMap { table in
            let sql = "PRAGMA foreign_key_check(\(SQLText.quote(table)))"
            return skippingUncheckable ? try? db.makeStatement(sql: sql) : try db.makeStatement(sql: sql)
        }
    }
}
