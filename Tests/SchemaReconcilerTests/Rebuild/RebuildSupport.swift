import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Helpers shared by the rebuild tests

/// Stored values written with their storage class, so that `4`, `4.0` and `'4'` never compare
/// equal: `integer 4`, `real 4.0`, `text "4"`, `blob x'00ff10'`, `null`.
enum Stored {
    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return null
        case .int64(let number): return integer(number)
        case .double(let number): return real(number)
        case .string(let string): return text(string)
        case .blob(let data): return "blob x'" + data.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    static func integer(_ value: Int64) -> String { "integer \(value)" }
    static func real(_ value: Double) -> String { "real \(value)" }
    static func text(_ value: String) -> String { "text \(value.debugDescription)" }
    static let null = "null"
}

extension Workspace {
    /// Rows as column name → typed value, so that rows compare whatever their column order.
    func typedRows(_ sql: String) throws -> [[String: String]] {
        try read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                var values: [String: String] = [:]
                for (name, value) in zip(row.columnNames, row.databaseValues) { values[name] = Stored.describe(value) }
                return values
            }
        }
    }

    /// The differences left between schema.yaml and the live database (none when they match).
    func remainingChanges() throws -> [Change] {
        let file = try SchemaFile(contentsOf: schemaURL)
        let live = try inspect()
        return try RenameDiff(declared: file.schema, live: live).changes
            + SchemaDiff(declared: file.schema, drop: file.drop, live: live).changes
    }

    /// The AUTOINCREMENT counter of a table, nil when `sqlite_sequence` has none.
    func sequence(of table: String) throws -> Int64? {
        try read { db in
            guard try db.tableExists("sqlite_sequence") else { return nil }
            return try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
        }
    }

    /// What `PRAGMA foreign_key_check` reports, one description per violating row.
    func foreignKeyProblems() throws -> [String] {
        try read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map(\.description) }
    }

    /// One value.
    func value<T: DatabaseValueConvertible>(_ sql: String, as type: T.Type = T.self) throws -> T? {
        try read { db in try T.fetchOne(db, sql: sql) }
    }

    /// A table's definition as `sqlite_schema` stores it.
    func tableDefinition(_ table: String) throws -> String? {
        try value("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'")
    }

    /// The names of the user's schema objects of one kind (not SQLite's, not the reconciler's), sorted.
    func objectNames(_ type: String) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = ?
                  AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_reconciler%' ESCAPE '\\'
                ORDER BY name
                """, arguments: [type])
        }
    }

    /// Syncs, expecting a failure that `matches`, and checks that the file did not change by a byte.
    func expectFailedSync(_ reconciler: Reconciler? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                          _ matches: (ReconcileError) -> Bool) throws {
        let before = try fileBytes()
        var failure: (any Error)?
        do {
            try (reconciler ?? self.reconciler()).sync(databaseAt: databasePath)
        } catch {
            failure = error
        }
        guard let failure else {
            Issue.record("the sync succeeded; it should have failed", sourceLocation: sourceLocation)
            return
        }
        if let error = failure as? ReconcileError {
            #expect(matches(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
        } else {
            Issue.record("not a ReconcileError: \(failure)", sourceLocation: sourceLocation)
        }
        #expect(try fileBytes() == before, "the database file changed", sourceLocation: sourceLocation)
    }
}

extension Workspace {
    /// A connection to the database in SQLite's defensive mode, as some apps run it: it refuses
    /// `PRAGMA writable_schema`.
    func defensiveQueue() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.setDefensive(true) }
        return try DatabaseQueue(path: databasePath, configuration: configuration)
    }
}
