// MARK: - SyncWarning.DecodedPayload

extension SyncWarning {
    /// The payload of a warning read back from JSON whose `kind` this library does not know: its
    /// message, and its fields as they were written.
    package struct DecodedPayload: Payload {
        /// Never read: the warning keeps the code it was written with.
        package static var code: Code { Code(rawValue: "") }

        /// The message it was written with.
        package var message: String
        /// The fields beside `kind` and `message`.
        package var fields: DecodedFields

        private enum CodingKeys: String, CodingKey {
            case message
        }

        package init(from decoder: any Decoder) throws {
            message = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .message)
            fields = try DecodedFields(from: decoder, leaving: ["kind", "message"])
        }

        package func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
        }
    }
}
