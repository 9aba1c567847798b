import GRDB

// MARK: - RowGenerator

/// Fills every table of a release's database with rows that satisfy its declared constraints:
/// types (STRICT ones too), NOT NULL, UNIQUE, foreign keys (each pointing at a generated parent
/// row), and CHECK where one of its literals, or a value near one, satisfies it. A row that
/// cannot be made to fit is left out, and said so in ``notes``.
///
/// ```swift
/// var generator = RowGenerator(schema: release.file.schema, rowsPerTable: 4)
/// try dbQueue.write { db in try generator.fill(db) }
/// generator.rowCount // 12
/// ```
struct RowGenerator {
    /// The release's schema.
    let schema: Schema
    /// How many rows each table gets.
    let rowsPerTable: Int
    /// The rows written.
    private(set) var rowCount = 0
    /// Rows that could not be written, and why.
    private(set) var notes: [String] = []

    /// How many different values a row is tried with before it is left out.
    static let attempts = 16

    init(schema: Schema, rowsPerTable: Int) {
        self.schema = schema
        self.rowsPerTable = rowsPerTable
    }

    // MARK: Filling

    /// Fills the tables, parents before children.
    mutating func fill(_ db: Database) throws {
        for table in fillingOrder() {
            try fill(table, in: db)
        }
    }

    /// The tables with each parent before its children (a cycle is broken in file order).
    func fillingOrder() -> [Schema.Table] {
        var ordered: [Schema.Table] = []
        var placed = Set<SQLName>()
        var visiting = Set<SQLName>()
        func visit(_ table: Schema.Table) {
            let key = table.name.sqlName
            guard !placed.contains(key), visiting.insert(key).inserted else { return }
            for foreignKey in table.allForeignKeys where !foreignKey.table.isSameName(as: table.name) {
                if let parent = schema.table(named: foreignKey.table) { visit(parent) }
            }
            placed.insert(key)
            ordered.append(table)
        }
        schema.tables.forEach(visit)
        return ordered
    }

    private mutating func fill(_ table: Schema.Table, in db: Database) throws {
        let row = RowMaker(table: table, schema: schema)
        var written = 0
        var lastProblem: String?
        for index in 0..<rowsPerTable {
            attempts: for attempt in 0..<Self.attempts {
                guard let values = try row.values(row: index, attempt: attempt, in: db) else {
                    lastProblem = "no parent row to reference"
                    break attempts
                }
                do {
                    try db.execute(sql: row.insertSQL, arguments: StatementArguments(values))
                    written += 1
                    break attempts
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                    lastProblem = error.message
                }
            }
        }
        rowCount += written
        if written < rowsPerTable {
            notes.append("table \(table.name): \(rowsPerTable - written) of \(rowsPerTable) rows could not be generated"
                         + (lastProblem.map { " (\($0))" } ?? ""))
        }
    }
}

// MARK: - RowMaker

/// The values of one row of one table, for one attempt.
private struct RowMaker {
    let table: Schema.Table
    let schema: Schema
    /// The columns written (generated columns are computed by SQLite).
    let columns: [Schema.Column]
    /// Per column offset: the values its CHECK constraints name, tried after the first attempt.
    let checkCandidates: [Int: [DatabaseValue]]
    let insertSQL: String

    init(table: Schema.Table, schema: Schema) {
        self.table = table
        self.schema = schema
        columns = table.columns.filter { $0.generated == nil }
        var candidates: [Int: [DatabaseValue]] = [:]
        for (offset, column) in columns.enumerated() {
            let checks = (column.check.map { [$0] } ?? []) + table.checks.filter { GeneratedValue.check($0, names: column.name) }
            if !checks.isEmpty { candidates[offset] = checks.flatMap(GeneratedValue.candidates(fromCheck:)) }
        }
        checkCandidates = candidates
        // OR ABORT, whatever the table's conflict clauses: a row that conflicts is tried again with
        // other values, never silently skipped (IGNORE) or written over an earlier one (REPLACE).
        insertSQL = columns.isEmpty
            ? "INSERT OR ABORT INTO \(SQLText.quote(table.name)) DEFAULT VALUES"
            : "INSERT OR ABORT INTO \(SQLText.quote(table.name)) (\(SQLText.quoteList(columns.map(\.name)))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// The values, or nil when a foreign key has no parent row to point at and cannot be NULL.
    func values(row: Int, attempt: Int, in db: Database) throws -> [DatabaseValue]? {
        var values = columns.enumerated().map { value(for: $1, at: $0, row: row, attempt: attempt) }
        for foreignKey in table.allForeignKeys {
            guard try point(foreignKey, in: &values, row: row, attempt: attempt, db: db) else { return nil }
        }
        return values
    }

    private func value(for column: Schema.Column, at offset: Int, row: Int, attempt: Int) -> DatabaseValue {
        if attempt > 0, let candidates = checkCandidates[offset] {
            return candidates[(row + attempt - 1 + offset) % candidates.count]
        }
        if isNullable(column) && row % 4 == 3 { return .null }
        return GeneratedValue.typed(GeneratedValue.kind(ofType: column.type), column: offset, row: row)
    }

    private func isNullable(_ column: Schema.Column) -> Bool {
        !column.isNotNull && !column.isPrimaryKey && !table.primaryKey.containsName(column.name)
            && !(table.isWithoutRowID && table.primaryKeyColumns.containsName(column.name))
    }

    // MARK: Foreign keys

    /// Makes the foreign key's columns hold a generated parent row's key (or NULL, every fourth
    /// row, where the columns allow it). False when there is no parent row and NULL is not allowed.
    private func point(_ foreignKey: Schema.ForeignKey, in values: inout [DatabaseValue], row: Int, attempt: Int,
                       db: Database) throws -> Bool {
        let offsets = foreignKey.columns.map { name in columns.firstIndex { $0.name.isSameName(as: name) } }
        guard offsets.allSatisfy({ $0 != nil }) else { return true }
        let childOffsets = offsets.compactMap { $0 }
        let nullable = childOffsets.allSatisfy { isNullable(columns[$0]) }
        let parentColumns = foreignKey.referencedColumns.isEmpty
            ? schema.table(named: foreignKey.table)?.primaryKeyColumns ?? [] : foreignKey.referencedColumns
        guard parentColumns.count == childOffsets.count, schema.table(named: foreignKey.table) != nil else {
            if nullable { childOffsets.forEach { values[$0] = .null } }
            return true
        }
        if nullable && row % 4 == 3 && attempt == 0 {
            childOffsets.forEach { values[$0] = .null }
            return true
        }
        var keys = try parentKeys(foreignKey.table, columns: parentColumns, db: db)
        if keys.isEmpty && foreignKey.table.isSameName(as: table.name) {
            // The first row of a table that references itself points at itself.
            let own = parentColumns.compactMap { name in columns.firstIndex { $0.name.isSameName(as: name) }.map { values[$0] } }
            if own.count == parentColumns.count { keys = [own] }
        }
        guard !keys.isEmpty else {
            if nullable { childOffsets.forEach { values[$0] = .null } }
            return nullable
        }
        let key = keys[(row + attempt) % keys.count]
        for (offset, value) in zip(childOffsets, key) { values[offset] = value }
        return true
    }

    /// The keys of the parent's rows, leaving out keys with a NULL.
    private func parentKeys(_ parent: String, columns: [String], db: Database) throws -> [[DatabaseValue]] {
        let list = SQLText.quoteList(columns)
        let notNull = columns.map { "\(SQLText.quote($0)) IS NOT NULL" }.joined(separator: " AND ")
        let rows = try Row.fetchAll(db, sql: "SELECT \(list) FROM \(SQLText.quote(parent)) WHERE \(notNull)")
        return rows.map { row in (0..<columns.count).map { row[$0] as DatabaseValue } }
    }
}
