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
        var index = 0
        func token(_ offset: Int = 0) -> SQLToken? {
            index + offset < tokens.count ? tokens[index + offset] : nil
        }
        guard token()?.isKeyword("CREATE") == true else { return .failure(.notCreateTrigger) }
        index += 1
        if token()?.isKeyword("TEMP") == true || token()?.isKeyword("TEMPORARY") == true { return .failure(.temporary) }
        guard token()?.isKeyword("TRIGGER") == true else { return .failure(.notCreateTrigger) }
        index += 1
        if token()?.isKeyword("IF") == true, token(1)?.isKeyword("NOT") == true, token(2)?.isKeyword("EXISTS") == true {
            index += 3
        }
        guard let name = qualifiedName(in: tokens, at: &index) else { return .failure(.notCreateTrigger) }
        var depth = 0
        var event: Event?
        while let current = token() {
            if depth == 0, event == nil, let word = current.keyword, let found = Event(rawValue: word) { event = found }
            if current.isSymbol("(") { depth += 1 }
            if current.isSymbol(")") { depth -= 1 }
            if depth == 0 && current.isKeyword("BEGIN") { break }
            index += 1
            if depth == 0 && current.isKeyword("ON") {
                guard let table = qualifiedName(in: tokens, at: &index) else { return .failure(.missingTable) }
                return .success(TriggerStatement(name: name, event: event, table: table))
            }
        }
        return .failure(.missingTable)
    }

    /// Reads `name` or `schema.name` at `index` and moves past it.
    private static func qualifiedName(in tokens: [SQLToken], at index: inout Int) -> String? {
        guard index < tokens.count, var name = tokens[index].identifier else { return nil }
        index += 1
        if index + 1 < tokens.count, tokens[index].isSymbol("."), let second = tokens[index + 1].identifier {
            name = second
            index += 2
        }
        return name
    }
}
