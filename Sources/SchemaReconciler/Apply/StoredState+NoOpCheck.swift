import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite   // GRDB's module for the system SQLite
#elseif canImport(SQLCipher)
import SQLCipher    // GRDB's SQLCipher setup
#elseif canImport(SQLite3)
import SQLite3      // GRDB built as a framework, with Apple's SQLite
#endif

// MARK: - The no-op check's read

extension StoredState {
    /// What the no-op check needs: the stored values (not the applied upgrades) and the schema
    /// version SQLite has now, read in one read transaction. Nil when the database has no state,
    /// or when the read fails: the check then cannot tell, and the sync that follows reads the
    /// database again and reports what is wrong.
    ///
    /// It runs at every launch on a connection just opened, so it talks to SQLite directly: two
    /// statements prepared once each, and the text of each row read in place, without the rows,
    /// regions and values a statement of the database library builds.
    ///
    /// ```swift
    /// let read = try queue.unsafeRead { StoredState.readForNoOpCheck($0) }
    /// read?.state.schemaVersion == read?.schemaVersion   // no schema change since the last sync
    /// ```
    package static func readForNoOpCheck(_ db: Database) -> (state: StoredState, schemaVersion: Int)? {
        guard let connection = db.sqliteConnection,
              let rows = RawStatement(connection, sql: "SELECT key, value FROM \(SQLText.quote(stateTable))"),
              let pragma = RawStatement(connection, sql: "PRAGMA schema_version") else { return nil }
        var values: [String: String] = [:]
        var schemaVersion: Int?
        while let row = rows.step() {
            guard row else { return nil }
            // Read while the first statement is active, so that both share its read transaction.
            if schemaVersion == nil {
                guard pragma.step() == true else { return nil }
                schemaVersion = pragma.int(0)
            }
            values[rows.text(0)] = rows.text(1)
        }
        guard let schemaVersion, !values.isEmpty else { return nil }
        return (StoredState(values: values), schemaVersion)
    }
}

// MARK: - RawStatement

/// A statement prepared on an SQLite connection, finalized when released.
private final class RawStatement {
    private let statement: OpaquePointer

    /// Prepares `sql`; nil when SQLite refuses it (a missing table, a database it cannot read).
    init?(_ connection: OpaquePointer, sql: String) {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            return nil
        }
        statement = prepared
    }

    deinit { sqlite3_finalize(statement) }

    /// True at a row, nil once done, false when the step failed.
    func step() -> Bool? {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return nil
        default: return false
        }
    }

    /// The text of column `index` of the current row; empty for NULL.
    func text(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        return String(cString: text)
    }

    /// The integer of column `index` of the current row.
    func int(_ index: Int32) -> Int {
        Int(sqlite3_column_int64(statement, index))
    }
}
