import GRDB

// MARK: - Compiling without running

extension Database {
    /// SQLite's message when `sql` does not compile on this connection, nil when it does. The
    /// statement is prepared, never run: nothing is read or written.
    ///
    /// ```swift
    /// db.compilationError(of: "SELECT * FROM missing") // "no such table: missing"
    /// db.compilationError(of: "INSERT INTO items DEFAULT VALUES") // nil, or "unknown function: uuid()"
    /// ```
    package func compilationError(of sql: String) -> String? {
        do {
            _ = try makeStatement(sql: sql)
            return nil
        } catch let error as DatabaseError {
            return error.message ?? error.description
        } catch {
            return String(describing: error)
        }
    }
}
