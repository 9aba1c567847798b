// MARK: - ReconcileError.DecodedPayload

extension ReconcileError {
    /// The payload of an error read back from JSON whose `kind` this library does not know (an
    /// app's own, or a later version's): its message, and its fields as they were written.
    ///
    /// The error keeps the code it was written with; written again, it gives the same JSON.
    ///
    /// ```swift
    /// let error = try JSONCoding.decoder.decode(ReconcileError.self, from: written)
    /// error.code.name // "quotaExceeded"
    /// ```
    package struct DecodedPayload: Payload {
        /// Never read: the error keeps the code it was written with.
        package static var code: Code { Code(rawValue: 0, name: "decoded") }

        /// The message it was written with.
        package var message: String
        /// Whether it was written as an error in the input.
        package var isInvalidInput: Bool
        /// SQLite's error, when it was written with one (as `databaseError`).
        package var databaseError: SQLiteErrorFields?
        /// The fields beside the ones every error has.
        package var fields: DecodedFields

        package var underlyingError: (any Error)? {
            databaseError?.wrappedValue
        }

        private enum CodingKeys: String, CodingKey {
            case message, isInvalidInput, databaseError
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decode(String.self, forKey: .message)
            isInvalidInput = try container.decodeIfPresent(Bool.self, forKey: .isInvalidInput) ?? false
            databaseError = try? container.decodeIfPresent(SQLiteErrorFields.self, forKey: .databaseError)
            fields = try DecodedFields(from: decoder, leaving: ["kind", "code", "message", "isBusy", "isInvalidInput"])
        }

        package func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
        }
    }
}
