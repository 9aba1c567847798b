import GRDB

// MARK: - The database's file

extension Database {
    /// The path of the file of the connection's main database, as SQLite opened it
    /// (`PRAGMA database_list`); nil for a database in memory or a temporary one.
    ///
    /// ```swift
    /// try DatabaseQueue(path: "app.sqlite").read { $0.mainFilePath }   // "/…/app.sqlite"
    /// try DatabaseQueue().read { $0.mainFilePath }                     // nil
    /// ```
    package var mainFilePath: String? {
        let file = try? String.fetchOne(self, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'")
        guard let file, !file.isEmpty else { return nil }
        return file
    }
}
