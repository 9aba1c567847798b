import GRDB

// MARK: - The views' columns, as SQLite reads them

extension DeclaredSQLCheck {
    /// The columns of each declared view, by the view's name as declared, read from `db`, where
    /// the check created the views with the tables they name and compiled them: the schema is
    /// built in memory once, for the check, code generation and the diagram alike. A view that
    /// SQLite cannot read, because it names a table the file does not declare (which the
    /// database may hold), has no entry.
    ///
    /// ```swift
    /// let columns = try check.readViewColumns(in: db)
    /// columns["book_titles"]?.map(\.name) // ["id", "title", "author"]
    /// ```
    func readViewColumns(in db: Database) throws -> [String: [ViewColumn]] {
        var columns: [String: [ViewColumn]] = [:]
        for view in schema.views {
            do {
                columns[view.name] = try Self.columns(of: view.name, in: db)
            } catch is DatabaseError {
                continue
            }
        }
        return columns
    }

    /// The columns of one view: the declared type of each, and for those without one, the
    /// affinity SQLite gives the column of a table created `AS SELECT` from the view.
    private static func columns(of view: String, in db: Database) throws -> [ViewColumn] {
        let declared = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) ORDER BY cid",
                                        arguments: [view])
        var columns = declared.map { row in
            let type: String = row["type"] ?? ""
            return ViewColumn(name: row["name"], declaredType: type.isEmpty ? nil : type)
        }
        guard columns.contains(where: { $0.declaredType == nil }) else { return columns }
        let probe = "_reconciler_view_columns"
        try db.execute(sql: "CREATE TEMP TABLE \(SQLText.quote(probe)) AS SELECT * FROM \(SQLText.quote(view)) LIMIT 0")
        defer { try? db.execute(sql: "DROP TABLE temp.\(SQLText.quote(probe))") }
        let affinities = try String.fetchAll(db, sql: "SELECT type FROM temp.pragma_table_info(?) ORDER BY cid",
                                             arguments: [probe])
        for index in columns.indices where index < affinities.count && !affinities[index].isEmpty {
            columns[index].affinityType = affinities[index]
        }
        return columns
    }
}
