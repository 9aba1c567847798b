// MARK: - SyncWarning.Code

extension SyncWarning {
    /// What kind of warning a ``SyncWarning`` is: the name its JSON gives as `kind`.
    ///
    /// The library's codes are static members, one per kind of warning, declared with its payload
    /// type (``SyncWarning/Code/undeclared`` and ``SyncWarning/Undeclared``…). As
    /// ``ReconcileError/Code``, a `switch` over it keeps a `default:`:
    ///
    /// ```swift
    /// switch warning.code {
    /// case .undeclared: keptObjects += 1
    /// case .leftoverTable: askToCleanUp()
    /// default: log(warning.message)
    /// }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name: the JSON's `kind`, as the static member is named.
        public let rawValue: String

        /// The code named `rawValue`.
        ///
        /// ```swift
        /// SyncWarning.Code(rawValue: "undeclared") == .undeclared // true
        /// ```
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        public var description: String {
            rawValue
        }
    }
}
