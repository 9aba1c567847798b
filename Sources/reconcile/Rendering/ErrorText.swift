import Foundation
import SchemaReconciler

// MARK: - ErrorText

/// Errors and warnings as `reconcile` writes them to standard error: `error: …` and `warning: …`,
/// or, for schema.yaml, a compiler-style `file:line:column: error: …`.
enum ErrorText {
    /// The error's text, prefixed as a diagnostic.
    static func message(_ error: ReconcileError) -> String {
        if error.code == .invalidSchema { return description(error) }
        return "error: \(description(error))"
    }

    /// The error's text as the command says it: a collation or function of the app's own, which
    /// the library says to register, is explained for a command that cannot.
    static func description(_ error: ReconcileError) -> String {
        if let invalid = error.payload(as: ReconcileError.InvalidSchema.self), let text = StandInText.error(invalid.schemaError) {
            return text
        }
        return error.description
    }

    /// Writes the error to standard error.
    static func print(_ error: ReconcileError) {
        printLine(message(error))
    }

    /// Writes the warnings to standard error, one per line.
    static func print(_ warnings: [SyncWarning]) {
        for warning in warnings { printLine("warning: \(warning)") }
    }

    /// Writes a line to standard error.
    static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
