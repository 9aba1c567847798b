// MARK: - ReconcileError.Code

extension ReconcileError {
    /// What kind of error a ``ReconcileError`` is: a number that stays the same across versions,
    /// and the name its JSON gives as `kind`.
    ///
    /// The library's codes are static members, one per kind of error, declared with its payload
    /// type (``ReconcileError/Code/dataDoesNotFit`` and ``ReconcileError/DataDoesNotFit``…),
    /// numbered from 1 in the order they were added; the numbers below 1000 are the library's. An
    /// app that defines errors of its own (see ``ReconcileError/Payload``) numbers them from 1000.
    ///
    /// Compare codes with `==`, or match an error against one, as GRDB matches a `DatabaseError`
    /// against a `ResultCode`:
    ///
    /// ```swift
    /// switch error.code {
    /// case .dataDoesNotFit: showTheRows()
    /// case .databaseIsNewer: askToUpdateTheApp()
    /// default: print(error.message)
    /// }
    ///
    /// do { try reconciler.sync(databaseAt: path) } catch ReconcileError.Code.insideTransaction { … }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The number: ``ReconcileError/errorCode`` and the JSON's `code`.
        public let rawValue: Int
        /// The name: the JSON's `kind`, as the static member is named.
        public let name: String

        /// A code of `rawValue`, named `name`.
        ///
        /// ```swift
        /// extension ReconcileError.Code {
        ///     static let quotaExceeded = ReconcileError.Code(rawValue: 1001, name: "quotaExceeded")
        /// }
        /// ```
        public init(rawValue: Int, name: String) {
            self.rawValue = rawValue
            self.name = name
        }

        /// The library's code of number `rawValue`; nil when the library has none of that number.
        ///
        /// ```swift
        /// ReconcileError.Code(rawValue: 13) // .dataDoesNotFit
        /// ```
        public init?(rawValue: Int) {
            guard let code = ReconcileError.payloadTypes.lazy.map({ $0.code }).first(where: { $0.rawValue == rawValue }) else {
                return nil
            }
            self = code
        }

        /// The name.
        public var description: String {
            name
        }

        /// Whether the codes have the same number.
        public static func == (lhs: Code, rhs: Code) -> Bool {
            lhs.rawValue == rhs.rawValue
        }

        /// Hashes the number.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rawValue)
        }

        /// Whether `error` is a ``ReconcileError`` of this code, so that a `catch` or a `case` can
        /// name a code.
        ///
        /// ```swift
        /// catch ReconcileError.Code.databaseIsNewer { askToUpdateTheApp() }
        /// ```
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? ReconcileError)?.code == code
        }
    }
}
