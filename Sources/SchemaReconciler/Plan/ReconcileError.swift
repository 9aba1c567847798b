import Foundation
import GRDB

// MARK: - ReconcileError

/// Why a sync (or a dry run, or a status report) did not happen.
///
/// After any of them the database is exactly as it was. An error is a ``code``, which says what
/// kind of error it is, and a ``payload``, the error's own fields (a ``Payload`` value: the step
/// and SQLite's error of a failed step, the rows of data that does not fit…), from which its
/// ``message`` is written. As GRDB's `DatabaseError`, it is a struct: a new kind of error adds a
/// code and a payload type, and an app's `switch error.code` with a `default:` keeps compiling.
///
/// ```swift
/// do {
///     try reconciler.sync(databaseAt: path)
/// } catch let error as ReconcileError where error.isBusy {
///     // another process holds the write lock: try again later
/// } catch let error as ReconcileError where error.code == .invalidSchema {
///     let schemaError = error.payload(as: ReconcileError.InvalidSchema.self)!.schemaError
///     print(schemaError.location, schemaError.message)
/// } catch let error as ReconcileError {
///     print(error.localizedDescription)
/// }
/// ```
public struct ReconcileError: Error, Sendable {
    /// What kind of error it is, stable across versions: compare it with the static members of
    /// ``Code``.
    ///
    /// ```swift
    /// if error.code == .dataDoesNotFit { showTheRows() }
    /// ```
    public let code: Code

    /// The error's own fields: a value of the payload type of its ``code``.
    ///
    /// Read them with ``payload(as:)``.
    public let payload: any Payload

    /// An error with `payload`, of the payload's code.
    ///
    /// An app throws an error of its own kind the same way (see ``Payload``).
    ///
    /// ```swift
    /// throw ReconcileError(ReconcileError.CannotPlan(detail: "this SQLite cannot drop the column"))
    /// ```
    public init<P: Payload>(_ payload: P) {
        self.init(code: P.code, payload: payload)
    }

    /// An error with a payload that does not say the code itself: one read back from JSON.
    package init(code: Code, payload: any Payload) {
        self.code = code
        self.payload = payload
    }

    // MARK: Reading the error

    /// The payload as a value of `type`; nil when the error is of another kind.
    ///
    /// ```swift
    /// if let refused = error.payload(as: ReconcileError.DataDoesNotFit.self) {
    ///     for violation in refused.violations { print(violation.table, violation.remedy) }
    /// }
    /// ```
    public func payload<P: Payload>(as type: P.Type) -> P? {
        payload as? P
    }

    /// What failed, in words a user can act on: the step, the table and column or the script
    /// and its line, the statement, and SQLite's message. Further lines are indented.
    ///
    /// ```swift
    /// ReconcileError.insideTransaction.message // "sync was called inside an open transaction; …"
    /// ```
    public var message: String {
        payload.message
    }

    /// The SQLite error behind this one, if there is one.
    ///
    /// ```swift
    /// if error.databaseError?.resultCode == .SQLITE_BUSY { retryLater() }
    /// ```
    public var databaseError: DatabaseError? {
        payload.underlyingError as? DatabaseError
    }

    /// Whether another connection held the database for longer than the busy timeout: trying
    /// again later may succeed.
    ///
    /// ```swift
    /// catch let error as ReconcileError where error.isBusy { retryLater() }
    /// ```
    public var isBusy: Bool {
        guard let code = databaseError?.resultCode else { return false }
        return code == .SQLITE_BUSY || code == .SQLITE_LOCKED
    }

    /// Whether the error is in the input (schema.yaml, a script), not in the database.
    ///
    /// ```swift
    /// ReconcileError.insideTransaction.isInvalidInput // false
    /// ```
    public var isInvalidInput: Bool {
        payload.isInvalidInput
    }

    // MARK: Before codes

    /// The kinds of error: ``Code``, under its former name.
    @available(*, deprecated, renamed: "Code")
    public typealias Kind = Code

    /// The error's ``code``, under its former name.
    @available(*, deprecated, renamed: "code")
    public var kind: Code {
        code
    }
}

// MARK: - ReconcileError.PathProblem

extension ReconcileError {
    /// Why a path cannot name a database file.
    ///
    /// ```swift
    /// error.payload(as: ReconcileError.InvalidDatabasePath.self)?.problem == .isDirectory
    /// ```
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
}
