// MARK: - ForeignKeyClause

/// A foreign key's clause, as written after `REFERENCES` (in a column constraint or after a
/// table-level `FOREIGN KEY (…)`): the parent table, its columns, the actions and the deferral.
///
/// ```swift
/// let statement = try CreateTableStatement(sql: """
///     CREATE TABLE t (team REFERENCES teams (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED)
///     """)
/// statement.columns[0].constraints[0].clause
/// // .references(ForeignKeyClause(table: "teams", columns: ["id"], onDelete: "SET NULL", isDeferred: true))
/// ```
package struct ForeignKeyClause: Sendable, Equatable {
    /// The parent table, unquoted.
    package var table: String
    /// The parent columns, unquoted; empty for the parent's primary key.
    package var columns: [String]
    /// The `ON DELETE` action, upper-cased (`CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT`, `NO ACTION`).
    package var onDelete: String?
    /// The `ON UPDATE` action, upper-cased.
    package var onUpdate: String?
    /// `DEFERRABLE INITIALLY DEFERRED`: checked when the transaction commits.
    package var isDeferred: Bool

    /// Creates a clause.
    package init(table: String, columns: [String] = [], onDelete: String? = nil, onUpdate: String? = nil,
                 isDeferred: Bool = false) {
        self.table = table
        self.columns = columns
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.isDeferred = isDeferred
    }

    /// The actions SQLite knows, as words.
    static let actions = [["SET", "NULL"], ["SET", "DEFAULT"], ["CASCADE"], ["RESTRICT"], ["NO", "ACTION"]]

    // MARK: Parsing

    /// Reads what follows `REFERENCES`:
    /// `parent [(columns)] [ON DELETE|UPDATE action | MATCH name]… [deferral]`.
    init(reading cursor: inout CreateStatementCursor) throws {
        self.init(table: try cursor.name("a parent table name"))
        if cursor.isSymbol("(") {
            columns = try cursor.nameList()
        }
        while true {
            if cursor.consumeKeywords("ON") {
                try readAction(&cursor)
            } else if cursor.consumeKeywords("MATCH") {
                _ = try cursor.name("a match type")
            } else if let isDeferred = try Self.deferral(&cursor) {
                self.isDeferred = isDeferred
            } else {
                return
            }
        }
    }

    /// After `ON`: `DELETE action`, `UPDATE action`, or `INSERT action` (accepted and ignored by SQLite).
    private mutating func readAction(_ cursor: inout CreateStatementCursor) throws {
        if cursor.consumeKeywords("DELETE") {
            onDelete = try Self.action(&cursor)
        } else if cursor.consumeKeywords("UPDATE") {
            onUpdate = try Self.action(&cursor)
        } else if cursor.consumeKeywords("INSERT") {
            _ = try Self.action(&cursor)
        } else {
            throw cursor.error("expected DELETE or UPDATE")
        }
    }

    /// A foreign key action, as upper-cased words.
    private static func action(_ cursor: inout CreateStatementCursor) throws -> String {
        for words in actions where words.enumerated().allSatisfy({ cursor.isKeyword($0.element, at: $0.offset) }) {
            cursor.position += words.count
            return words.joined(separator: " ")
        }
        throw cursor.error("expected a foreign key action")
    }

    /// An optional `[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]`: nil when absent, else
    /// whether the constraint is `DEFERRABLE INITIALLY DEFERRED`.
    static func deferral(_ cursor: inout CreateStatementCursor) throws -> Bool? {
        let isNot: Bool
        if cursor.consumeKeywords("NOT", "DEFERRABLE") {
            isNot = true
        } else if cursor.consumeKeywords("DEFERRABLE") {
            isNot = false
        } else {
            return nil
        }
        var initiallyDeferred = false
        if cursor.consumeKeywords("INITIALLY") {
            if cursor.consumeKeywords("DEFERRED") {
                initiallyDeferred = true
            } else if !cursor.consumeKeywords("IMMEDIATE") {
                throw cursor.error("expected DEFERRED or IMMEDIATE")
            }
        }
        return !isNot && initiallyDeferred
    }
}
