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
///
/// // Many databases, one load of schema.yaml:
/// let shared = Reconciler(schema: try SchemaFile(contentsOf: schemaURL))
/// for path in tenantPaths { try shared.sync(databaseAt: path) }
/// ```
public struct Reconciler: Sendable {
    /// The version of this library and of the `reconcile` command (`reconcile --version`).
    public static let libraryVersion = "0.1.0"

    // MARK: Options

    /// How a sync treats databases it did not create, and how long it waits for them.
    public struct Options: Sendable {
        /// The version a database with user tables but no stored state is treated as being at.
        public var legacyVersion: SemanticVersion
        /// Whether a database synced by a newer app version is accepted (no upgrades, no drops).
        public var allowsNewerDatabase: Bool
        /// How long a sync by path waits for another connection's write lock.
        public var busyTimeout: Duration
        /// The hazards a sync refuses: a plan with one of these kinds is not applied, and the
        /// sync throws ``ReconcileError/hazardsDenied(_:)`` before touching anything.
        ///
        /// ```swift
        /// options.deniedHazards = [.dropsData]   // "never drop data here"
        /// ```
        public var deniedHazards: Set<Hazard.Kind>
        /// The hazards whose steps may wait for `finishDeferredWork(databaseAt:)`, when the app is
        /// idle, so that a launch sync costs what the app needs now.
        ///
        /// Empty (the default) lets nothing wait.
        ///
        /// A step waits when every hazard it has is of one of these kinds, and the new app's
        /// reads and writes do not need it: a declared drop, a constraint the rows are checked
        /// against, an index that is not UNIQUE. The sync still runs everything else and the
        /// upgrades, records the new version, and makes a column that waits to be dropped
        /// nullable if it was NOT NULL without a default, so that an INSERT without it succeeds.
        /// A constraint that waits is not enforced until then. With ``Hazard/Kind/scansRows``,
        /// the sync checks foreign keys only in the tables its steps could have affected, and
        /// the check of the whole database waits too.
        ///
        /// ```swift
        /// let options = Reconciler.Options(deferring: [.copiesRows, .dropsData, .scansRows, .buildsIndex])
        /// try Reconciler(schemaURL: url, options: options).sync(databaseAt: path)   // at launch
        /// try Reconciler(schemaURL: url).finishDeferredWork(databaseAt: path)        // when idle
        /// ```
        public var deferring: Set<Hazard.Kind>
        /// How long a launch sync may take on this device; nil (the default) sets no limit.
        ///
        /// Before it changes anything, the sync estimates what each step costs here, from the
        /// pages SQLite keeps for each table and the rates it measures on a few rows, without
        /// a pass over the rows. When the estimate is over the budget, the work that may wait
        /// (what ``deferring`` lets wait, for every hazard kind) waits for
        /// `finishDeferredWork(databaseAt:)`, and the rest runs. The plan's
        /// ``Plan/launchBudget`` gives each step's estimate; a launch still over the budget, for
        /// what cannot wait, runs and warns (``SyncWarning/Code/launchOverBudget``).
        ///
        /// ```swift
        /// var options = Reconciler.Options()
        /// options.launchBudget = .seconds(1)
        /// let report = try Reconciler(schemaURL: url, options: options).sync(databaseAt: path)
        /// if !report.deferred.isEmpty { scheduleFinishing() }
        /// ```
        public var launchBudget: Duration?
        /// The copy rate the budget's estimates use, in bytes a second, in place of the one a
        /// sync measures on this device (a read then counts four times as fast); nil (the
        /// default) measures it.
        ///
        /// ```swift
        /// options.copyRate = 1_000   // a device that copies a kilobyte a second
        /// ```
        package var copyRate: Double?
        /// Called as a sync goes, on the thread that runs it, with where it stands: the phase, step
        /// i of n, the rows a rebuild has copied, upgrade i of n.
        ///
        /// Nil (the default) costs nothing. The handler must not use the database: the sync's
        /// transaction is open, and while a table is copied the connection is in the middle of a
        /// statement. The rows are counted through the connection's SQLite progress handler
        /// (`sqlite3_progress_handler`), which the copy sets and leaves unset.
        ///
        /// ```swift
        /// options.progress = { progress in
        /// Task { @MainActor in launchScreen.show(progress) }
        /// }
        /// ```
        public var progress: (@Sendable (SyncProgress) -> Void)?
        /// Whether a sync may turn SQLite's defensive mode off on the connection it writes with,
        /// for the in-place edits of table definitions only, and turn it back on after them (true
        /// by default).
        ///
        /// Apple's SQLite turns defensive mode on for every connection, and in it SQLite refuses to
        /// edit a table's definition: set this to false when the app must never leave defensive
        /// mode, and each such change then copies the table instead.
        ///
        /// ```swift
        /// options.allowsDefensiveModeOff = false   // copy tables rather than leave defensive mode
        /// ```
        public var allowsDefensiveModeOff = true
        /// Prepares every connection the reconciler opens, as GRDB's
        /// `Configuration.prepareDatabase` does.
        ///
        /// Register here the collations, SQL functions and full-text tokenizers of the app's own
        /// that schema.yaml uses.
        ///
        /// Nil (the default) prepares nothing.
        ///
        /// It runs on the connections SQLite checks schema.yaml on when it is loaded, on the
        /// schema-only copy where a sync rehearses its plan, on the connection a sync, a dry
        /// run or a status opens by path, and on the databases of
        /// ``Reconciler/verifyUpgradePaths(from:rowsPerTable:)-97t5l``: a schema that uses the app's
        /// own collation is then checked with it, and an index on a column that uses it is
        /// built in its order. A connection the app passes in (``Reconciler/sync(_:)-3ltl8``) is the
        /// app's own, and is not prepared again. GRDB's own collations and functions
        /// (`swiftLocalizedCaseInsensitiveCompare`…) are on every connection without it.
        ///
        /// An error it throws ends the call, and the database is left as it was: as
        /// ``ReconcileError/cannotOpenDatabase(path:error:)`` for a connection by path, as
        /// ``SchemaError/preparationFailed(path:reason:)`` while schema.yaml is loaded, and as
        /// ``ReconcileError/database(_:)`` for a connection in memory.
        ///
        /// ```swift
        /// options.prepareDatabase = { db in
        /// db.add(collation: DatabaseCollation("localizedCaseInsensitiveCompare") { $0.localizedCaseInsensitiveCompare($1) })
        /// db.add(function: DatabaseFunction("initials", argumentCount: 1, pure: true) { values in
        /// String.fromDatabaseValue(values[0])?.split(separator: " ").compactMap(\.first).map(String.init).joined()
        /// })
        /// }
        /// ```
        public var prepareDatabase: (@Sendable (Database) throws -> Void)?
        /// Whether a change that leaves the stored rows as they are is made in place (the
        /// table's definition rewritten, or NOT NULL set by SQLite's `ALTER COLUMN`; no row
        /// copied), where the connection allows it. Off, every change `ADD/RENAME/DROP COLUMN`
        /// cannot make is a rebuild.
        package var editsInPlace = true
        /// Stops the sync from another thread; the async API and `reconcile` set one.
        package var cancellation: SyncCancellation?
        /// The library version the record of a sync names, ``Reconciler/libraryVersion`` unless
        /// set otherwise: a database last synced by another version fails the no-op check, and
        /// is compared again.
        ///
        /// ```swift
        /// options.libraryVersion = "0.0.9"   // sync as an earlier version of the library would record it
        /// ```
        package var libraryVersion = Reconciler.libraryVersion
        /// Tells the free space, in bytes, of the volume holding the database file at a URL, in
        /// place of the volume itself: a sync compares it with what its plan needs before it
        /// writes anything (see ``ReconcileError/notEnoughDiskSpace(tables:needed:available:path:)``).
        /// Nil (the default) asks the volume; a probe that returns nil cannot tell, and the sync
        /// goes on.
        ///
        /// ```swift
        /// options.availableSpace = { _ in 10_000_000 }   // a volume with 10 MB free
        /// ```
        package var availableSpace: (@Sendable (URL) -> Int64?)?

        /// Creates options.
        ///
        /// ```swift
        /// let options = Reconciler.Options(legacyVersion: "1.0.0", busyTimeout: .seconds(5))
        /// ```
        public init(legacyVersion: SemanticVersion = .zero, allowsNewerDatabase: Bool = false,
                    busyTimeout: Duration = .seconds(30), deniedHazards: Set<Hazard.Kind> = [],
                    deferring: Set<Hazard.Kind> = []) {
            self.legacyVersion = legacyVersion
            self.allowsNewerDatabase = allowsNewerDatabase
            self.busyTimeout = busyTimeout
            self.deniedHazards = deniedHazards
            self.deferring = deferring
        }
    }

    /// Where the schema comes from.
    enum Source: Sendable {
        /// A file read at each sync (the no-op check reads its bytes only).
        case url(URL)
        /// A file loaded once.
        case loaded(SchemaFile)
    }

    var source: Source
    /// The options.
    public var options: Options
    var codeUpgrades: [CodeUpgrade] = []
    /// What the syncs of one command over many databases share of what they read; nil otherwise
    /// (see ``loadingSchemaOnce()``).
    var liveSchemas: LiveSchemaMemo?

    // MARK: Creating a reconciler

    /// Creates a reconciler for the schema file at `schemaURL` (an app-bundle resource or a path).
    ///
    /// The file is read at each sync; while it has not changed since the last one, the sync only
    /// compares its bytes.
    ///
    /// ```swift
    /// let reconciler = Reconciler(schemaURL: Bundle.main.url(forResource: "schema", withExtension: "yaml")!)
    /// ```
    public init(schemaURL: URL, options: Options = Options()) {
        source = .url(schemaURL)
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

    /// Creates a reconciler for a schema file already loaded, to sync many databases with one
    /// load, or a schema that does not live in a file of its own.
    ///
    /// ```swift
    /// let schema = try SchemaFile(contentsOf: URL(fileURLWithPath: "schema.yaml"))
    /// let reconciler = Reconciler(schema: schema)
    /// ```
    public init(schema: SchemaFile, options: Options = Options()) {
        source = .loaded(schema)
        self.options = options
    }

    /// Where schema.yaml is (upgrade script paths are relative to its directory).
    public var schemaURL: URL {
        switch source {
        case .url(let url): return url
        case .loaded(let file): return file.url
        }
    }

    /// Registers a data migration written in Swift for `version`.
    ///
    /// It runs exactly like an upgrade script of that version (after that version's scripts), at
    /// most once per database.
    ///
    /// ```swift
    /// reconciler.registerUpgrade(version: "1.3.0", named: "hash-passwords") { db in
    /// for row in try Row.fetchAll(db, sql: "SELECT id, password FROM users") { … }
    /// }
    /// ```
    public mutating func registerUpgrade(version: SemanticVersion, named name: String,
                                         _ body: @escaping @Sendable (Database) throws -> Void) {
        codeUpgrades.append(CodeUpgrade(version: version, name: name, body: body))
    }

    // MARK: Loading

    /// The schema file, loaded and validated (read again for a reconciler made from a URL).
    package func loadedSchema() throws -> SchemaFile {
        switch source {
        case .loaded(let file):
            return file
        case .url(let url):
            do {
                return try SchemaError.catching { try SchemaLoader(prepareDatabase: options.prepareDatabase).load(contentsOf: url) }
            } catch {
                throw ReconcileError.invalidSchema(error)
            }
        }
    }

    /// Throws ``ReconcileError/hazardsDenied(_:)`` when `plan` has a hazard that
    /// ``Options/deniedHazards`` names.
    ///
    /// ```swift
    /// let plan = try reconciler.plan(databaseAt: path)
    /// try reconciler.refuseDeniedHazards(in: plan)   // what `reconcile --check --deny …` does
    /// ```
    package func refuseDeniedHazards(in plan: Plan) throws(ReconcileError) {
        let denied = plan.deniedHazards(options.deniedHazards)
        if !denied.isEmpty { throw ReconcileError.hazardsDenied(denied) }
    }

    // MARK: Connections

    /// A connection to the database file at `path`, prepared by ``Options/prepareDatabase``.
    func openDatabase(at path: String, readonly: Bool) throws -> DatabaseQueue {
        try DatabaseFile.open(path, readonly: readonly, busyTimeout: options.busyTimeout, preparedBy: options.prepareDatabase)
    }

    /// An empty database in memory, prepared by ``Options/prepareDatabase``: what a dry run or
    /// a status reads for a file that does not exist, and what `verifyUpgradePaths` builds.
    ///
    /// - Throws: ``ReconcileError/database(_:)`` when the preparation fails.
    func inMemoryDatabase() throws(ReconcileError) -> DatabaseQueue {
        do {
            return try DatabaseQueue.inMemory(preparedBy: options.prepareDatabase)
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .database(DatabaseError(resultCode: .SQLITE_ERROR, message: "\(error)"))
        }
    }

    /// What makes the plans of syncs with `file`.
    func planning(_ file: SchemaFile) -> SyncPlanning {
        var planning = SyncPlanning(file: file, options: options, codeUpgrades: codeUpgrades)
        if let liveSchemas, liveSchemas.serves(file) { planning.liveSchemas = liveSchemas }
        return planning
    }
}
