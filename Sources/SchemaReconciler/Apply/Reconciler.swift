import Foundation
import GRDB

// MARK: - Reconciler

/// Brings a SQLite database to the shape `schema.yaml` declares, and runs the data-migration
/// upgrades that the app's version bump calls for, all in one transaction.
///
/// Call it at every launch: when nothing changed since the last sync it only compares a
/// fingerprint and writes nothing.
///
/// ```swift
/// let reconciler = Reconciler(schemaURL: Bundle.main.url(forResource: "schema", withExtension: "yaml")!)
/// let report = try reconciler.sync(databaseAt: databasePath)
///
/// // With GRDB:
/// let dbQueue = try DatabaseQueue(path: databasePath)
/// try reconciler.sync(dbQueue)
/// ```
public struct Reconciler: Sendable {
    // MARK: Options

    /// How a sync treats databases it did not create.
    public struct Options: Sendable {
        /// The version a database with user tables but no stored state is treated as being at.
        public var legacyVersion: SemanticVersion
        /// Whether a database synced by a newer app version is accepted (no upgrades, no drops).
        public var allowsNewerDatabase: Bool
        /// How long to wait for another connection's write lock, in seconds (path-based syncs).
        public var busyTimeout: TimeInterval

        /// Creates options.
        ///
        /// ```swift
        /// let options = Reconciler.Options(legacyVersion: "1.0.0")
        /// ```
        public init(legacyVersion: SemanticVersion = .zero, allowsNewerDatabase: Bool = false,
                    busyTimeout: TimeInterval = 30) {
            self.legacyVersion = legacyVersion
            self.allowsNewerDatabase = allowsNewerDatabase
            self.busyTimeout = busyTimeout
        }
    }

    /// A data migration written in Swift, run like an upgrade script.
    struct CodeUpgrade: Sendable {
        var version: SemanticVersion
        var name: String
        var body: @Sendable (Database) throws -> Void
    }

    /// The schema file.
    public let schemaURL: URL
    /// The options.
    public var options: Options
    var codeUpgrades: [CodeUpgrade] = []

    /// Creates a reconciler for the schema file at `schemaURL` (an app-bundle resource or a path).
    public init(schemaURL: URL, options: Options = Options()) {
        self.schemaURL = schemaURL
        self.options = options
    }

    /// Creates a reconciler for the schema file at `schemaPath`.
    ///
    /// ```swift
    /// let reconciler = Reconciler(schemaPath: "schema.yaml")
    /// ```
    public init(schemaPath: String, options: Options = Options()) {
        self.init(schemaURL: URL(fileURLWithPath: schemaPath), options: options)
    }

    /// Registers a data migration written in Swift for `version`. It runs exactly like an
    /// upgrade script of that version (after that version's scripts), at most once per database.
    ///
    /// ```swift
    /// reconciler.registerUpgrade(version: "1.3.0", named: "hash-passwords") { db in
    ///     for row in try Row.fetchAll(db, sql: "SELECT id, password FROM users") { … }
    /// }
    /// ```
    public mutating func registerUpgrade(version: SemanticVersion, named name: String,
                                         _ body: @escaping @Sendable (Database) throws -> Void) {
        codeUpgrades.append(CodeUpgrade(version: version, name: name, body: body))
    }

    // MARK: Sync

    /// Syncs the database file at `path`, creating it if needed.
    ///
    /// A new database is built under a temporary name beside `path`, and appears at `path` only
    /// once its sync has committed: a failed sync leaves no file behind.
    @discardableResult
    public func sync(databaseAt path: String) throws -> SyncReport {
        try validatingSchemaFirst {
            try Self.checkDatabasePath(path)
            guard FileManager.default.fileExists(atPath: path) else {
                return try syncNewDatabase(at: path)
            }
            return try sync(openDatabase(at: path, readonly: false))
        }
    }

    /// Runs `body`; when the database cannot be read, an invalid schema.yaml is the error to
    /// report, as validating it is the first step of a sync. (On success the file is validated
    /// only when it changed: the fast no-op path never parses it.)
    func validatingSchemaFirst<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ReconcileError {
            if case .unreadableDatabase = error { _ = try SyncSession(reconciler: self).loadSchema() }
            throw error
        }
    }

    private func syncNewDatabase(at path: String) throws -> SyncReport {
        // The sync validates schema.yaml first; whatever fails, the temporary file goes.
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).reconciler-\(UUID().uuidString)").path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        }
        let report: SyncReport
        do {
            let queue = try openDatabase(at: temporary, readonly: false)
            report = try sync(queue)
            try queue.close()
        } catch let error as ReconcileError {
            // Name the file the user asked for, not the temporary one.
            throw error.replacingPath(temporary, with: path)
        }
        do {
            // link(2) never replaces a file: if another process created the database meanwhile,
            // sync that one instead (it finds the work done, or does what is left).
            try FileManager.default.linkItem(atPath: temporary, toPath: path)
        } catch {
            if FileManager.default.fileExists(atPath: path) {
                return try sync(openDatabase(at: path, readonly: false))
            }
            // A file system without hard links.
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        }
        return report
    }

    /// Refuses a path that cannot name a database file, with a message that says why.
    static func checkDatabasePath(_ path: String) throws {
        var isDirectory: ObjCBool = false
        let problem: String?
        if path.isEmpty || path == ":memory:" {
            problem = "the database must be given as the path of a file"
        } else if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                                          && isDirectory.boolValue) {
            problem = "it is a directory, not a database file"
        } else if !FileManager.default.fileExists(atPath: path) {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            problem = FileManager.default.fileExists(atPath: folder) ? nil : "the directory \(folder) does not exist"
        } else {
            problem = nil
        }
        if let problem {
            throw ReconcileError.unreadableDatabase(path: path, message: problem)
        }
    }

    /// Syncs a database through an app's GRDB `DatabaseQueue` or `DatabasePool`.
    /// Call it outside any transaction.
    @discardableResult
    public func sync(_ writer: any DatabaseWriter) throws -> SyncReport {
        try Self.reporting(path: writer.path) { try SyncSession(reconciler: self).sync(writer) }
    }

    // MARK: Dry run

    /// What a sync of the database at `path` would do; never writes, and never creates the file.
    public func plan(databaseAt path: String) throws -> Plan {
        try validatingSchemaFirst {
            try Self.checkDatabasePath(path)
            guard FileManager.default.fileExists(atPath: path) else {
                return try plan(DatabaseQueue())
            }
            return try plan(openDatabase(at: path, readonly: true))
        }
    }

    /// A connection to the file at `path`, waiting up to the busy timeout for other writers.
    ///
    /// A reading connection (dry run, status) must leave no trace. A read-only connection to a
    /// WAL database creates the `-wal` and `-shm` files when they are missing, and cannot remove
    /// them when it closes; a read-write connection, as the last one to close, removes them. When
    /// the `-wal` file is missing, no other connection has the database open, so such a connection
    /// is used, and it only reads (GRDB's `read` runs with `PRAGMA query_only`).
    func openDatabase(at path: String, readonly: Bool) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = readonly && !(Self.isWALDatabase(at: path)
            && !FileManager.default.fileExists(atPath: path + "-wal"))
        configuration.busyMode = .timeout(options.busyTimeout)
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw ReconcileError.unreadableDatabase(path: path, message: Self.explained(Self.message(of: error), path: path))
        }
    }

    /// SQLite's message, with what a reading connection cannot do: recover the write that a
    /// `-journal` file beside the database shows was interrupted.
    static func explained(_ message: String, path: String) -> String {
        guard message.contains("readonly database"), FileManager.default.fileExists(atPath: path + "-journal") else {
            return message
        }
        return message + " (a -journal file beside it shows a write that was interrupted; only a connection that "
            + "may write can recover it: run a sync, or open the database in the app, first)"
    }

    /// Whether the file's header says it is in WAL mode (its read and write versions are 2).
    static func isWALDatabase(at path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// What a sync through `reader` would do; never writes.
    public func plan(_ reader: any DatabaseReader) throws -> Plan {
        try Self.reporting(path: reader.path) { try SyncSession(reconciler: self).plan(reader) }
    }

    /// Runs `body`, turning any error that is not already a ``ReconcileError`` (SQLite refusing
    /// to read the file, say) into one that names the database.
    static func reporting<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ReconcileError {
            throw error
        } catch {
            throw ReconcileError.unreadableDatabase(path: path, message: explained(message(of: error), path: path))
        }
    }

    static func message(of error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return String(describing: error)
    }
}
