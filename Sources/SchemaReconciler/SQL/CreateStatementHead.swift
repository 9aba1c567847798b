// MARK: - CreateStatementHead

/// The head of a `CREATE` statement, read once for every kind of object:
/// `CREATE [TEMP|TEMPORARY] [UNIQUE] [VIRTUAL] TABLE|INDEX|VIEW|TRIGGER [IF NOT EXISTS] [schema.]name`.
///
/// ```swift
/// let tokens = SQLTokenizer.tokens(in: "CREATE UNIQUE INDEX IF NOT EXISTS main.i ON t (a)")
/// let head = CreateStatementHead(tokens)!
/// head.kind        // .index
/// head.isUnique    // true
/// head.name        // "i"
/// tokens[head.end] // ON
/// ```
package struct CreateStatementHead: Sendable, Equatable {
    /// The kinds of object a `CREATE` statement makes.
    package enum Kind: String, Sendable, Equatable {
        case table, virtualTable, index, view, trigger
    }

    /// What the statement creates.
    package var kind: Kind
    /// `TEMP` or `TEMPORARY`.
    package var isTemporary: Bool
    /// `UNIQUE` (an index).
    package var isUnique: Bool
    /// `IF NOT EXISTS`.
    package var ifNotExists: Bool
    /// The schema before the name (`main` in `main.t`), if written.
    package var schemaName: String?
    /// The object's name, unquoted.
    package var name: String
    /// The index of the first token after the name.
    package var end: Int

    /// Reads the head of `tokens`; nil when they do not start a `CREATE` statement with a name.
    package init?(_ tokens: [SQLToken]) {
        var position = 0
        func consume(_ word: String) -> Bool {
            guard position < tokens.count, tokens[position].isKeyword(word) else { return false }
            position += 1
            return true
        }
        guard consume("CREATE") else { return nil }
        isTemporary = consume("TEMP") || consume("TEMPORARY")
        isUnique = consume("UNIQUE")
        let isVirtual = consume("VIRTUAL")
        if consume("TABLE") {
            kind = isVirtual ? .virtualTable : .table
        } else if !isVirtual, consume("INDEX") {
            kind = .index
        } else if !isVirtual, consume("VIEW") {
            kind = .view
        } else if !isVirtual, consume("TRIGGER") {
            kind = .trigger
        } else {
            return nil
        }
        let start = position
        ifNotExists = consume("IF") && consume("NOT") && consume("EXISTS")
        if !ifNotExists { position = start }
        guard position < tokens.count, var name = tokens[position].nameValue else { return nil }
        position += 1
        if position + 1 < tokens.count, tokens[position].isSymbol("."), let second = tokens[position + 1].nameValue {
            schemaName = name
            name = second
            position += 2
        }
        self.name = name
        end = position
    }
}
