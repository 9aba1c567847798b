// MARK: - ReconcileError.DecodedError

extension ReconcileError {
    /// The error a code upgrade threw, as a ``ReconcileError/codeUpgradeFailed(_:error:)`` read
    /// back from JSON holds it when it was not SQLite's: the error's description alone.
    ///
    /// ```swift
    /// let error = ReconcileError.DecodedError(description: "the server refused the token")
    /// String(describing: error) // "the server refused the token"
    /// ```
    package struct DecodedError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What the original error said, as `String(describing:)` wrote it.
        package var description: String

        /// Creates a value.
        package init(description: String) {
            self.description = description
        }
    }
}
