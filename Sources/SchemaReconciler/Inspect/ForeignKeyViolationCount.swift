import GRDB

// MARK: - ForeignKeyViolationCount

/// Rows of a table that reference missing parent rows through one foreign key.
///
/// ```swift
/// let violation = ForeignKeyViolationCount(table: "tasks", columns: ["project_id"], parent: "projects", rows: 2)
/// print(violation) // table tasks: 2 rows reference missing rows of projects (FOREIGN KEY (project_id) REFERENCES projects)
/// ```
public struct ForeignKeyViolationCount: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The child table.
    public var table: String
    /// The child columns of the foreign key.
    public var columns: [String]
    /// The parent table.
    public var parent: String
    /// How many rows reference a missing parent.
    public var rows: Int

    /// Creates a value.
    public init(table: String, columns: [String], parent: String, rows: Int) {
        self.table = table
        self.columns = columns
        self.parent = parent
        self.rows = rows
    }

    public var description: String {
        "table \(table): \(rows) row\(rows == 1 ? "" : "s") reference\(rows == 1 ? "s" : "") missing rows of \(parent) "
            + "(FOREIGN KEY (\(columns.joined(separator: ", "))) REFERENCES \(parent))"
    }

    /// Whether both counts are about the same foreign key: the same child table and columns,
    /// and the same parent, as SQLite compares names.
    package func isSameForeignKey(as other: ForeignKeyViolationCount) -> Bool {
        table.isSameName(as: other.table) && parent.isSameName(as: other.parent)
            && columns.count == other.columns.count && zip(columns, other.columns).allSatisfy { $0.isSameName(as: $1) }
    }
}

// MARK: - Reading

extension ForeignKeyViolationCount {
    /// What `PRAGMA foreign_key_check` finds, one count per foreign key with violating rows, in
    /// the order SQLite reports them: over the whole database, or over `tables` only.
    ///
    /// ```swift
    /// let counts = try ForeignKeyViolationCount.all(in: db, tables: ["orders"])
    /// ```
    package static func all(in db: Database, tables: [String]? = nil) throws -> [ForeignKeyViolationCount] {
        var counts: [(table: String, id: Int, parent: String, rows: Int)] = []
        for statement in try checks(tables, in: db) {
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

    /// The `PRAGMA foreign_key_check` statements that cover `tables`, or every table when nil:
    /// one statement, or, when SQLite cannot check one of the foreign keys (its parent key is
    /// not unique: "foreign key mismatch"), one per table it can check.
    private static func checks(_ tables: [String]?, in db: Database) throws -> [Statement] {
        if let tables { return try tables.map { try check($0, in: db) } }
        if let whole = try? db.makeStatement(sql: "PRAGMA foreign_key_check") { return [whole] }
        return try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            .compactMap { try? check($0, in: db) }
    }

    private static func check(_ table: String, in db: Database) throws -> Statement {
        try db.makeStatement(sql: "PRAGMA foreign_key_check(\(SQLText.quote(table)))")
    }
}
