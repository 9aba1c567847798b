import GRDB

// MARK: - Defaults written as SQL

extension DeclaredSQLCheck {
    /// Has SQLite compile a row that takes every default of `table` (`INSERT … DEFAULT VALUES`,
    /// prepared, never run), as it does for each row the app inserts and for each statement
    /// that fires an `INSERT` trigger on the table: SQLite reads a default written as SQL only
    /// then, not when it creates the table. (The triggers are compiled against the tables
    /// without these defaults: see ``withoutSQLDefaults(_:)``.)
    ///
    /// - A function that a default calls and no connection of the check has (`uuid()`, which
    ///   the app registers) is stood in for on `db`, and noted in ``defaultStandIns``: the app's
    ///   own SQLite creates the table and its triggers without it too, and only a row that takes
    ///   the default needs it.
    /// - Anything else SQLite refuses (a function called with the wrong number of arguments) is
    ///   refused at the default, which every such row would meet.
    ///
    /// ```swift
    /// try check.checkDefaults(of: items, in: db) // items.id: default_sql: (uuid())
    /// check.defaultStandIns.map(\.name)        // ["uuid"]
    /// ```
    mutating func checkDefaults(of table: Schema.Table, in db: Database) throws {
        let calls = table.columns.filter { $0.defaultValue?.isExpression == true }
        guard !calls.isEmpty else { return }
        let insert = "INSERT INTO \(SQLText.quote(table.name)) DEFAULT VALUES"
        let (standIns, failures) = UnregisteredSQL.standingIn(in: db, whereMessage: UnregisteredSQL.isDefaultCall) {
            db.compilationError(of: insert).map { [$0] } ?? []
        }
        for standIn in standIns where !defaultStandIns.contains(where: { $0.isSame(as: standIn) }) {
            defaultStandIns.append(standIn)
        }
        guard let message = failures.first else { return }
        let column = calls.first { refuses($0, in: db) } ?? calls[0]
        throw SchemaError.refusedBySQLite(
            "the default of column '\(column.name)' of table '\(table.name)'", message: message,
            at: location(.columnDefault(table: table.name, column: column.name),
                         orElse: .column(table: table.name, column: column.name)))
    }

    /// Whether SQLite refuses a row that takes the default of `column`, alone in a table.
    private func refuses(_ column: Schema.Column, in db: Database) -> Bool {
        guard let value = column.defaultValue else { return false }
        let probe = SQLText.quote("_reconciler_default_probe")
        guard (try? db.execute(sql: "CREATE TABLE \(probe) (x DEFAULT \(value.sqlExpression))")) != nil else { return true }
        defer { try? db.execute(sql: "DROP TABLE \(probe)") }
        return db.compilationError(of: "INSERT INTO \(probe) DEFAULT VALUES") != nil
    }
}
