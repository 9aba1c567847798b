#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB

// MARK: - DatabaseFile

/// Opening the database file a sync by path works on.
///
/// ```swift
/// try DatabaseFile.check("app.sqlite")
/// let queue = try DatabaseFile.open("app.sqlite", readonly: true, busyTimeout: .seconds(30),
///                                   preparedBy: options.prepareDatabase)
/// ```
enum DatabaseFile {
    // MARK: Paths

    /// Refuses a path that cannot name a database file, with the reason; otherwise whether a
    /// file (not a directory) exists at it, by one `stat`.
    @discardableResult
    static func check(_ path: String) throws -> Bool {
        // stat(2) directly: this runs at every launch, and FileManager costs several times more.
        var info = stat()
        let found = !path.isEmpty && stat(path, &info) == 0
        let problem: ReconcileError.PathProblem?
        if path.isEmpty || path == ":memory:" {
            problem = .notAFilePath
        } else if path.hasSuffix("/") || (found && (info.st_mode & S_IFMT) == S_IFDIR) {
            problem = .isDirectory
        } else if !found {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            problem = stat(folder, &info) == 0 ? nil : .directoryMissing
        } else {
            problem = nil
        }
        if let problem {
            throw ReconcileError.invalidDatabasePath(path, problem: problem)
        }
        return found
    }

    // MARK: Files that must exist

    /// Refuses a path as ``check(_:)`` does, and one where no file is (any more): a pattern's
    /// match removed before its turn. Returns the file's device and inode.
    @discardableResult
    static func requireExisting(_ path: String) throws -> [UInt64] {
        guard try check(path), let identity = identity(of: path) else {
            throw ReconcileError.invalidDatabasePath(path, problem: .noLongerExists)
        }
        return identity
    }

    /// A read-write connection to the file at `path`, which must exist: a file removed before
    /// it is opened is refused, and none is left in its place.
    static func openExisting(_ path: String, busyTimeout: Duration,
                             preparedBy preparation: DatabasePreparation?) throws -> DatabaseQueue {
        let listed = try requireExisting(path)
        let queue = try open(path, readonly: false, busyTimeout: busyTimeout, preparedBy: preparation)
        // SQLite creates a missing file as it opens it: removed in between, the path names another now.
        guard identity(of: path) == listed else {
            try? queue.close()
            var info = stat()
            if stat(path, &info) == 0 && info.st_size == 0 { unlink(path) }
            throw ReconcileError.invalidDatabasePath(path, problem: .noLongerExists)
        }
        return queue
    }

    /// The device and inode of the file at `path`; nil when there is none.
    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)]
    }

    // MARK: Connections

    /// A connection to the file at `path`, waiting up to `busyTimeout` for other writers.
    ///
    /// A reading connection (dry run, status) must leave no trace. A read-only connection to a
    /// WAL database creates the `-wal` and `-shm` files when they are missing, and cannot remove
    /// them when it closes; a read-write connection, as the last one to close, removes them. When
    /// the `-wal` file is missing, no other connection has the database open, so such a connection
    /// is used, and it only reads (GRDB's `read` runs with `PRAGMA query_only`).
    ///
    /// Every connection opened here removes those files as the last one to close, as SQLite does
    /// by default: Apple's SQLite would keep them (persistent WAL), and a dry run or a sync with
    /// nothing to do would leave two files that were not there before. Then `preparation`, the
    /// app's, prepares it.
    static func open(_ path: String, readonly: Bool, busyTimeout: Duration,
                     preparedBy preparation: DatabasePreparation?) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = readonly && !(isWAL(path) && !FileManager.default.fileExists(atPath: path + "-wal"))
        configuration.busyMode = .timeout(busyTimeout.seconds)
        configuration.prepareDatabase { $0.keepsWALFiles = false }
        configuration.prepareDatabase(with: preparation)
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw ReconcileError.cannotOpenDatabase(path: path, error: explained(error, path: path))
        }
    }

    /// SQLite's error, with what a reading connection cannot do: recover the write that a
    /// `-journal` file beside the database shows was interrupted.
    static func explained(_ error: DatabaseError, path: String) -> DatabaseError {
        let message = error.message ?? ""
        guard message.contains("readonly database"), FileManager.default.fileExists(atPath: path + "-journal") else {
            return error
        }
        return DatabaseError(resultCode: error.extendedResultCode, message: message
            + " (a -journal file beside it shows a write that was interrupted; only a connection that "
            + "may write can recover it: run a sync, or open the database in the app, first)")
    }

    /// Whether the file's header says it is in WAL mode (its read and write versions are 2).
    static func isWAL(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }
}
