// MARK: - TableConstraint

/// A table-level constraint of a `CREATE TABLE` statement, as written: the `CONSTRAINT` name
/// before it, if any, and its clause. Column names are unquoted, spelt as in the constraint.
///
/// ```swift
/// let statement = try CreateTableStatement(sql: """
///     CREATE TABLE t (a, b, CONSTRAINT pair UNIQUE (a, b COLLATE NOCASE) ON CONFLICT REPLACE)
///     """)
/// statement.constraints[0].name   // "pair"
/// statement.constraints[0].clause // .unique([.init(column: "a"), .init(column: "b", suffix: "COLLATE NOCASE")],
///                                 //         conflict: "REPLACE")
/// ```
package struct TableConstraint: Sendable, Equatable {
    /// `CONSTRAINT name`, unquoted.
    package var name: String?
    /// What the constraint says.
    package var clause: Clause

    /// Creates a constraint.
    package init(name: String? = nil, clause: Clause) {
        self.name = name
        self.clause = clause
    }

    /// The clause of a table constraint. Conflict resolutions are upper-cased; a CHECK keeps its
    /// written text, without its outer parentheses.
    package enum Clause: Sendable, Equatable {
        /// `PRIMARY KEY (terms [AUTOINCREMENT]) [ON CONFLICT resolution]`.
        case primaryKey([IndexedColumn], isAutoincrement: Bool, conflict: String?)
        /// `UNIQUE (terms) [ON CONFLICT resolution]`.
        case unique([IndexedColumn], conflict: String?)
        /// `CHECK (expression)`.
        case check(String)
        /// `FOREIGN KEY (columns) REFERENCES …`.
        case foreignKey(columns: [String], ForeignKeyClause)
    }

    /// A term of a PRIMARY KEY or UNIQUE list, `name [COLLATE x] [ASC|DESC]`: its column, and the
    /// rest as written (empty when the term is the name alone).
    package struct IndexedColumn: Sendable, Equatable {
        /// The column name, unquoted.
        package var column: String
        /// What follows the name, as written.
        package var suffix: String

        /// Creates a term.
        package init(column: String, suffix: String = "") {
            self.column = column
            self.suffix = suffix
        }
    }

    // MARK: Parsing

    /// Whether a table constraint starts at the cursor.
    static func starts(at cursor: CreateStatementCursor) -> Bool {
        guard let keyword = cursor.peek()?.keyword else { return false }
        return ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(keyword)
    }

    /// Reads one table constraint.
    init(reading cursor: inout CreateStatementCursor) throws {
        let name = cursor.consumeKeywords("CONSTRAINT") ? try cursor.name("a constraint name") : nil
        let clause: Clause
        if cursor.consumeKeywords("PRIMARY", "KEY") {
            clause = try Self.primaryKey(&cursor)
        } else if cursor.consumeKeywords("UNIQUE") {
            clause = .unique(try Self.indexedColumns(cursor, try cursor.parenthesized()), conflict: try cursor.conflictClause())
        } else if cursor.consumeKeywords("CHECK") {
            clause = .check(cursor.text(try cursor.parenthesized()))
            _ = try cursor.conflictClause()
        } else if cursor.consumeKeywords("FOREIGN", "KEY") {
            clause = try Self.foreignKey(&cursor)
        } else {
            throw cursor.error("expected PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY")
        }
        self.init(name: name, clause: clause)
    }

    /// After `PRIMARY KEY`: `(terms [AUTOINCREMENT]) [ON CONFLICT resolution]`.
    private static func primaryKey(_ cursor: inout CreateStatementCursor) throws -> Clause {
        var range = try cursor.parenthesized()
        var isAutoincrement = false
        if let last = range.last, cursor.tokens[last].isKeyword("AUTOINCREMENT") {
            isAutoincrement = true
            range = range.lowerBound..<last
        }
        let terms = try indexedColumns(cursor, range)
        return .primaryKey(terms, isAutoincrement: isAutoincrement, conflict: try cursor.conflictClause())
    }

    /// After `FOREIGN KEY`: `(columns) REFERENCES …`.
    private static func foreignKey(_ cursor: inout CreateStatementCursor) throws -> Clause {
        let childColumns = try cursor.nameList()
        try cursor.expectKeywords("REFERENCES")
        return .foreignKey(columns: childColumns, try ForeignKeyClause(reading: &cursor))
    }

    /// Each `name [COLLATE x] [ASC|DESC]` term of the tokens in `range`.
    private static func indexedColumns(_ cursor: CreateStatementCursor, _ range: Range<Int>) throws -> [IndexedColumn] {
        try cursor.commaSeparated(range).map { part in
            let tokens = SQLText.strippingOuterParentheses(Array(cursor.tokens[part]))
            guard let first = tokens.first, let name = first.nameValue else {
                throw CreateStatementParseError(message: "expected a column name in \(cursor.text(range).debugDescription)",
                                                sql: cursor.sql)
            }
            let suffix = tokens.dropFirst().isEmpty ? "" : SQLText.text(of: tokens.dropFirst()[...], in: cursor.sql)
            return IndexedColumn(column: name, suffix: suffix)
        }
    }
}
