import Dispatch

// MARK: - ParsedStatements

/// The `CREATE TABLE` and `CREATE INDEX` statements of a catalog, parsed. The parse is pure work
/// over text the catalog already holds, so for a large schema it runs on another thread while
/// the inspector reads the tables' PRAGMAs on the connection's own.
///
/// ```swift
/// let parsing = ParsedStatements.start(catalog)
/// // … read the PRAGMAs …
/// let parsed = parsing.wait()
/// let users = try parsed.table(catalog.entry(named: "users", type: .table)!)
/// ```
struct ParsedStatements: Sendable {
    /// Each table's statement and the table it describes, by the catalog entry's rowid.
    private var tables: [Int64: Result<(CreateTableStatement, Schema.Table), CreateStatementParseError>] = [:]
    /// Each index's statement, by the catalog entry's rowid.
    private var indexes: [Int64: Result<CreateIndexStatement, CreateStatementParseError>] = [:]

    /// Catalogs with fewer tables are parsed on the caller's thread: the hand-over would cost
    /// more than it saves.
    static let parallelThreshold = 16

    /// Parses the statements of the catalog's managed tables and of their indexes.
    init(_ catalog: Catalog) {
        for entry in catalog.entries {
            guard let sql = entry.sql else { continue }
            switch entry.type {
            case .table where catalog.isManagedTable(entry):
                tables[entry.rowid] = Self.parsing(sql) {
                    let statement = try CreateTableStatement(sql: sql)
                    return (statement, Schema.Table(statement))
                }
            case .index:
                indexes[entry.rowid] = Self.parsing(sql) { try CreateIndexStatement(sql: sql) }
            default:
                continue
            }
        }
    }

    private static func parsing<Value>(_ sql: String, _ body: () throws -> Value) -> Result<Value, CreateStatementParseError> {
        do {
            return .success(try body())
        } catch let error as CreateStatementParseError {
            return .failure(error)
        } catch {
            return .failure(CreateStatementParseError(message: "\(error)", sql: sql))
        }
    }

    /// The table's statement and model; nil when the catalog had no statement for it.
    func table(_ entry: Catalog.Entry) throws(CreateStatementParseError) -> (CreateTableStatement, Schema.Table)? {
        try tables[entry.rowid]?.get()
    }

    /// The index's statement; nil when the catalog had no statement for it.
    func index(_ entry: Catalog.Entry) throws(CreateStatementParseError) -> CreateIndexStatement? {
        try indexes[entry.rowid]?.get()
    }

    // MARK: Parsing beside the reads

    /// Starts parsing the catalog's statements: on another thread for a large catalog, at once
    /// for a small one.
    static func start(_ catalog: Catalog) -> Pending {
        let count = catalog.entries.count { $0.type == .table }
        return count < parallelThreshold ? Pending(done: ParsedStatements(catalog)) : Pending(parsing: catalog)
    }

    /// Statements being parsed; ``wait()`` gives them once they are.
    final class Pending: @unchecked Sendable {
        // Written once by the parsing thread before it signals, read after the wait.
        private var result: ParsedStatements?
        private let finished = DispatchSemaphore(value: 0)

        fileprivate init(done: ParsedStatements) {
            result = done
            finished.signal()
        }

        fileprivate init(parsing catalog: Catalog) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                result = ParsedStatements(catalog)
                finished.signal()
            }
        }

        /// The parsed statements, waiting for the parse to end.
        func wait() -> ParsedStatements {
            finished.wait()
            finished.signal()
            return result!
        }
    }
}
