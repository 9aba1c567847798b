import GRDB

// MARK: - TableValues

/// The values of one table of a release's database, read before the sync so that each can be
/// found again after it: by rowid where the table has one, or else among the column's values.
///
/// ```swift
/// let before = try TableValues.read(table: "people", columns: ["id", "name"], in: db)
/// before.rows.count // 4
/// ```
struct TableValues {
    /// One row: its rowid (nil for a WITHOUT ROWID table) and its values, column by column.
    struct Row {
        var rowID: Int64?
        var values: [DatabaseValue]
    }

    /// The table.
    var table: String
    /// The columns read.
    var columns: [String]
    /// The rows.
    var rows: [Row]

    /// Whether the rows carry rowids.
    var hasRowIDs: Bool { rows.first?.rowID != nil }

    /// Reads `columns` of every row of `table`, with the rowid when the table has one that no
    /// column hides.
    static func read(table: String, columns: [String], in db: Database) throws -> TableValues {
        let rowID = try rowIDName(of: table, columns: columns, in: db)
        let selected = (rowID.map { [$0] } ?? []) + columns.map(SQLText.quote)
        guard !selected.isEmpty else { return TableValues(table: table, columns: columns, rows: []) }
        let sql = "SELECT \(selected.joined(separator: ", ")) FROM \(SQLText.quote(table))"
        let rows = try GRDB.Row.fetchAll(db, sql: sql).map { row in
            let first = rowID == nil ? 0 : 1
            return Row(rowID: rowID == nil ? nil : row[0] as Int64?,
                       values: (0..<columns.count).map { row[first + $0] as DatabaseValue })
        }
        return TableValues(table: table, columns: columns, rows: rows)
    }

    /// The name that selects the table's rowid, or nil for a WITHOUT ROWID table or one whose
    /// columns take all three names.
    private static func rowIDName(of table: String, columns: [String], in db: Database) throws -> String? {
        let all = try db.columns(in: table).map(\.name)
        guard let name = SQLName.rowIDNames.first(where: { !all.containsName($0) }) else { return nil }
        do {
            _ = try DatabaseValue.fetchOne(db, sql: "SELECT \(name) FROM \(SQLText.quote(table)) LIMIT 0")
            return name
        } catch {
            return nil   // WITHOUT ROWID
        }
    }
}
