// MARK: - CreateTableStatement

/// A `CREATE TABLE` statement, read the way SQLite reads it: the table name, each column
/// definition with its constraints, the table-level constraints and the table options. It is
/// syntax only: each constraint as written, in order; what the table means is the model's
/// business (`Schema.Table(statement)`).
///
/// Names come back unquoted (`"we""ird"` → `we"ird`, `[select]` → `select`, `'n'` → `n`);
/// expressions (CHECK, DEFAULT, GENERATED) and types keep their written text.
///
/// ```swift
/// let statement = try CreateTableStatement(sql: """
///     CREATE TABLE IF NOT EXISTS main."users" (
///         id INTEGER PRIMARY KEY AUTOINCREMENT,
///         email TEXT NOT NULL COLLATE NOCASE CHECK (length(email) > 3),
///         team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE
///     ) STRICT
///     """)
/// statement.name                        // "users"
/// statement.columns[1].constraints[1]   // ColumnConstraint(clause: .collate("NOCASE"))
/// statement.isStrict                    // true
/// ```
package struct CreateTableStatement: Sendable, Equatable {
    /// The head: `TEMP`, `IF NOT EXISTS`, the schema prefix (`main.` in `CREATE TABLE main.t`), the name.
    package var head: CreateStatementHead
    /// The table name, unquoted.
    package var name: String { head.name }
    /// The column definitions, in order.
    package var columns: [Column]
    /// The table-level constraints, in order.
    package var constraints: [TableConstraint]
    /// `STRICT` after the closing parenthesis.
    package var isStrict = false
    /// `WITHOUT ROWID` after the closing parenthesis.
    package var isWithoutRowID = false
    /// The UTF-8 offset just after the last column definition, where `ADD COLUMN` writes.
    package var columnsEnd = 0

    /// One column definition, as written: its name, its type and its constraints.
    package struct Column: Sendable, Equatable {
        /// The column name, unquoted.
        package var name: String
        /// The declared type as written (`numeric(15, 4)`, `UNSIGNED BIG INT`), nil when none.
        /// A type written as one quoted token is unquoted, as SQLite does.
        package var type: String?
        /// The column constraints, in the order written.
        package var constraints: [ColumnConstraint]
        /// The whole definition as written, from the name to the last constraint.
        package var sql: String

        /// Creates a column definition.
        package init(name: String, type: String? = nil, constraints: [ColumnConstraint] = [], sql: String = "") {
            self.name = name
            self.type = type
            self.constraints = constraints
            self.sql = sql
        }

        /// The text of the `DEFAULT` expression (of the last one, as SQLite keeps), as SQLite
        /// reports it in `PRAGMA table_xinfo`: without the parentheses of `DEFAULT (…)`.
        package var defaultExpression: String? {
            constraints.reversed().lazy.compactMap { constraint -> String? in
                if case .defaultValue(let text) = constraint.clause { return text }
                return nil
            }.first
        }
    }

    // MARK: Parsing

    /// Parses a `CREATE TABLE` statement (as stored in `sqlite_master`, or as a user writes it;
    /// comments and one trailing `;` are allowed). `CREATE TABLE … AS SELECT` is rejected.
    package init(sql: String) throws {
        var cursor = CreateStatementCursor(sql: sql)
        head = try cursor.head(.table)
        if cursor.isKeyword("AS") { throw cursor.error("CREATE TABLE … AS SELECT is not supported") }
        try cursor.expectSymbol("(")
        columns = []
        constraints = []
        try readDefinitions(&cursor)
        try cursor.expectSymbol(")")
        if columns.isEmpty { throw cursor.error("a table needs at least one column") }
        try readOptions(&cursor)
        _ = cursor.consumeSymbol(";")
        if !cursor.isAtEnd { throw cursor.error("unexpected text after the statement") }
    }

    /// The column definitions, then the table constraints, up to the closing parenthesis.
    private mutating func readDefinitions(_ cursor: inout CreateStatementCursor) throws {
        var inConstraints = false
        while true {
            if !inConstraints, TableConstraint.starts(at: cursor) { inConstraints = true }
            if inConstraints {
                constraints.append(try TableConstraint(reading: &cursor))
            } else {
                columns.append(try Self.column(&cursor))
                columnsEnd = cursor.tokens[cursor.position - 1].range.upperBound
            }
            if cursor.consumeSymbol(",") { continue }
            if cursor.isSymbol(")") { return }
            // Table constraints may follow each other without a comma.
            if inConstraints, TableConstraint.starts(at: cursor) { continue }
            throw cursor.error("expected \",\" or \")\"")
        }
    }

    /// `STRICT` and `WITHOUT ROWID`, after the closing parenthesis.
    private mutating func readOptions(_ cursor: inout CreateStatementCursor) throws {
        guard !cursor.isAtEnd, !cursor.isSymbol(";") else { return }
        repeat {
            if cursor.consumeKeywords("STRICT") {
                isStrict = true
            } else if cursor.consumeKeywords("WITHOUT") {
                guard let option = cursor.peek()?.nameValue, option.isSameName(as: "rowid") else {
                    throw cursor.error("expected ROWID")
                }
                cursor.position += 1
                isWithoutRowID = true
            } else {
                throw cursor.error("expected STRICT or WITHOUT ROWID")
            }
        } while cursor.consumeSymbol(",")
    }

    // MARK: - Column definitions

    /// A column definition: its name, its type, then its constraints up to the next `,` or `)`.
    private static func column(_ cursor: inout CreateStatementCursor) throws -> Column {
        let start = cursor.position
        var column = Column(name: try cursor.name("a column name"))
        column.type = try type(&cursor)
        while !cursor.isSymbol(","), !cursor.isSymbol(")"), !cursor.isSymbol(";"), !cursor.isAtEnd {
            try ColumnConstraint.read(&cursor, into: &column.constraints)
        }
        column.sql = cursor.text(start..<cursor.position)
        return column
    }

    /// The type after a column name: names, then at most one parenthesised size; nil when the
    /// column has none.
    private static func type(_ cursor: inout CreateStatementCursor) throws -> String? {
        let typeStart = cursor.position
        while let token = cursor.peek(), !token.isSymbol(","), !token.isSymbol(")") {
            if let keyword = token.keyword, ColumnConstraint.keywords.contains(keyword) { break }
            // `GENERATED ALWAYS AS` starts a constraint; a lone `GENERATED` may be a type name.
            if token.isKeyword("GENERATED"), cursor.isKeyword("ALWAYS", at: 1), cursor.isKeyword("AS", at: 2) { break }
            if token.isSymbol("(") {
                guard cursor.position > typeStart else { throw cursor.error("expected a type or a constraint") }
                _ = try cursor.parenthesized()
                break
            }
            guard token.nameValue != nil else { throw cursor.error("expected a type or a constraint") }
            cursor.position += 1
        }
        guard cursor.position > typeStart else { return nil }
        let typeTokens = typeStart..<cursor.position
        if typeTokens.count == 1, cursor.tokens[typeStart].kind != .word {
            return cursor.tokens[typeStart].nameValue
        }
        return sqliteTypeName(cursor.text(typeTokens))
    }

    /// A written type as SQLite keeps it: a trailing `GENERATED ALWAYS` (or `ALWAYS`) in a type
    /// of 16 characters or more is dropped, because SQLite reads those keywords as type names.
    private static func sqliteTypeName(_ written: String) -> String? {
        func dropSuffix(_ text: String, _ suffix: String) -> String? {
            guard text.count >= suffix.count, String(text.suffix(suffix.count)).isSameName(as: suffix) else { return nil }
            var text = String(text.dropLast(suffix.count))
            while let last = text.last, last.isWhitespace { text.removeLast() }
            return text
        }
        var type = written
        if type.count >= 16, let withoutAlways = dropSuffix(type, "always") {
            type = withoutAlways
            if type.count >= 9, let withoutGenerated = dropSuffix(type, "generated") { type = withoutGenerated }
        }
        return type.isEmpty ? nil : type
    }
}
