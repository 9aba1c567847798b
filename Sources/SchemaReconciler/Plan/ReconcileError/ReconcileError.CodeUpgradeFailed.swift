import GRDB

// MARK: - ReconcileError.CodeUpgradeFailed

extension ReconcileError.Code {
    /// An upgrade registered in code threw: ``ReconcileError/CodeUpgradeFailed``.
    public static let codeUpgradeFailed = ReconcileError.Code(rawValue: 17, name: "codeUpgradeFailed")
}

extension ReconcileError {
    /// The payload of an upgrade registered in code that threw: the upgrade, and the error it
    /// threw.
    ///
    /// ```swift
    /// if let failed = error.payload(as: ReconcileError.CodeUpgradeFailed.self), failed.error is URLError { retryLater() }
    /// ```
    public struct CodeUpgradeFailed: Payload {
        /// ``ReconcileError/Code/codeUpgradeFailed``.
        public static let code = Code.codeUpgradeFailed

        /// The upgrade: its version and name.
        public var upgrade: Upgrade
        /// The error it threw. Read back from JSON, SQLite's error is GRDB's `DatabaseError`
        /// again, and another error one that says what the original said.
        public var error: any Error

        /// The payload of `upgrade`, which threw `error`.
        public init(upgrade: Upgrade, error: any Error) {
            self.upgrade = upgrade
            self.error = error
        }

        /// `upgrade 1.2.0 (fillHandles) failed: …`.
        public var message: String {
            let message = (error as? DatabaseError).map(ReconcileError.message(of:)) ?? String(describing: error)
            return "upgrade \(upgrade.version) (\(upgrade.name)) failed: \(message). "
                + "The database was rolled back; nothing was changed."
        }

        /// The error it threw.
        public var underlyingError: (any Error)? {
            error
        }

        // MARK: JSON

        private enum CodingKeys: String, CodingKey {
            case upgrade, error
        }

        /// Writes `upgrade`, and the error as `error`: its `description`, and SQLite's fields
        /// when it is SQLite's.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(upgrade, forKey: .upgrade)
            try container.encode(ThrownFields(error), forKey: .error)
        }

        /// Reads what ``encode(to:)`` writes.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            upgrade = try container.decode(Upgrade.self, forKey: .upgrade)
            error = try container.decode(ThrownFields.self, forKey: .error).error
        }
    }

    /// An upgrade registered in code threw.
    ///
    /// ```swift
    /// throw ReconcileError.codeUpgradeFailed(upgrade, error: failure)
    /// ```
    public static func codeUpgradeFailed(_ upgrade: Upgrade, error: any Error) -> ReconcileError {
        ReconcileError(CodeUpgradeFailed(upgrade: upgrade, error: error))
    }
}

// MARK: - The error thrown

extension ReconcileError.CodeUpgradeFailed {
    /// The error a code upgrade threw, as JSON: its `description`, and SQLite's fields when it is
    /// SQLite's.
    private struct ThrownFields: Codable {
        var description: String
        var sqlite: ReconcileError.SQLiteErrorFields?

        private enum CodingKeys: String, CodingKey {
            case description, resultCode
        }

        init(_ error: any Error) {
            description = String(describing: error)
            sqlite = (error as? DatabaseError).map(ReconcileError.SQLiteErrorFields.init(wrappedValue:))
        }

        /// SQLite's error when it was one; otherwise one that says what the original said.
        var error: any Error {
            sqlite?.wrappedValue ?? ReconcileError.DecodedError(description: description)
        }

        func encode(to encoder: any Encoder) throws {
            try sqlite?.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(description, forKey: .description)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            description = try container.decode(String.self, forKey: .description)
            sqlite = container.contains(.resultCode) ? try ReconcileError.SQLiteErrorFields(from: decoder) : nil
        }
    }
}
