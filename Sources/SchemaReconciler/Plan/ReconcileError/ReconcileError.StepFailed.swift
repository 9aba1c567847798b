import Foundation
import GRDB

// MARK: - ReconcileError.StepFailed

extension ReconcileError.Code {
    /// A schema statement failed: ``ReconcileError/StepFailed``.
    public static let stepFailed = ReconcileError.Code(rawValue: 12, name: "stepFailed")
}

extension ReconcileError {
    /// The payload of a schema statement that failed: the step, the statement and SQLite's error.
    ///
    /// ```swift
    /// if let failed = error.payload(as: ReconcileError.StepFailed.self) {
    ///     log("\(failed.step.table ?? ""): \(failed.databaseError.message ?? "")")
    /// }
    /// ```
    public struct StepFailed: Payload {
        /// ``ReconcileError/Code/stepFailed``.
        public static let code = Code.stepFailed

        /// The step.
        public var step: Step
        /// The statement that failed.
        public var statement: String
        /// SQLite's error.
        @SQLiteErrorFields public var databaseError: DatabaseError

        /// The payload of `statement` of `step`, which SQLite refused with `databaseError`.
        public init(step: Step, statement: String, databaseError: DatabaseError) {
            self.step = step
            self.statement = statement
            self.databaseError = databaseError
        }

        /// `expand step failed on table users: …`, then the statement and SQLite's message on
        /// lines of their own.
        public var message: String {
            var message = ReconcileError.message(of: databaseError)
            if step.method == .rebuild, statement.hasPrefix("CREATE TABLE \"\(Planner.temporaryPrefix)"),
               message.contains("no such column"), let table = step.table {
                message += " (a rebuild creates the new \(table) under a temporary name first, so its CHECK, "
                    + "DEFAULT and generated expressions cannot name its columns as \(table).column: "
                    + "write the column names alone)"
            }
            let what = step.table.map { " on table \($0)" } ?? ""
            return "\(step.phase.rawValue) step failed\(what): \(step)\n"
                + "  statement: \(statement.replacingOccurrences(of: Planner.temporaryPrefix, with: ""))\n"
                + "  SQLite: \(message)\n  The database was rolled back; nothing was changed."
        }

        /// SQLite's error.
        public var underlyingError: (any Error)? {
            databaseError
        }
    }

    /// A schema statement failed.
    ///
    /// ```swift
    /// throw ReconcileError.stepFailed(step, statement: sql, error: error)
    /// ```
    public static func stepFailed(_ step: Step, statement: String, error: DatabaseError) -> ReconcileError {
        ReconcileError(StepFailed(step: step, statement: statement, databaseError: error))
    }
}
