import GRDB

// MARK: - ViewColumns

/// The columns of each declared view, as SQLite reads them: SQLite creates the declared tables,
/// virtual tables and views in an empty in-memory database, and says each view's column names
/// and, where it can tell, their types.
///
/// A column that a view selects from a table has that column's declared type (what
/// `sqlite3_column_decltype` returns, and `PRAGMA table_info` shows); an expression has none,
/// but may have an affinity (`CAST(count(*) AS INTEGER)`), which SQLite gives the column of a
/// table created `AS SELECT` from the view.
///
/// ```swift
/// let columns = try ViewColumns.read(file)
/// columns["book_titles"]?.map(\.name)         // ["id", "title", "author"]
/// columns["book_titles"]?.first?.declaredType // "INTEGER"
/// ```
package struct ViewColumns: Sendable, Equatable {
    /// The column's name.
    package var name: String
    /// The declared type of the table column it selects; nil for an expression.
    package var declaredType: String?
    /// The affinity of an expression, as a type name (`INT`, `REAL`, `TEXT`, `NUM`); nil when it
    /// has none.
    package var affinityType: String?

    /// The columns of every view, by the view's name as declared.
    ///
    /// - Throws: ``SchemaError`` when SQLite refuses an object, which the loader already had it
    ///   create: a collation or function that the loader had and `prepareDatabase` lacks.
    package static func read(_ file: SchemaFile, prepareDatabase: DatabasePreparation?) throws -> [String: [ViewColumns]] {
        let standIns = file.standIns.compactMap(UnregisteredSQL.init)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue.inMemory(preparedBy: { db in
                try prepareDatabase?(db)
                for standIn in standIns { _ = standIn.registerStandIn(in: db) }
            })
        } catch {
            throw SchemaError.preparationFailed(path: file.locations.location(of: .version).file,
                                                reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
        return try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            for table in file.schema.tables { try create(SchemaSQL.createTable(table), .table(table.name), file, db) }
            for table in file.schema.virtualTables {
                try create(SchemaSQL.createVirtualTable(table), .virtualTable(table.name), file, db)
            }
            for view in file.schema.views { try create(SchemaSQL.createView(view), .view(view.name), file, db) }
            var columns: [String: [ViewColumns]] = [:]
            for view in file.schema.views {
                columns[view.name] = try read(view.name, in: db)
            }
            return columns
        }
    }

    /// The columns of one view.
    private static func read(_ view: String, in db: Database) throws -> [ViewColumns] {
        let declared = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) ORDER BY cid",
                                        arguments: [view])
        var columns = declared.map { row in
            let type: String = row["type"] ?? ""
            return ViewColumns(name: row["name"], declaredType: type.isEmpty ? nil : type, affinityType: nil)
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

    /// Runs a statement that the loader already ran; throws where the file declares its object.
    private static func create(_ sql: String, _ declaration: Declaration, _ file: SchemaFile, _ db: Database) throws {
        do {
            try db.execute(sql: sql)
        } catch let error as DatabaseError {
            throw SchemaError.conflict("SQLite could not create it to read the views' columns: "
                                           + (error.message ?? "\(error)"),
                                       at: file.locations.location(of: declaration))
        }
    }
}
