import GRDB

// MARK: - DeclaredSQLCheck

/// Has SQLite create the declared schema in empty in-memory databases, one statement at a
/// time (tables in groups, views and triggers with the tables they name), so that what SQLite
/// would refuse during a sync is invalid input, found before anything is touched and located
/// where schema.yaml declares it: a syntax error in a CHECK or WHERE, a collation or function
/// that no connection has, a default that is not constant, a generated column over a missing
/// column, a STRICT column whose default it cannot store, a value that holds a second statement.
///
/// Each database is prepared as the app prepares the connections the reconciler opens, so that
/// the app's own collations and functions are there. Views and triggers are then compiled
/// against the declared tables: a column or table they name that is not there is an error
/// too, unless it is a table the file does not declare at all, which the database may hold,
/// undeclared.
///
/// ```swift
/// var check = DeclaredSQLCheck(schema: file.schema, locations: file.locations, preparation: options.prepareDatabase)
/// try check.run()
/// ```
struct DeclaredSQLCheck {
    /// The declared schema.
    var schema: Schema
    /// Where each object is declared, as ``SchemaFile/locations``.
    var locations: [Declaration: SourceLocation]
    /// What prepares each database of the check: the app's collations and functions.
    var preparation: DatabasePreparation?
    /// Whether a collation or function that no connection has is stood in for by one that does
    /// nothing, and recorded in ``standIns``, rather than refused: for the `reconcile` command,
    /// which cannot run the app's code, and for the files of past releases.
    var standsInForUnregisteredSQL = false
    /// The collations and functions stood in for, in the order met, each as the
    /// ``SchemaError/unregistered(_:kind:in:at:)`` error a check without stand-ins throws.
    var standIns: [SchemaError] = []
    /// The functions that declared defaults call and no connection of the check has, stood in
    /// for where the check compiles a row that takes the default, whatever
    /// ``standsInForUnregisteredSQL`` says: SQLite needs them only for a row that takes the
    /// default, and the check inserts none (see ``checkDefaults(of:in:)``).
    var defaultStandIns: [UnregisteredSQL] = []
    /// The columns of each declared view as SQLite reads them, once ``run()`` has created and
    /// compiled the views (see ``readViewColumns(in:)``): what ``SchemaFile/viewColumns`` holds.
    var viewColumns: [String: [ViewColumn]] = [:]

    /// Tables checked in one database. SQLite finds each new table's row in `sqlite_schema` by
    /// scanning it, so a database of n tables costs n² to build: groups keep the check linear.
    static let tablesPerDatabase = 50

    /// Throws ``SchemaError/refusedBySQLite(_:message:at:)`` (or ``SchemaError/invalidValue(_:for:in:reason:at:)``
    /// for a STRICT default, ``SchemaError/unregistered(_:kind:in:at:)`` for a collation,
    /// function or tokenizer no connection has) for the first object SQLite refuses.
    mutating func run() throws {
        // A table, its indexes and its defaults need no other table: each group on its own.
        let tables = schema.tables
        for start in stride(from: 0, to: tables.count, by: Self.tablesPerDatabase) {
            try database().inDatabase { db in
                let group = tables[start..<min(start + Self.tablesPerDatabase, tables.count)]
                for table in group {
                    try create(table, in: db)
                }
                // Once every table is made, so that a stand-in for a default never lets a
                // CHECK or an index that calls the same function through unseen; and without
                // foreign keys, whose parents another group may hold: a row compiled with them
                // on needs its parent table.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                for table in group {
                    try checkDefaults(of: table, in: db)
                }
            }
        }
        guard !schema.virtualTables.isEmpty || !schema.views.isEmpty || !schema.triggers.isEmpty else { return }
        try database().inDatabase { db in
            // Compiling a statement that fires a trigger must not need the tables that foreign
            // keys point to: only those the objects name are here.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            // The tables these objects name, already checked above, without the defaults written
            // as SQL: checked above too, they would only bring in the functions they call.
            for table in namedTables() {
                try db.execute(sql: SchemaSQL.createTable(Self.withoutSQLDefaults(table)))
            }
            for table in schema.virtualTables {
                try create(SchemaSQL.createVirtualTable(table), what: "virtual table '\(table.name)'",
                           at: .virtualTable(table.name), in: db)
            }
            for view in schema.views {
                try create(SchemaSQL.createView(view), what: "view '\(view.name)'", at: .view(view.name), in: db)
            }
            for trigger in schema.triggers {
                try create(SchemaSQL.createTrigger(trigger), what: "trigger '\(trigger.name)'",
                           at: .trigger(trigger.name), in: db)
            }
            try compileViewsAndTriggers(in: db)
            viewColumns = try readViewColumns(in: db)
        }
    }

    /// An empty database in memory, prepared as the app prepares its connections, with the
    /// stand-ins registered so far.
    private func database() throws -> DatabaseQueue {
        let standIns = standIns.compactMap(UnregisteredSQL.init)
        do {
            return try DatabaseQueue.inMemory(preparedBy: { [preparation] db in
                try preparation?(db)
                for standIn in standIns { standIn.registerStandIn(in: db) }
            })
        } catch {
            throw SchemaError.preparationFailed(path: location(.version).file,
                                                reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }

    /// Creates a declared table and its indexes, and checks its STRICT defaults.
    private mutating func create(_ table: Schema.Table, in db: Database) throws {
        try create(SchemaSQL.createTable(table), what: "table '\(table.name)'", at: .table(table.name), in: db)
        try checkStrictDefaults(of: table, in: db)
        for index in table.indexes {
            try create(SchemaSQL.createIndex(index, on: table.name),
                       what: "index '\(index.name)' of table '\(table.name)'",
                       at: .index(table: table.name, index: index.name), in: db)
        }
    }

    /// `table` without its defaults written as SQL: a statement that fires a trigger then
    /// needs no function that only a default calls (``checkDefaults(of:in:)`` checks them).
    private static func withoutSQLDefaults(_ table: Schema.Table) -> Schema.Table {
        var table = table
        for index in table.columns.indices where table.columns[index].defaultValue?.isExpression == true {
            table.columns[index].defaultValue = nil
        }
        return table
    }

    /// The declared tables whose names appear in a view, trigger or virtual table, in file order
    /// (a name that only looks like one, in a string say, brings a table that is not needed,
    /// which is harmless).
    private func namedTables() -> [Schema.Table] {
        var names = Set<SQLName>()
        let texts = schema.views.map(\.select) + schema.triggers.map(\.sql)
            + schema.virtualTables.map { $0.arguments.joined(separator: ", ") }
        for text in texts {
            for token in SQLTokenizer.tokens(in: text) {
                if let name = token.nameValue { names.insert(name.sqlName) }
            }
        }
        for trigger in schema.triggers { names.insert(trigger.table.sqlName) }
        return schema.tables.filter { names.contains($0.name.sqlName) }
    }

    // MARK: Statements

    /// Runs one statement, refusing text that holds more than one; runs it again after a
    /// stand-in is registered for a collation or function it names.
    private mutating func create(_ sql: String, what: String, at path: Declaration, in db: Database) throws {
        while true {
            do {
                try db.makeStatement(sql: sql).execute()
                return
            } catch let error as DatabaseError {
                let message = error.resultCode == .SQLITE_MISUSE && (error.message ?? "").hasPrefix("Multiple statements")
                    ? "it holds more than one SQL statement; write only its own SQL, without ';'"
                    : error.message ?? error.description
                try refuse(what, message: message, at: path, in: db)
            }
        }
    }

    /// Throws the error for SQLite's `message` about `what`, declared at `path`. When the check
    /// stands in for the collation or function the message names, registers the stand-in on
    /// `db` instead, and returns for the statement to be tried again.
    mutating func refuse(_ what: String, message: String, at path: Declaration, in db: Database) throws {
        guard let missing = UnregisteredSQL(message: message) else {
            throw SchemaError.refusedBySQLite(what, message: message, at: location(path))
        }
        let error = unregistered(missing, by: what, at: path)
        let isNew = !standIns.contains { UnregisteredSQL($0)?.isSame(as: missing) == true }
        guard standsInForUnregisteredSQL, isNew, missing.registerStandIn(in: db) else { throw error }
        standIns.append(error)
    }

    /// The error for `missing`, used by `what`: by the column of a table that names it in its
    /// collation, CHECK or generated expression, when one does.
    private func unregistered(_ missing: UnregisteredSQL, by what: String, at path: Declaration) -> SchemaError {
        let kind = missing.kind.rawValue
        guard case .table(let name) = path, let table = schema.tables.first(where: { $0.name.sqlName == name }),
              let column = table.columns.first(where: { Self.column($0, uses: missing) }) else {
            return .unregistered(missing.name, kind: kind, in: what, at: location(path))
        }
        return .unregistered(missing.name, kind: kind, in: "column '\(column.name)' of table '\(table.name)'",
                             at: location(.column(table: table.name, column: column.name), orElse: path))
    }

    /// Whether `column` names `missing`: as its collation, or in its CHECK or generated expression.
    private static func column(_ column: Schema.Column, uses missing: UnregisteredSQL) -> Bool {
        if missing.kind == .collation, column.collation?.isSameName(as: missing.name) == true { return true }
        return [column.check, column.generated?.expression].contains { text in
            text.map { SQLTokenizer.tokens(in: $0).contains { $0.nameValue?.isSameName(as: missing.name) == true } } ?? false
        }
    }

    /// Each literal default of a STRICT table is one SQLite can store in its column: SQLite
    /// converts a value when it can do so without loss, and refuses the rows otherwise.
    private func checkStrictDefaults(of table: Schema.Table, in db: Database) throws {
        guard table.isStrict else { return }
        for column in table.columns {
            guard let value = column.defaultValue, !value.isNull, !value.isExpression, let type = column.type else { continue }
            let probe = "_reconciler_probe"
            try db.execute(sql: "CREATE TABLE \(SQLText.quote(probe)) (x \(type) DEFAULT \(value.sqlExpression)) STRICT")
            defer { try? db.execute(sql: "DROP TABLE \(SQLText.quote(probe))") }
            do {
                try db.execute(sql: "INSERT INTO \(SQLText.quote(probe)) DEFAULT VALUES")
            } catch is DatabaseError {

                throw SchemaError.invalidValue(
                    value.displayText, for: "default", in: "column '\(column.name)' of table '\(table.name)'",
                    reason: "a strict \(type.uppercased()) column cannot store it; every row given this default "
                        + "would be refused", at: location(.columnDefault(table: table.name, column: column.name),
                                                       orElse: .column(table: table.name, column: column.name)))
            }
        }
    }

    // MARK: Locations

    /// Where `declaration` is made (or `fallback`).
    func location(_ declaration: Declaration, orElse fallback: Declaration? = nil) -> SourceLocation {
        if locations[declaration] == nil, let fallback { return locations.location(of: fallback) }
        return locations.location(of: declaration)
    }
}
