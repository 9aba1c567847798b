import Foundation
import GRDB

// MARK: - Sync

extension Reconciler {
    /// Syncs the database file at `path`, creating it if needed.
    ///
    /// A new database is built under a temporary name beside `path`, and appears at `path` only
    /// once its sync has committed: a failed sync leaves no file behind.
    ///
    /// ```swift
    /// let report = try reconciler.sync(databaseAt: path)
    /// print(report.didChange ? "synced to \(report.version)" : "up to date")
    /// ```
    /// - Throws: ``ReconcileError``; the database is then exactly as it was.
    @discardableResult
    public func sync(databaseAt path: String) throws -> SyncReport {
        try validatingSchemaFirst {
            guard try DatabaseFile.check(path) else {
                return try syncNewDatabase(at: path)
            }
            return try sync(openDatabase(at: path, readonly: false))
        }
    }

    /// Syncs the database file at `path`, which must exist (a pattern matched it): one removed
    /// since is refused with ``ReconcileError/PathProblem/noLongerExists``, and never created.
    ///
    /// ```swift
    /// let report = try reconciler.sync(existingDatabaseAt: "tenants/acme.sqlite")
    /// ```
    func sync(existingDatabaseAt path: String) throws -> SyncReport {
        try validatingSchemaFirst {
            try sync(DatabaseFile.openExisting(path, busyTimeout: options.busyTimeout, preparedBy: options.prepareDatabase))
        }
    }

    /// Syncs a database through an app's GRDB `DatabaseQueue` or `DatabasePool`.
    ///
    /// Call it outside any transaction: it opens its own, so that the whole sync commits or rolls
    /// back as one. It runs as a barrier: with a `DatabasePool`, reads wait for it.
    ///
    /// ```swift
    /// let dbPool = try DatabasePool(path: path)
    /// try reconciler.sync(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``; the database is then exactly as it was.
    @discardableResult
    public func sync(_ writer: any DatabaseWriter) throws -> SyncReport {
        try SyncSession(reconciler: self).sync(writer)
    }

    private func syncNewDatabase(at path: String) throws -> SyncReport {
        // The sync validates schema.yaml first; whatever fails, the temporary file goes.
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).reconciler-\(UUID().uuidString)").path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        }
        var report: SyncReport
        do {
            let queue = try openDatabase(at: temporary, readonly: false)
            report = try sync(queue)
            report.databasePath = path
            try queue.close()
        } catch let error as ReconcileError {
            // Name the file the user asked for, not the temporary one.
            if let unopened = error.payload(as: ReconcileError.CannotOpenDatabase.self) {
                throw ReconcileError.cannotOpenDatabase(path: path, error: unopened.databaseError)
            }
            throw error
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

    /// Runs `body`; when the database cannot be opened, an invalid schema.yaml is the error to
    /// report, as validating it is the first step of a sync.
    func validatingSchemaFirst<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ReconcileError {
            if error.code == .cannotOpenDatabase || error.code == .invalidDatabasePath { _ = try loadedSchema() }
            throw error
        }
    }

    // MARK: Dry run

    /// What a sync of the database at `path` would do; never writes, and never creates the file.
    ///
    /// ```swift
    /// let plan = try reconciler.plan(databaseAt: "app.sqlite")
    /// for step in plan.steps { print(step) }
    /// ```
    /// - Throws: ``ReconcileError`` when schema.yaml is invalid, the database cannot be read, or
    ///   no plan can be made.
    public func plan(databaseAt path: String) throws -> Plan {
        try validatingSchemaFirst {
            guard try DatabaseFile.check(path) else {
                return try plan(inMemoryDatabase())
            }
            return try plan(openDatabase(at: path, readonly: true))
        }
    }

    /// What a sync through `reader` would do; never writes.
    ///
    /// ```swift
    /// let plan = try reconciler.plan(dbQueue)
    /// ```
    /// - Throws: ``ReconcileError`` when schema.yaml is invalid, the database cannot be read, or
    ///   no plan can be made.
    public func plan(_ reader: any DatabaseReader) throws -> Plan {
        try SyncSession(reconciler: self).plan(reader)
    }
}
