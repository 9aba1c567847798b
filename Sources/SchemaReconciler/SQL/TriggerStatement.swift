// MARK: - TriggerStatement

/// The head of a `CREATE TRIGGER` statement: the trigger's name, the statement that fires it,
/// and the table it is attached to.
///
/// ```swift
/// let head = try TriggerStatement.parse("CREATE TRIGGER t AFTER UPDATE OF email ON users BEGIN SELECT 1; END").get()
/// head.name  // "t"
/// head.event // .update
/// head.table // "users"
/// ```
struct TriggerStatement: Equatable {
    /// The kind of statement that fires a trigger.
    enum Event: String, Equatable {
        case insert = "INSERT"
        case update = "UPDATE"
        case delete = "DELETE"
    }

    /// Why a text is not a usable `CREATE TRIGGER` statement.
    enum Problem: Error, Equatable {
        /// It does not start with `CREATE [TEMP|TEMPORARY] TRIGGER [IF NOT EXISTS] name`.
        case notCreateTrigger
        /// There is no `ON table` before the body.
        case missingTable
        /// `CREATE TEMP TRIGGER`: it would live only as long as one connection.
        case temporary
    }

    /// The trigger name, unquoted.
    var name: String
    /// The statement that fires it (nil only for text SQLite itself would not accept).
    var event: Event?
    /// The table (or view) named after `ON`, unquoted.
    var table: String

    // MARK: Parsing

    /// Reads the head of `sql`.
    static func parse(_ sql: String) -> Result<TriggerStatement, Problem> {
        let tokens = SQLTokenizer.tokens(in: sql)
        guard let head = CreateStatementHead(tokens), head.kind == .trigger else { return .failure(.notCreateTrigger) }
        if head.isTemporary { return .failure(.temporary) }
        var index = head.end
        var depth = 0
        var event: Event?
        while index < tokens.count {
            let current = tokens[index]
            if depth == 0, event == nil, let word = current.keyword, let found = Event(rawValue: word) { event = found }
            if current.isSymbol("(") { depth += 1 }
            if current.isSymbol(")") { depth -= 1 }
            if depth == 0 && current.isKeyword("BEGIN") { break }
            index += 1
            if depth == 0 && current.isKeyword("ON") {
                guard index < tokens.count, var table = tokens[index].nameValue else { return .failure(.missingTable) }
                if index + 2 < tokens.count, tokens[index + 1].isSymbol("."), let second = tokens[index + 2].nameValue {
                    table = second
                }
                return .success(TriggerStatement(name: head.name, event: event, table: table))
            }
        }
        return .failure(.missingTable)
    }
}
