// MARK: - ColumnConstraint

/// One constraint of a column definition, as written: the `CONSTRAINT` name before it, if any,
/// and its clause.
///
/// ```swift
/// let statement = try CreateTableStatement(sql: "CREATE TABLE t (id INTEGER CONSTRAINT pk PRIMARY KEY DESC)")
/// statement.columns[0].constraints
/// // [ColumnConstraint(name: "pk", clause: .primaryKey(order: "DESC", conflict: nil, isAutoincrement: false))]
/// ```
package struct ColumnConstraint: Sendable, Equatable {
    /// `CONSTRAINT name`, unquoted.
    package var name: String?
    /// What the constraint says.
    package var clause: Clause

    /// Creates a constraint.
    package init(name: String? = nil, clause: Clause) {
        self.name = name
        self.clause = clause
    }

    /// The clause of a column constraint. Conflict resolutions are upper-cased; expressions keep
    /// their written text, without their outer parentheses.
    package enum Clause: Sendable, Equatable {
        /// `PRIMARY KEY [ASC|DESC] [ON CONFLICT resolution] [AUTOINCREMENT]`.
        case primaryKey(order: String?, conflict: String?, isAutoincrement: Bool)
        /// `NOT NULL [ON CONFLICT resolution]`.
        case notNull(conflict: String?)
        /// `NULL`, which SQLite accepts and ignores.
        case null
        /// `UNIQUE [ON CONFLICT resolution]`.
        case unique(conflict: String?)
        /// `CHECK (expression)`.
        case check(String)
        /// `DEFAULT value`: a literal, a signed number, a bare word, or `(expression)`.
        case defaultValue(String)
        /// `COLLATE name`, the name unquoted.
        case collate(String)
        /// `REFERENCES parent …`, with a deferral written after it.
        case references(ForeignKeyClause)
        /// `GENERATED ALWAYS AS (expression) [STORED|VIRTUAL]`, or `AS (…)`.
        case generated(expression: String, isStored: Bool)
    }

    /// Keywords that end a column's type and start a column constraint.
    static let keywords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "AS",
        "DEFERRABLE",
    ]

    // MARK: Parsing

    /// Reads one constraint into `constraints`. A `CONSTRAINT name` names the clause after it (a
    /// name with no clause after it names nothing); a deferral written apart from its REFERENCES
    /// clause applies to the last one, as SQLite reads it.
    static func read(_ cursor: inout CreateStatementCursor, into constraints: inout [ColumnConstraint]) throws {
        var name: String?
        while cursor.consumeKeywords("CONSTRAINT") { name = try cursor.name("a constraint name") }
        if cursor.isSymbol(",") || cursor.isSymbol(")") || cursor.isSymbol(";") || cursor.isAtEnd { return }
        if let clause = try Clause.read(&cursor) {
            constraints.append(ColumnConstraint(name: name, clause: clause))
        } else if let isDeferred = try ForeignKeyClause.deferral(&cursor) {
            guard let last = constraints.lastIndex(where: \.isReferences),
                  case .references(var clause) = constraints[last].clause else {
                throw cursor.error("DEFERRABLE without REFERENCES")
            }
            clause.isDeferred = isDeferred
            constraints[last].clause = .references(clause)
        } else {
            throw cursor.error("unexpected column constraint")
        }
    }

    private var isReferences: Bool {
        if case .references = clause { return true }
        return false
    }
}

// MARK: - Clauses

extension ColumnConstraint.Clause {
    /// Reads the clause at the cursor; nil when none starts there.
    static func read(_ cursor: inout CreateStatementCursor) throws -> Self? {
        if cursor.consumeKeywords("PRIMARY", "KEY") { return try primaryKey(&cursor) }
        if cursor.consumeKeywords("NOT", "NULL") { return .notNull(conflict: try cursor.conflictClause()) }
        if cursor.consumeKeywords("NULL") {
            _ = try cursor.conflictClause()
            return .null
        }
        if cursor.consumeKeywords("UNIQUE") { return .unique(conflict: try cursor.conflictClause()) }
        if cursor.consumeKeywords("CHECK") { return try check(&cursor) }
        if cursor.consumeKeywords("DEFAULT") { return .defaultValue(try defaultValue(&cursor)) }
        if cursor.consumeKeywords("COLLATE") { return .collate(try cursor.name("a collation name")) }
        if cursor.consumeKeywords("REFERENCES") { return .references(try ForeignKeyClause(reading: &cursor)) }
        if cursor.consumeKeywords("GENERATED", "ALWAYS", "AS") || cursor.consumeKeywords("AS") {
            return try generated(&cursor)
        }
        return nil
    }

    /// After `PRIMARY KEY`: `[ASC|DESC] [ON CONFLICT resolution] [AUTOINCREMENT]`.
    private static func primaryKey(_ cursor: inout CreateStatementCursor) throws -> Self {
        var order: String?
        if cursor.consumeKeywords("ASC") { order = "ASC" } else if cursor.consumeKeywords("DESC") { order = "DESC" }
        let conflict = try cursor.conflictClause()
        return .primaryKey(order: order, conflict: conflict, isAutoincrement: cursor.consumeKeywords("AUTOINCREMENT"))
    }

    /// After `CHECK`: `(expression) [ON CONFLICT resolution]`, the resolution ignored as SQLite does.
    private static func check(_ cursor: inout CreateStatementCursor) throws -> Self {
        let expression = cursor.text(try cursor.parenthesized())
        _ = try cursor.conflictClause()
        return .check(expression)
    }

    /// After `DEFAULT`: `( expr )`, or an optionally signed literal, or a bare word.
    private static func defaultValue(_ cursor: inout CreateStatementCursor) throws -> String {
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

    /// After `GENERATED ALWAYS AS` or `AS`: `(expression) [STORED|VIRTUAL]`.
    private static func generated(_ cursor: inout CreateStatementCursor) throws -> Self {
        let expression = cursor.text(try cursor.parenthesized())
        var isStored = false
        if cursor.consumeKeywords("STORED") { isStored = true } else { _ = cursor.consumeKeywords("VIRTUAL") }
        return .generated(expression: expression, isStored: isStored)
    }
}
