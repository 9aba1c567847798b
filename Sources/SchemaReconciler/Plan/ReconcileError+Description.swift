import Foundation
import GRDB

// MARK: - ReconcileError in words

extension ReconcileError: CustomStringConvertible, LocalizedError {
    /// The ``message``.
    public var description: String {
        message
    }

    /// The same text as ``description``, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }

    // MARK: Parts

    /// SQLite's own message, without the reconciler's temporary names.
    static func message(of error: DatabaseError) -> String {
        (error.message ?? error.description).replacingOccurrences(of: Planner.temporaryPrefix, with: "")
    }

    /// SQLite's message for a statement of a script, and, when the statement ended the sync's
    /// transaction, what the sync needs of it.
    static func scriptMessage(of error: DatabaseError) -> String {
        let message = Self.message(of: error)
        if message.contains("within a transaction") || error.resultCode == .SQLITE_ABORT, message != CommitGuard.message {
            return message + "; " + CommitGuard.message
        }
        return message
    }
}

// MARK: - CustomNSError

extension ReconcileError: CustomNSError {
    /// `SchemaReconciler.ReconcileError`.
    public static var errorDomain: String { "SchemaReconciler.ReconcileError" }

    /// The number of the error's ``code``, stable across versions.
    public var errorCode: Int {
        code.rawValue
    }

    /// The description, and the SQLite error behind it as the underlying error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let databaseError { info[NSUnderlyingErrorKey] = databaseError as NSError }
        return info
    }
}
