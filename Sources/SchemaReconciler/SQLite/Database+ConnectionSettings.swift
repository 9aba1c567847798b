import CSQLiteBridge
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite   // GRDB's module for the system SQLite
#elseif canImport(SQLCipher)
import SQLCipher    // GRDB's SQLCipher setup
#elseif canImport(SQLite3)
import SQLite3      // GRDB built as a framework, with Apple's SQLite
#endif

// MARK: - Connection settings

/// The settings of one SQLite connection that a sync reads or changes and that GRDB does not
/// wrap: defensive mode, which Apple's SQLite turns on for every connection, and whether the
/// `-wal` and `-shm` files outlive the last connection, which Apple's SQLite also turns on.
///
/// ```swift
/// try db.withDefensiveModeOff { try db.execute(sql: "PRAGMA writable_schema = ON") }
/// db.keepsWALFiles = false   // the last close removes -wal and -shm, as SQLite's default does
/// ```
extension Database {
    // MARK: Defensive mode

    /// Whether SQLite's defensive mode is on for this connection (`SQLITE_DBCONFIG_DEFENSIVE`):
    /// `PRAGMA writable_schema` and `PRAGMA schema_version = N` then have no effect.
    package var isDefensive: Bool {
        guard let connection = sqliteConnection else { return false }
        return reconciler_db_config_flag(UnsafeMutableRawPointer(connection), SQLITE_DBCONFIG_DEFENSIVE, -1) == 1
    }

    /// Turns defensive mode on or off for this connection.
    ///
    /// - Throws: A `DatabaseError` when SQLite keeps the other setting.
    package func setDefensive(_ on: Bool) throws {
        guard let connection = sqliteConnection else { return }
        let now = reconciler_db_config_flag(UnsafeMutableRawPointer(connection), SQLITE_DBCONFIG_DEFENSIVE, on ? 1 : 0)
        guard now == (on ? 1 : 0) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "SQLite did not turn defensive mode \(on ? "on" : "off") on this connection")
        }
    }

    /// Runs `body` with defensive mode off, and puts it back on afterwards when it was on,
    /// whether `body` throws or not.
    ///
    /// - Throws: What `body` throws, or a `DatabaseError` when SQLite does not change the setting.
    package func withDefensiveModeOff<T>(_ body: () throws -> T) throws -> T {
        guard isDefensive else { return try body() }
        try setDefensive(false)
        let result: T
        do {
            result = try body()
        } catch {
            try? setDefensive(true)
            throw error
        }
        try setDefensive(true)
        return result
    }

    // MARK: Write-ahead log files

    /// Whether the `-wal` and `-shm` files of a database in WAL mode stay beside it when this
    /// connection, as the last one, closes (`SQLITE_FCNTL_PERSIST_WAL`). SQLite's default is
    /// false; Apple's SQLite makes it true.
    package var keepsWALFiles: Bool {
        get {
            var value: Int32 = -1
            guard let connection = sqliteConnection,
                  sqlite3_file_control(connection, "main", SQLITE_FCNTL_PERSIST_WAL, &value) == SQLITE_OK else { return false }
            return value == 1
        }
        set {
            var value: Int32 = newValue ? 1 : 0
            guard let connection = sqliteConnection else { return }
            _ = sqlite3_file_control(connection, "main", SQLITE_FCNTL_PERSIST_WAL, &value)
        }
    }
}

// MARK: - SQLiteLibrary

/// The SQLite library the app runs with.
///
/// ```swift
/// SQLiteLibrary.versionNumber >= 3_037_000   // STRICT tables
/// ```
package enum SQLiteLibrary {
    /// Its version, as `sqlite3_libversion_number()` gives it: 3040001 for 3.40.1.
    package static var versionNumber: Int { Int(sqlite3_libversion_number()) }
}
