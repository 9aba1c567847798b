// MARK: - CreateTableStatement

/// A `CREATE TABLE` statement, read the way SQLite reads it: the table name, each column
/// definition with its constraints, the table-level constraints and the table options.
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
/// statement.name                 // "users"
/// statement.columns[1].collation // "NOCASE"
/// statement.isStrict             // true
/// statement.table                // the same table as a model value
/// ```
package struct CreateTableStatement: Sendable, Equatable {
    /// The head: `TEMP`, `IF NOT EXISTS`, the schema prefix (`main.` in `CREATE TABLE main.t`), the name.
    package var head: CreateStatementHead
    /// The table name, unquoted.
    package var name: String { head.name }
    /// The column definitions, in order.
    package var columns: [ColumnDefinition]
    /// The table-level constraints, in order.
    package var constraints: [TableConstraint]
    /// What each table-level constraint says besides its columns, in the same order.
    package var constraintDetails: [ConstraintDetails]
    /// `STRICT` after the closing parenthesis.
    package var isStrict: Bool
    /// `WITHOUT ROWID` after the closing parenthesis.
    package var isWithoutRowID: Bool
    /// The UTF-8 offset just after the last column definition, where `ADD COLUMN` writes.
    package var columnsEnd = 0

    // MARK: Nested types

    /// One column definition and its column-level constraints.
    package struct ColumnDefinition: Sendable, Equatable {
        /// The column name, unquoted.
        package var name: String
        /// The declared type as written (`numeric(15, 4)`, `UNSIGNED BIG INT`), nil when none.
        /// A type written as one quoted token is unquoted, as SQLite does.
        package var type: String?
        /// A column-level `PRIMARY KEY`.
        package var isPrimaryKey: Bool
        /// `AUTOINCREMENT` after the column's `PRIMARY KEY`.
        package var isAutoincrement: Bool
        /// `NOT NULL`.
        package var isNotNull: Bool
        /// A column-level `UNIQUE`.
        package var isUnique: Bool
        /// The `DEFAULT` expression as SQLite reports it in `PRAGMA table_xinfo`: the written
        /// text, without the parentheses of `DEFAULT (…)`.
        package var defaultExpression: String?
        /// The `COLLATE` name, unquoted (the last one when several are written, as SQLite does).
        package var collation: String?
        /// The inner text of each column-level `CHECK (…)`, in order.
        package var checks: [String]
        /// Each column-level `REFERENCES` clause, in order.
        package var references: [ColumnReference]
        /// `GENERATED ALWAYS AS (…)` or `AS (…)`, with its inner text.
        package var generated: GeneratedColumn?
        /// The whole definition as written, from the name to the last constraint.
        package var sql: String
        /// `ASC` or `DESC` after the column's `PRIMARY KEY`, as written.
        package var primaryKeyOrder: String?
        /// The `ON CONFLICT` resolution of the column's `PRIMARY KEY`, `NOT NULL` and `UNIQUE`,
        /// keyed by those words.
        package var conflicts: [String: String] = [:]
        /// The `CONSTRAINT` name written before the column's `PRIMARY KEY`, `NOT NULL`, `UNIQUE`,
        /// n-th `CHECK` or n-th `REFERENCES`, keyed by those words (`CHECK#0`, `REFERENCES#1`).
        package var constraintNames: [String: String] = [:]

        /// Creates a column definition.
        package init(name: String, type: String? = nil, isPrimaryKey: Bool = false, isAutoincrement: Bool = false,
                    isNotNull: Bool = false, isUnique: Bool = false, defaultExpression: String? = nil,
                    collation: String? = nil, checks: [String] = [], references: [ColumnReference] = [],
                    generated: GeneratedColumn? = nil, sql: String = "") {
            self.name = name
            self.type = type
            self.isPrimaryKey = isPrimaryKey
            self.isAutoincrement = isAutoincrement
            self.isNotNull = isNotNull
            self.isUnique = isUnique
            self.defaultExpression = defaultExpression
            self.collation = collation
            self.checks = checks
            self.references = references
            self.generated = generated
            self.sql = sql
        }
    }

    /// What a table-level constraint says besides its columns: its name, its conflict
    /// resolution, and (for PRIMARY KEY and UNIQUE) its terms when they carry COLLATE or ASC/DESC.
    package struct ConstraintDetails: Sendable, Equatable {
        /// `CONSTRAINT name`, unquoted.
        package var name: String?
        /// The `ON CONFLICT` resolution.
        package var conflict: String?
        /// The terms, when one of them says more than its column name.
        package var terms: [KeptClauses.KeyTerm]?

        /// Creates details.
        package init(name: String? = nil, conflict: String? = nil, terms: [KeptClauses.KeyTerm]? = nil) {
            self.name = name
            self.conflict = conflict
            self.terms = terms
        }
    }

    /// A table-level constraint. Column names are unquoted, as written in the constraint; its
    /// name, conflict resolution and key terms are in ``constraintDetails``.
    package enum TableConstraint: Sendable, Equatable {
        /// `PRIMARY KEY (a, b)`, with `AUTOINCREMENT` written inside the parentheses.
        case primaryKey(columns: [String], isAutoincrement: Bool)
        /// `UNIQUE (a, b)`.
        case unique(columns: [String])
        /// `CHECK (…)`, its inner text as written.
        case check(String)
        /// `FOREIGN KEY (a) REFERENCES p (x) …`.
        case foreignKey(Schema.ForeignKey)
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
        constraintDetails = []
        var inConstraints = false
        while true {
            if !inConstraints, Self.startsTableConstraint(cursor) { inConstraints = true }
            if inConstraints {
                let (constraint, details) = try Self.tableConstraint(&cursor)
                constraints.append(constraint)
                constraintDetails.append(details)
            } else {
                columns.append(try Self.columnDefinition(&cursor))
                columnsEnd = cursor.tokens[cursor.position - 1].range.upperBound
            }
            if cursor.consumeSymbol(",") { continue }
            if cursor.isSymbol(")") { break }
            // Table constraints may follow each other without a comma.
            if inConstraints, Self.startsTableConstraint(cursor) { continue }
            throw cursor.error("expected \",\" or \")\"")
        }
        try cursor.expectSymbol(")")
        if columns.isEmpty { throw cursor.error("a table needs at least one column") }

        isStrict = false
        isWithoutRowID = false
        if !cursor.isAtEnd, !cursor.isSymbol(";") {
            repeat {
                if cursor.consumeKeywords("STRICT") {
                    isStrict = true
                } else if cursor.consumeKeywords("WITHOUT") {
                    guard let option = cursor.peek()?.nameValue,
                          option.isSameName(as: "rowid") else { throw cursor.error("expected ROWID") }
                    cursor.position += 1
                    isWithoutRowID = true
                } else {
                    throw cursor.error("expected STRICT or WITHOUT ROWID")
                }
            } while cursor.consumeSymbol(",")
        }
        _ = cursor.consumeSymbol(";")
        if !cursor.isAtEnd { throw cursor.error("unexpected text after the statement") }
    }

    // MARK: Model

    /// The table as a model value, from the SQL alone (no indexes: they are separate statements).
    ///
    /// Table-level key and foreign-key column names take the spelling of the column definition
    /// they name. A column's first CHECK and first REFERENCES go on the column; further ones go
    /// to `checks` and `foreignKeys`, before the table-level ones. `AUTOINCREMENT` inside a
    /// single-column table-level PRIMARY KEY marks that column.
    package var table: Schema.Table {
        func columnName(_ name: String) -> String {
            columns.first { $0.name.isSameName(as: name) }?.name ?? name
        }
        var table = Schema.Table(name: name, isStrict: isStrict, isWithoutRowID: isWithoutRowID)
        var extraChecks: [String] = []
        var extraForeignKeys: [Schema.ForeignKey] = []
        table.columns = columns.map { definition in
            extraChecks += definition.checks.dropFirst()
            extraForeignKeys += definition.references.dropFirst().map { reference in
                Schema.ForeignKey(columns: [definition.name], table: reference.table,
                           referencedColumns: reference.column.map { [$0] } ?? [],
                           onDelete: reference.onDelete, onUpdate: reference.onUpdate,
                           isDeferred: reference.isDeferred)
            }
            return Schema.Column(
                name: definition.name,
                type: definition.type,
                isPrimaryKey: definition.isPrimaryKey,
                isAutoincrement: definition.isAutoincrement,
                isNotNull: definition.isNotNull,
                isUnique: definition.isUnique,
                defaultValue: definition.defaultExpression.map { DefaultValue(sql: $0) },
                collation: definition.collation,
                check: definition.checks.first,
                reference: definition.references.first,
                generated: definition.generated)
        }
        table.checks = extraChecks
        table.foreignKeys = extraForeignKeys
        for (constraint, details) in zip(constraints, constraintDetails) {
            let makeKept: () -> KeptClauses.Constraint
            switch constraint {
            case .primaryKey(let keyColumns, let isAutoincrement):
                table.primaryKey = keyColumns.map(columnName)
                if isAutoincrement, keyColumns.count == 1,
                   let index = table.columns.firstIndex(where: { $0.name.isSameName(as: keyColumns[0]) }) {
                    table.columns[index].isAutoincrement = true
                }
                makeKept = { .primaryKey(columns: keyColumns) }
            case .unique(let uniqueColumns):
                table.uniqueConstraints.append(uniqueColumns.map(columnName))
                makeKept = { .unique(columns: uniqueColumns) }
            case .check(let expression):
                table.checks.append(expression)
                makeKept = { .check(expression: expression) }
            case .foreignKey(var foreignKey):
                makeKept = { [columns = foreignKey.columns] in .foreignKey(columns: columns) }
                foreignKey.columns = foreignKey.columns.map(columnName)
                table.foreignKeys.append(foreignKey)
            }
            // Most constraints carry no name, conflict clause or key terms: nothing to keep.
            guard details.name != nil || details.conflict != nil || details.terms != nil else { continue }
            let kept = makeKept()
            table.keptClauses.names[kept] = details.name
            table.keptClauses.conflicts[kept] = details.conflict
            table.keptClauses.keyTerms[kept] = details.terms?.map { term in
                KeptClauses.KeyTerm(column: columnName(term.column), suffix: term.suffix)
            }
        }
        for definition in columns where !definition.constraintNames.isEmpty || !definition.conflicts.isEmpty
            || definition.primaryKeyOrder != nil {
            var constraints: [(word: String, constraint: KeptClauses.Constraint)] = [
                ("PRIMARY KEY", .primaryKey(columns: [definition.name])), ("NOT NULL", .notNull(column: definition.name)),
                ("UNIQUE", .unique(columns: [definition.name])),
            ]
            constraints += definition.checks.enumerated().map { ("CHECK#\($0.offset)", .check(expression: $0.element)) }
            constraints += definition.references.indices.map { ("REFERENCES#\($0)", .foreignKey(columns: [definition.name])) }
            for (word, constraint) in constraints {
                if let name = definition.constraintNames[word] { table.keptClauses.names[constraint] = name }
                if let conflict = definition.conflicts[word] { table.keptClauses.conflicts[constraint] = conflict }
            }
            if let order = definition.primaryKeyOrder {
                table.keptClauses.keyTerms[.primaryKey(columns: [definition.name])] =
                    [KeptClauses.KeyTerm(column: definition.name, suffix: order)]
            }
        }
        return table
    }

    // MARK: - Column definitions

    /// Keywords that end a column's type and start a column constraint.
    private static let columnConstraintKeywords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "AS",
        "DEFERRABLE",
    ]

    private static func startsTableConstraint(_ cursor: CreateStatementCursor) -> Bool {
        guard let keyword = cursor.peek()?.keyword else { return false }
        return ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(keyword)
    }

    private static func columnDefinition(_ cursor: inout CreateStatementCursor) throws -> ColumnDefinition {
        let start = cursor.position
        var column = ColumnDefinition(name: try cursor.name("a column name"))

        // The type: names, then at most one parenthesised size.
        let typeStart = cursor.position
        while let token = cursor.peek(), !token.isSymbol(","), !token.isSymbol(")") {
            if let keyword = token.keyword, columnConstraintKeywords.contains(keyword) { break }
            // `GENERATED ALWAYS AS` starts a constraint; a lone `GENERATED` may be a type name.
            if token.isKeyword("GENERATED"), cursor.isKeyword("ALWAYS", at: 1), cursor.isKeyword("AS", at: 2) { break }
            if token.isSymbol("(") {
                guard cursor.position > typeStart else { throw cursor.error("expected a type or a constraint") }
                _ = try cursor.parenthesized()
                break
            }
            guard token.nameValue != nil else {
                throw cursor.error("expected a type or a constraint")
            }
            cursor.position += 1
        }
        if cursor.position > typeStart {
            let typeTokens = typeStart..<cursor.position
            if typeTokens.count == 1, cursor.tokens[typeStart].kind != .word {
                column.type = cursor.tokens[typeStart].nameValue
            } else {
                column.type = sqliteTypeName(cursor.text(typeTokens))
            }
        }

        // The constraints. A `CONSTRAINT name` names the constraint that follows it.
        var pendingName: String?
        func named(_ kind: String) {
            if let name = pendingName, column.constraintNames[kind] == nil { column.constraintNames[kind] = name }
        }
        while let token = cursor.peek(), !token.isSymbol(","), !token.isSymbol(")"), !token.isSymbol(";") {
            if cursor.consumeKeywords("CONSTRAINT") {
                pendingName = try cursor.name("a constraint name")
                continue
            }
            defer { pendingName = nil }
            if cursor.consumeKeywords("PRIMARY", "KEY") {
                column.isPrimaryKey = true
                named("PRIMARY KEY")
                if cursor.consumeKeywords("ASC") { column.primaryKeyOrder = "ASC" }
                else if cursor.consumeKeywords("DESC") { column.primaryKeyOrder = "DESC" }
                column.conflicts["PRIMARY KEY"] = try conflictClause(&cursor)
                if cursor.consumeKeywords("AUTOINCREMENT") { column.isAutoincrement = true }
            } else if cursor.consumeKeywords("NOT", "NULL") {
                column.isNotNull = true
                named("NOT NULL")
                column.conflicts["NOT NULL"] = try conflictClause(&cursor)
            } else if cursor.consumeKeywords("NULL") {
                _ = try conflictClause(&cursor)
            } else if cursor.consumeKeywords("UNIQUE") {
                column.isUnique = true
                named("UNIQUE")
                column.conflicts["UNIQUE"] = try conflictClause(&cursor)
            } else if cursor.consumeKeywords("CHECK") {
                named("CHECK#\(column.checks.count)")
                column.checks.append(cursor.text(try cursor.parenthesized()))
                _ = try conflictClause(&cursor)
            } else if cursor.consumeKeywords("DEFAULT") {
                column.defaultExpression = try defaultExpression(&cursor)
            } else if cursor.consumeKeywords("COLLATE") {
                column.collation = try cursor.name("a collation name")
            } else if cursor.consumeKeywords("REFERENCES") {
                named("REFERENCES#\(column.references.count)")
                let clause = try referencesClause(&cursor)
                column.references.append(ColumnReference(
                    table: clause.table, column: clause.columns.first,
                    onDelete: clause.onDelete, onUpdate: clause.onUpdate, isDeferred: clause.isDeferred))
            } else if let isDeferred = try deferral(&cursor) {
                // A deferral written apart from its REFERENCES clause applies to the last one.
                guard !column.references.isEmpty else { throw cursor.error("DEFERRABLE without REFERENCES") }
                column.references[column.references.count - 1].isDeferred = isDeferred
            } else if cursor.consumeKeywords("GENERATED", "ALWAYS", "AS") || cursor.consumeKeywords("AS") {
                let expression = cursor.text(try cursor.parenthesized())
                var isStored = false
                if cursor.consumeKeywords("STORED") { isStored = true } else { _ = cursor.consumeKeywords("VIRTUAL") }
                column.generated = GeneratedColumn(expression: expression, isStored: isStored)
            } else {
                throw cursor.error("unexpected column constraint")
            }
        }
        column.sql = cursor.text(start..<cursor.position)
        return column
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

    /// After `DEFAULT`: `( expr )`, or an optionally signed literal, or a bare word.
    private static func defaultExpression(_ cursor: inout CreateStatementCursor) throws -> String {
        if cursor.isSymbol("(") {
            let inner = try cursor.parenthesized()
            return cursor.text(inner)
        }
        let start = cursor.position
        if cursor.isSymbol("-") || cursor.isSymbol("+") { cursor.position += 1 }
        guard let token = cursor.peek(), token.kind != .symbol, token.kind != .variable else {
            throw cursor.error("expected a default value")
        }
        cursor.position += 1
        return cursor.text(start..<cursor.position)
    }

    /// An optional `ON CONFLICT ROLLBACK|ABORT|FAIL|IGNORE|REPLACE`: the resolution, upper-cased.
    private static func conflictClause(_ cursor: inout CreateStatementCursor) throws -> String? {
        guard cursor.consumeKeywords("ON", "CONFLICT") else { return nil }
        return try cursor.name("a conflict resolution").uppercased()
    }

    /// An optional `[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]`: nil when absent, else
    /// whether the constraint is `DEFERRABLE INITIALLY DEFERRED`.
    private static func deferral(_ cursor: inout CreateStatementCursor) throws -> Bool? {
        let isNot: Bool
        if cursor.consumeKeywords("NOT", "DEFERRABLE") { isNot = true }
        else if cursor.consumeKeywords("DEFERRABLE") { isNot = false }
        else { return nil }
        var initiallyDeferred = false
        if cursor.consumeKeywords("INITIALLY") {
            if cursor.consumeKeywords("DEFERRED") { initiallyDeferred = true }
            else if !cursor.consumeKeywords("IMMEDIATE") { throw cursor.error("expected DEFERRED or IMMEDIATE") }
        }
        return !isNot && initiallyDeferred
    }

    // MARK: - Foreign keys

    private struct ReferencesClause {
        var table: String
        var columns: [String] = []
        var onDelete: ForeignKeyAction?
        var onUpdate: ForeignKeyAction?
        var isDeferred = false
    }

    /// After `REFERENCES`: `parent [(columns)] [ON DELETE|UPDATE action | MATCH name]… [deferral]`.
    private static func referencesClause(_ cursor: inout CreateStatementCursor) throws -> ReferencesClause {
        var clause = ReferencesClause(table: try cursor.name("a parent table name"))
        if cursor.isSymbol("(") {
            clause.columns = try nameList(&cursor)
        }
        while true {
            if cursor.consumeKeywords("ON") {
                if cursor.consumeKeywords("DELETE") {
                    clause.onDelete = try action(&cursor)
                } else if cursor.consumeKeywords("UPDATE") {
                    clause.onUpdate = try action(&cursor)
                } else if cursor.consumeKeywords("INSERT") {
                    _ = try action(&cursor) // accepted and ignored by SQLite
                } else {
                    throw cursor.error("expected DELETE or UPDATE")
                }
            } else if cursor.consumeKeywords("MATCH") {
                _ = try cursor.name("a match type")
            } else if let isDeferred = try deferral(&cursor) {
                clause.isDeferred = isDeferred
            } else {
                return clause
            }
        }
    }

    private static func action(_ cursor: inout CreateStatementCursor) throws -> ForeignKeyAction {
        for words in [["SET", "NULL"], ["SET", "DEFAULT"], ["CASCADE"], ["RESTRICT"], ["NO", "ACTION"]] {
            if words.enumerated().allSatisfy({ cursor.isKeyword($0.element, at: $0.offset) }) {
                cursor.position += words.count
                return ForeignKeyAction(sql: words.joined(separator: " "))!
            }
        }
        throw cursor.error("expected a foreign key action")
    }

    /// `( name, name, … )`, each name unquoted.
    private static func nameList(_ cursor: inout CreateStatementCursor) throws -> [String] {
        let inner = try cursor.parenthesized()
        return try cursor.commaSeparated(inner).map { part in
            guard part.count == 1, let name = cursor.tokens[part.lowerBound].nameValue else {
                throw CreateStatementParseError(message: "expected a column name in \(cursor.text(inner).debugDescription)",
                                                sql: cursor.sql)
            }
            return name
        }
    }

    // MARK: - Table constraints

    private static func tableConstraint(_ cursor: inout CreateStatementCursor) throws
        -> (TableConstraint, ConstraintDetails) {
        var details = ConstraintDetails()
        if cursor.consumeKeywords("CONSTRAINT") { details.name = try cursor.name("a constraint name") }
        if cursor.consumeKeywords("PRIMARY", "KEY") {
            var range = try cursor.parenthesized()
            var isAutoincrement = false
            if let last = range.last, cursor.tokens[last].isKeyword("AUTOINCREMENT") {
                isAutoincrement = true
                range = range.lowerBound..<last
            }
            let terms = try keyTerms(cursor, range)
            if terms.contains(where: { !$0.suffix.isEmpty }) { details.terms = terms }
            details.conflict = try conflictClause(&cursor)
            return (.primaryKey(columns: terms.map(\.column), isAutoincrement: isAutoincrement), details)
        }
        if cursor.consumeKeywords("UNIQUE") {
            let terms = try keyTerms(cursor, try cursor.parenthesized())
            if terms.contains(where: { !$0.suffix.isEmpty }) { details.terms = terms }
            details.conflict = try conflictClause(&cursor)
            return (.unique(columns: terms.map(\.column)), details)
        }
        if cursor.consumeKeywords("CHECK") {
            let expression = cursor.text(try cursor.parenthesized())
            _ = try conflictClause(&cursor)
            return (.check(expression), details)
        }
        if cursor.consumeKeywords("FOREIGN", "KEY") {
            let childColumns = try nameList(&cursor)
            try cursor.expectKeywords("REFERENCES")
            let clause = try referencesClause(&cursor)
            return (.foreignKey(Schema.ForeignKey(columns: childColumns, table: clause.table, referencedColumns: clause.columns,
                                           onDelete: clause.onDelete, onUpdate: clause.onUpdate,
                                           isDeferred: clause.isDeferred)), details)
        }
        throw cursor.error("expected PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY")
    }

    /// Each `name [COLLATE x] [ASC|DESC]` term of a PRIMARY KEY or UNIQUE list: its column, and
    /// the rest as written.
    private static func keyTerms(_ cursor: CreateStatementCursor, _ range: Range<Int>) throws -> [KeptClauses.KeyTerm] {
        try cursor.commaSeparated(range).map { part in
            let tokens = SQLText.strippingOuterParentheses(Array(cursor.tokens[part]))
            guard let first = tokens.first, let name = first.nameValue else {
                throw CreateStatementParseError(message: "expected a column name in \(cursor.text(range).debugDescription)",
                                                sql: cursor.sql)
            }
            let suffix = tokens.dropFirst().isEmpty ? "" : SQLText.text(of: tokens.dropFirst()[...], in: cursor.sql)
            return KeptClauses.KeyTerm(column: name, suffix: suffix)
        }
    }
}
