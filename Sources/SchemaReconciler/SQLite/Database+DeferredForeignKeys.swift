import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite   // GRDB's module for the system SQLite
#elseif canImport(SQLCipher)
import SQLCipher    // GRDB's SQLCipher setup
#elseif canImport(SQLite3)
import SQLite3      // GRDB built as a framework, with Apple's SQLite
#endif

// MARK: - Deferred foreign key checks

extension Database {
    /// Whether the open transaction has made foreign key violations that it has not resolved
    /// since, as SQLite counts them for the commit (`SQLITE_DBSTATUS_DEFERRED_FKS`): those of
    /// keys declared `DEFERRABLE INITIALLY DEFERRED`, and of every key while
    /// `PRAGMA defer_foreign_keys` is on. SQLite refuses to commit while it is true.
    ///
    /// SQLite counts changes, not rows: a row that referenced a missing parent before the
    /// transaction is not counted, and the statement that gives it its parent while the count is
    /// above zero lowers the count all the same.
    ///
    /// ```swift
    /// try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
    /// try db.execute(sql: "UPDATE parents SET id = id + 100")   // its children lose their parent, for now
    /// db.hasUnresolvedForeignKeyViolations                      // true
    /// try db.execute(sql: "UPDATE children SET parent_id = parent_id + 100")
    /// db.hasUnresolvedForeignKeyViolations                      // false
    /// ```
    package var hasUnresolvedForeignKeyViolations: Bool {
        guard let connection = sqliteConnection else { return false }
        var current: Int32 = 0
        var highest: Int32 = 0
        guard sqlite3_db_status(connection, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0) == SQLITE_OK else {
            return false
        }
        return current != 0
    }
}
