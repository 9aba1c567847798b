import Foundation
import GRDB

// MARK: - ReconcileError

/// Why a sync (or a dry run, or a status report) did not happen. After any of them the database
/// is exactly as it was. Each case keeps the typed error behind it, so that an app can tell a
/// busy database, worth trying again, from a schema that cannot be reached.
///
/// ```swift
/// do {
///     try reconciler.sync(databaseAt: path)
/// } catch ReconcileError.database(DatabaseError.SQLITE_BUSY) {
///     // another process holds the write lock: try again later
/// } catch ReconcileError.invalidSchema(let error) {
///     print(error.location, error.message)
/// } catch let error as ReconcileError {
///     print(error.localizedDescription)
/// }
/// ```
public enum ReconcileError: Error, Sendable {
    /// schema.yaml or an upgrade script it names is invalid.
    case invalidSchema(SchemaError)
    /// The path cannot name a database file.
    case invalidDatabasePath(String, problem: PathProblem)
    /// SQLite cannot open or read the file (it is not a database, it is unreadable…).
    case cannotOpenDatabase(path: String, error: DatabaseError)
    /// SQLite failed outside any step of the sync: the database is busy or locked, an I/O
    /// error… (a full disk is ``databaseFull(step:path:error:)``). `DatabaseError.SQLITE_BUSY`
    /// matches a database whose write lock another connection held for longer than the busy
    /// timeout.
    case database(DatabaseError)
    /// `sync` was called inside a transaction the caller opened.
    case insideTransaction
    /// The database was synced by a newer app version than this schema.yaml declares.
    case databaseIsNewer(stored: SemanticVersion, declared: SemanticVersion)
    /// The version assumed for a database that was never synced is above schema.yaml's.
    case legacyVersionTooHigh(legacy: SemanticVersion, declared: SemanticVersion)
    /// A code upgrade is registered for a version above schema.yaml's, so it would never run.
    case codeUpgradeAboveVersion(name: String, version: SemanticVersion, declared: SemanticVersion)
    /// A schema object's stored definition could not be read: the object, and why.
    case cannotInspect(SchemaObject, message: String)
    /// A rename hint cannot be followed against this database: both the old and the new object
    /// exist. The message names them and says what to do.
    case cannotDiff(String)
    /// The declared schema cannot be reached from this database (an SQLite too old for a change,
    /// a rename SQLite refuses): the message says which and why.
    case cannotPlan(String)
    /// A schema statement failed.
    case stepFailed(Step, statement: String, error: DatabaseError)
    /// Existing rows do not satisfy constraints the sync adds.
    case dataDoesNotFit([ReconcileError.DataViolation])
    /// After the steps, more rows reference a missing parent row through this foreign key than
    /// before them: the sync made them (it copied a table and lost a parent row, or an upgrade
    /// wrote them). The count is how many more. Rows that were there before never stop a sync.
    case foreignKeyViolation(ReconcileError.DataViolation)
    /// Views or triggers that worked before the sync would no longer compile after it.
    case brokenObjects([BrokenObject])
    /// An upgrade script failed at a statement.
    case upgradeFailed(Upgrade, line: Int, statement: String, error: DatabaseError)
    /// An upgrade registered in code threw.
    case codeUpgradeFailed(Upgrade, error: any Error)
    /// The plan has hazards that ``Reconciler/Options/deniedHazards`` refuses; nothing was touched.
    case hazardsDenied([Hazard.Denial])
    /// After the steps, the live schema still differs from the declared one (a bug: please report
    /// it): what a sync would still change.
    case verificationFailed([String])
    /// The work was cancelled before it committed, and rolled back: the outcome of a database
    /// whose sync the cancelled Task of the async `sync(databasesAt:jobs:creatingMissing:)`
    /// stopped (or never started). A sync of one database throws `CancellationError` instead,
    /// as Swift's cancellable functions do.
    case cancelled
    /// The sync turned foreign key enforcement off on the connection it was given (SQLite needs
    /// it off to rebuild a table), and SQLite did not turn it back on: the connection would go
    /// on without enforcing foreign keys. Run `PRAGMA foreign_keys = ON` on it, or close it.
    case foreignKeysLeftOff
    /// The volume holding the database at `path` has `available` bytes free, fewer than the
    /// `needed` bytes the sync would take to copy or index `tables` (in the order of the plan), at
    /// most; nothing was touched. <doc:BigDatabases#Disk-space> says how the need is estimated.
    ///
    /// ```swift
    /// catch ReconcileError.notEnoughDiskSpace(_, let needed, let available, _) {
    ///     askToFreeStorage(bytes: needed - available)
    /// }
    /// ```
    case notEnoughDiskSpace(tables: [String], needed: Int64, available: Int64, path: String)
    /// SQLite ran out of room in the middle of the sync (`SQLITE_FULL`): the disk holding the
    /// database at `path` is full, or the database reached its size limit
    /// (`PRAGMA max_page_count`). `step` is the step whose statement failed; nil when the commit
    /// or the sync's record did. The sync was rolled back; nothing was changed.
    ///
    /// ```swift
    /// catch ReconcileError.databaseFull(let step, _, _) {
    ///     log("out of room at \(step?.description ?? "the commit")")
    /// }
    /// ```
    case databaseFull(step: Step?, path: String, error: DatabaseError)
    /// `finishDeferredWork(databaseAt:)` found a database that a sync must bring
    /// to schema.yaml's version first (`stored` is nil for one never synced): finishing only
    /// does what a sync left for later. Nothing was changed.
    case syncNeededBeforeFinish(stored: SemanticVersion?, declared: SemanticVersion)
    /// A database never synced holds records of the migration tool the app used before that
    /// schema.yaml's `legacy.versions` cannot place: a number above every key (a later migration
    /// the file does not map), a value of a numeric source that is not a whole number, or GRDB
    /// migration identifiers it does not list. Nothing was changed.
    ///
    /// ```swift
    /// catch ReconcileError.legacyRecordNotMapped(let source, let records) {
    ///     log("add \(records) of \(source) under legacy.versions")
    /// }
    /// ```
    case legacyRecordNotMapped(source: LegacyRecord.Source, records: [LegacyRecord.Value])
    /// schema.yaml's `legacy.source` names a table that the database holds without the column
    /// of the record (``LegacyRecord/Source/column``). Nothing was changed.
    ///
    /// ```swift
    /// catch ReconcileError.legacyColumnMissing(let source) { log("no column \(source.column!)") }
    /// ```
    case legacyColumnMissing(source: LegacyRecord.Source)
    /// A seed script (schema.yaml's `seed`) failed at a statement, on the new database the sync
    /// was creating: the script's path, the statement's line in it, the statement, and SQLite's
    /// error. The sync was rolled back: a database file it created is removed.
    ///
    /// ```swift
    /// catch ReconcileError.seedFailed(let path, let line, _, let error) {
    ///     log("\(path):\(line): \(error.message ?? "")")
    /// }
    /// ```
    case seedFailed(path: String, line: Int, statement: String, error: DatabaseError)

    /// Why a path cannot name a database file.
    public enum PathProblem: String, Sendable, Hashable, Codable {
        /// It is empty, or `:memory:`.
        case notAFilePath
        /// It is a directory.
        case isDirectory
        /// The directory it is in does not exist.
        case directoryMissing
        /// There is no such file (to inspect).
        case fileMissing
        /// It is a pattern (`tenants/*.sqlite`) that matches no database file.
        case noMatch
        /// The file was listed as existing (a pattern matched it) and was removed or renamed
        /// before its turn; no file was created in its place.
        case noLongerExists
    }

    /// The SQLite error behind this one, if there is one.
    ///
    /// ```swift
    /// if error.databaseError?.resultCode == .SQLITE_BUSY { retryLater() }
    /// ```
    public var databaseError: DatabaseError? {
        switch self {
        case .cannotOpenDatabase(_, let error), .database(let error), .stepFailed(_, _, let error),
             .upgradeFailed(_, _, _, let error), .databaseFull(_, _, let error), .seedFailed(_, _, _, let error):
            return error
        case .codeUpgradeFailed(_, let error):
            return error as? DatabaseError
        default:
            return nil
        }
    }

    /// Whether another connection held the database for longer than the busy timeout: trying
    /// again later may succeed.
    public var isBusy: Bool {
        guard let code = databaseError?.resultCode else { return false }
        return code == .SQLITE_BUSY || code == .SQLITE_LOCKED
    }

    /// Whether the error is in the input (schema.yaml, a script), not in the database.
    public var isInvalidInput: Bool {
        if case .invalidSchema = self { return true }
        return false
    }
}
