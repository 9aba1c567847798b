import Foundation
import GRDB

// MARK: - Many databases

extension Reconciler {
    /// Syncs each database file of `paths` (a server's one file per tenant), `jobs` at a time,
    /// with one load of schema.yaml and its scripts.
    ///
    /// Each database is synced exactly as `sync(databaseAt:)` syncs one, in a transaction of
    /// its own: one that fails is left as it was, and the others are synced all the same. The
    /// outcomes are in the order of `paths`. A progress handler (``Options/progress``) is called
    /// from each database's thread, from several at once when `jobs` is above 1.
    ///
    /// ```swift
    /// let reconciler = Reconciler(schema: try SchemaFile(contentsOf: URL(fileURLWithPath: "schema.yaml")))
    /// let paths = try Reconciler.databasePaths(matching: "/var/lib/tasks/tenants/*.sqlite")
    /// let outcomes = try reconciler.sync(databasesAt: paths, jobs: 4, creatingMissing: false)
    /// for outcome in outcomes where outcome.error != nil {
    ///     log("\(outcome.path): \(outcome.error!)")
    /// }
    /// ```
    /// - Parameters:
    ///   - paths: The database files, each the path of one file: `*`, `?`, `[` and backslashes
    ///     in them are part of the names (see ``databasePaths(matching:)`` for patterns).
    ///   - jobs: How many databases are synced at once (at least one); by default, one per core.
    ///   - creatingMissing: Whether a path where no file is gets a new database, as a one-file
    ///     sync does (the default). Pass false for files known to exist, such as the matches of
    ///     a pattern: one that was removed before its turn is then the error
    ///     ``ReconcileError/PathProblem/noLongerExists`` in its outcome, and no file is created.
    /// - Returns: One outcome per path, in the order of `paths`.
    /// - Throws: ``ReconcileError/invalidSchema(_:)`` when schema.yaml or a script it names is
    ///   invalid; no database is then touched. Every other error is that of one database, in
    ///   its outcome.
    public func sync(databasesAt paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                     creatingMissing: Bool = true) throws -> [Reconciler.Outcome] {
        let results = try loadingSchemaOnce().eachDatabase(at: paths, jobs: jobs) { reconciler, path in
            try creatingMissing ? reconciler.sync(databaseAt: path) : reconciler.sync(existingDatabaseAt: path)
        }
        return zip(paths, results).map { Reconciler.Outcome(path: $0, result: $1) }
    }

    /// The database files a `--database` value names.
    ///
    /// The files a pattern such as `tenants/*.sqlite` matches, or the one path of a value without
    /// `*`, `?` or `[` (whether the file exists or not: a sync creates it).
    ///
    /// A pattern matches regular files only, sorted by path, and not the `-journal`, `-wal` or
    /// `-shm` file beside a database. `[!…]` matches a character that is not listed (write it
    /// so: `[^…]` means the same on Linux only). A backslash makes the next character literal, in
    /// a pattern or not: `backup\[1\].sqlite` is the one path `backup[1].sqlite`. To put a
    /// folder or a name that comes from elsewhere into a pattern, escape it with
    /// ``escapedPattern(for:)``.
    ///
    /// ```swift
    /// let paths = try Reconciler.databasePaths(matching: "tenants/*.sqlite")
    /// // ["tenants/acme.sqlite", "tenants/globex.sqlite"]
    /// try Reconciler.databasePaths(matching: "app.sqlite") // ["app.sqlite"]
    /// ```
    /// - Throws: ``ReconcileError/invalidDatabasePath(_:problem:)`` with
    ///   ``ReconcileError/PathProblem/noMatch`` when a pattern matches no file.
    public static func databasePaths(matching pattern: String) throws -> [String] {
        DatabasePattern.isPattern(pattern) ? try DatabasePattern.expand(pattern) : [DatabasePattern.literalPath(pattern)]
    }

    /// `path` made part of a pattern that ``databasePaths(matching:)`` reads literally, whatever it
    /// holds: a backslash before each `*`, `?`, `[` and backslash.
    ///
    /// A folder or a tenant's name built into a pattern can then never match another file.
    ///
    /// ```swift
    /// let folder = "/srv/data [eu]/tenants"            // "[eu]" would match "e" or "u"
    /// let paths = try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: folder) + "/*.sqlite")
    /// try Reconciler.databasePaths(matching: Reconciler.escapedPattern(for: "data[1].sqlite")) // ["data[1].sqlite"]
    /// ```
    public static func escapedPattern(for path: String) -> String {
        DatabasePattern.escaped(path)
    }

    // MARK: Building blocks

    /// Throws ``ReconcileError/PathProblem/noLongerExists`` when no file is at `path` any more:
    /// a pattern's match removed before its turn. The dry run and the status of a pattern's
    /// matches check it first, and so say what their sync would.
    ///
    /// ```swift
    /// try Reconciler.requireExistingDatabase(at: path)
    /// let plan = try reconciler.plan(databaseAt: path)
    /// ```
    package static func requireExistingDatabase(at path: String) throws(ReconcileError) {
        _ = try typed { try DatabaseFile.requireExisting(path) }
    }

    /// This reconciler with schema.yaml and its scripts loaded, so that the syncs made with it
    /// do not read them again, and with a ``LiveSchemaMemo``, so that they read and compare each
    /// live schema they meet once; itself when it has both.
    ///
    /// - Throws: ``ReconcileError/invalidSchema(_:)``.
    package func loadingSchemaOnce() throws(ReconcileError) -> Reconciler {
        if case .loaded = source, liveSchemas != nil { return self }
        var loaded = self
        let file = try Self.typed { try loadedSchema() }
        loaded.source = .loaded(file)
        loaded.liveSchemas = LiveSchemaMemo(file: file)
        return loaded
    }

    /// `body(self, path)` for each path, `jobs` at a time, in the order of `paths`: what it
    /// returned, or the error it threw. A dry run or a status of many databases is made with it.
    ///
    /// ```swift
    /// let plans = try reconciler.loadingSchemaOnce().eachDatabase(at: paths, jobs: 4) { try $0.plan(databaseAt: $1) }
    /// ```
    package func eachDatabase<T: Sendable>(at paths: [String], jobs: Int,
                                           _ body: @Sendable (Reconciler, String) throws -> T) -> [Result<T, ReconcileError>] {
        ParallelJobs.map(count: paths.count, jobs: jobs) { index in
            Result { () throws(ReconcileError) -> T in try Self.typed { try body(self, paths[index]) } }
        }
    }

    /// Runs `body`, with an error that is not a ``ReconcileError`` (a file the file system
    /// refused to move) told as the failure of SQLite's input and output it is.
    static func typed<T>(_ body: () throws -> T) throws(ReconcileError) -> T {
        do {
            return try body()
        } catch let error as ReconcileError {
            throw error
        } catch let error as DatabaseError {
            throw ReconcileError.database(error)
        } catch is CancellationError {
            throw ReconcileError.cancelled
        } catch {
            throw ReconcileError.database(DatabaseError(resultCode: .SQLITE_IOERR, message: "\(error.localizedDescription)"))
        }
    }
}
