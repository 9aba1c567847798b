import GRDB

// MARK: - SchemaEditSession

/// Runs in-place edits of table definitions the way SQLite's documentation describes them,
/// inside the sync's transaction: `PRAGMA writable_schema = ON`, the `UPDATE`s of
/// `sqlite_schema`, then `PRAGMA schema_version` one above what it was (so that SQLite, and
/// every other connection, reads the schema again) and `writable_schema` off. Consecutive edits
/// share one session, so that the schema is read again once, however many tables change.
///
/// ```swift
/// try SchemaEditSession.run(in: db) {
///     for statement in step.statements { try db.execute(sql: statement) }
/// }
/// ```
package enum SchemaEditSession {
    /// The statement that opens a session.
    package static let opening = "PRAGMA writable_schema = ON"
    /// The statement that closes one, after the schema version is set.
    package static let closing = "PRAGMA writable_schema = OFF"

    /// Runs `body` inside a session on `db`; returns the statement that set the schema version.
    @discardableResult
    static func run(in db: Database, _ body: () throws -> Void) throws -> String {
        try db.execute(sql: opening)
        let setVersion: String
        do {
            setVersion = "PRAGMA schema_version = \(Int64(try db.schemaVersion()) + 1)"
            try body()
            try db.execute(sql: setVersion)
            try db.execute(sql: closing)
        } catch {
            try? db.execute(sql: closing)
            throw error
        }
        db.clearSchemaCache()
        return setVersion
    }

    /// Whether `db` lets a session edit the schema: false in SQLite's defensive mode, where
    /// `writable_schema` has no effect. Compiles an edit, and runs nothing.
    static func isAllowed(in db: Database) -> Bool {
        do {
            try db.execute(sql: opening)
            defer { try? db.execute(sql: closing) }
            _ = try db.makeStatement(sql: "UPDATE sqlite_master SET sql = sql WHERE 0")
            return true
        } catch {
            return false
        }
    }

    /// The statement that sets the schema version, as the dry run prints it (the sync reads the
    /// version in its transaction).
    package static let settingVersion = "PRAGMA schema_version = <the schema version + 1>"

    /// The steps in order, each run of consecutive in-place steps as one group.
    package static func groups(_ steps: [Step]) -> [(inPlace: Bool, steps: ArraySlice<Step>)] {
        var groups: [(inPlace: Bool, steps: ArraySlice<Step>)] = []
        var start = steps.startIndex
        while start < steps.endIndex {
            let inPlace = steps[start].method == .inPlace
            var end = start + 1
            while end < steps.endIndex && (steps[end].method == .inPlace) == inPlace { end += 1 }
            groups.append((inPlace, steps[start..<end]))
            start = end
        }
        return groups
    }
}
