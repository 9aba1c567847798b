import GRDB

// MARK: - SchemaEditSession

/// Runs in-place edits of table definitions the way SQLite's documentation describes them,
/// inside the sync's transaction: `PRAGMA writable_schema = ON`, the `UPDATE`s of
/// `sqlite_schema`, then `PRAGMA schema_version` one above what it was (so that every other
/// connection reads the schema again), and `PRAGMA writable_schema = RESET`, which turns schema
/// writing off and has this connection read the edited schema at once. Consecutive edits share
/// one session, so that the schema is read again once, however many tables change.
///
/// On a connection in SQLite's defensive mode (Apple's SQLite turns it on for every
/// connection), `writable_schema` has no effect: the session turns defensive mode off for its
/// own statements, and back on after, when the sync may (``Reconciler/Options/allowsDefensiveModeOff``).
///
/// ```swift
/// let version = try SchemaEditSession.run(in: db, version: 43, allowingDefensiveModeOff: true) {
///     for statement in step.statements { try db.execute(sql: statement) }
/// }
/// // version == 43, the schema version the session set
/// ```
package enum SchemaEditSession {
    /// The statement that opens a session.
    package static let opening = "PRAGMA writable_schema = ON"
    /// The statement that closes one, after the schema version is set: schema writing off, and
    /// the schema read again from `sqlite_schema`.
    package static let closing = "PRAGMA writable_schema = RESET"

    /// The statement that sets the schema version to `version`.
    package static func settingVersion(_ version: Int) -> String {
        "PRAGMA schema_version = \(version)"
    }

    // MARK: Running a session

    /// Runs `body` inside a session on `db`; returns the schema version it set: `version`, the
    /// one the plan expects, or one above the version it finds, when that is higher.
    ///
    /// - Parameters:
    ///   - version: The schema version the plan printed for this session; nil when it has none.
    ///   - allowingDefensiveModeOff: Whether the session may turn defensive mode off for its
    ///     statements (and back on after) when the connection is in it.
    @discardableResult
    static func run(in db: Database, version: Int? = nil, allowingDefensiveModeOff: Bool,
                    _ body: () throws -> Void) throws -> Int {
        guard allowingDefensiveModeOff else { return try run(in: db, version: version, body) }
        return try db.withDefensiveModeOff { try run(in: db, version: version, body) }
    }

    private static func run(in db: Database, version planned: Int?, _ body: () throws -> Void) throws -> Int {
        try db.execute(sql: opening)
        let version: Int
        do {
            // The cookie only has to change; never set it below what the plan printed.
            version = max(planned ?? 0, Int(try db.schemaVersion()) + 1)
            try body()
            try db.execute(sql: settingVersion(version))
            try db.execute(sql: closing)
        } catch {
            try? db.execute(sql: "PRAGMA writable_schema = OFF")
            throw error
        }
        db.clearSchemaCache()
        return version
    }

    /// Whether `db` lets a session edit the schema: false in SQLite's defensive mode unless the
    /// session may turn it off, or when something else keeps `sqlite_schema` read-only. Compiles
    /// an edit, and runs nothing.
    static func isAllowed(in db: Database, allowingDefensiveModeOff: Bool) -> Bool {
        guard allowingDefensiveModeOff else { return canEdit(db) }
        return (try? db.withDefensiveModeOff { canEdit(db) }) ?? false
    }

    private static func canEdit(_ db: Database) -> Bool {
        do {
            try db.execute(sql: opening)
            defer { try? db.execute(sql: "PRAGMA writable_schema = OFF") }
            _ = try db.makeStatement(sql: "UPDATE sqlite_master SET sql = sql WHERE 0")
            return true
        } catch {
            return false
        }
    }
}
