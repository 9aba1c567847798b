import GRDB

// MARK: - ReconcileError.SQLiteErrorFields

extension ReconcileError {
    /// Writes a payload's SQLite error as JSON, and reads it back as GRDB's `DatabaseError`.
    ///
    /// `{"resultCode": 19, "extendedResultCode": 1299, "message": "NOT NULL constraint failed:
    /// notes.body", "sql": "…"}`: the codes, SQLite's message and the statement; read back, the
    /// error has the same. Every payload of the library that carries SQLite's error writes it so,
    /// under `databaseError`, and an app's own payload can too:
    ///
    /// ```swift
    /// struct ExportFailed: ReconcileError.Payload {
    ///     static let code = ReconcileError.Code(rawValue: 1002, name: "exportFailed")
    ///     @ReconcileError.SQLiteErrorFields var databaseError: DatabaseError
    ///     var message: String { "the export failed: \(databaseError)" }
    ///     var underlyingError: (any Error)? { databaseError }
    /// }
    /// ```
    @propertyWrapper
    public struct SQLiteErrorFields: Codable, Sendable {
        /// SQLite's error.
        public var wrappedValue: DatabaseError

        /// Wraps `wrappedValue`.
        public init(wrappedValue: DatabaseError) {
            self.wrappedValue = wrappedValue
        }

        private enum CodingKeys: String, CodingKey {
            case resultCode, extendedResultCode, message, sql
        }

        /// Writes the error's codes, message and statement.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(wrappedValue.resultCode.rawValue, forKey: .resultCode)
            try container.encode(wrappedValue.extendedResultCode.rawValue, forKey: .extendedResultCode)
            try container.encodeIfPresent(wrappedValue.message, forKey: .message)
            try container.encodeIfPresent(wrappedValue.sql, forKey: .sql)
        }

        /// Reads GRDB's error, with the same codes, message and statement.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            wrappedValue = DatabaseError(
                resultCode: ResultCode(rawValue: try container.decode(Int32.self, forKey: .extendedResultCode)),
                message: try container.decodeIfPresent(String.self, forKey: .message),
                sql: try container.decodeIfPresent(String.self, forKey: .sql))
        }
    }
}
