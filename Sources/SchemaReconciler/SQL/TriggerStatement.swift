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
    /// For `UPDATE OF a, b`: the columns whose update fires it (nil when any update does).
    var updatedColumns: [String]? = nil

    /// Whether an `UPDATE` that sets `column` fires the trigger.
    ///
    /// ```swift
    /// head.fires(onUpdateOf: "email") // true for AFTER UPDATE OF email ON users
    /// ```
    func fires(onUpdateOf column: String) -> Bool {
        guard event == .update || event == nil else { return false }
        return updatedColumns?.containsName(column) ?? true
    }

    // MARK: Parsing

    /// Reads the head of `sql`.
    static func parse(_ sql: String) -> Result<TriggerStatement, Problem> {
        let tokens = SQLTokenizer.tokens(in: sql)
        guard let head = CreateStatementHead(tokens), head.kind == .trigger else { return .failure(.notCreateTrigger) }
        if head.isTemporary { return .failure(.temporary) }
        var index = head.end
        var depth = 0
        var event: Event?
        var updatedColumns: [String]?
        while index < tokens.count {
            let current = tokens[index]
            if depth == 0, event == nil, let word = current.keyword, let found = Event(rawValue: word) { event = found }
            if depth == 0, event == .update, updatedColumns == nil, current.isKeyword("OF") {
                updatedColumns = Self.names(in: tokens, from: index + 1)
            }
            if current.isSymbol("(") { depth += 1 }
            if current.isSymbol(")") { depth -= 1 }
            if depth == 0 && current.isKeyword("BEGIN") { break }
            index += 1
            if depth == 0 && current.isKeyword("ON") {
                guard index < tokens.count, var table = tokens[index].nameValue else { return .failure(.missingTable) }
                if index + 2 < tokens.count, tokens[index + 1].isSymbol("."), let second = tokens[index + 2].nameValue {
                    table = second
                }
                return .success(TriggerStatement(name: head.name, event: event, table: table, updatedColumns: updatedColumns))
            }
        }
        return .failure(.missingTable)
    }

    /// The comma-separated names from `start` up to `ON`.
    private static func names(in tokens: [SQLToken], from start: Int) -> [String] {
        var names: [String] = []
        var index = start
        while index < tokens.count, !tokens[index].isKeyword("ON") {
            if let name = tokens[index].identifier { names.append(name) }
            index += 1
        }
        return names
    }
}
