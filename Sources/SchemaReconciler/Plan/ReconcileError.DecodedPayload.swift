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
        package var fields: [String: Field]

        package var underlyingError: (any Error)? {
            databaseError?.wrappedValue
        }

        /// The keys every error is written with, which ``ReconcileError`` writes itself.
        private static let ownKeys: Set<String> = ["kind", "code", "message", "isBusy", "isInvalidInput"]

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            message = try container.decode(String.self, forKey: Key("message"))
            isInvalidInput = try container.decodeIfPresent(Bool.self, forKey: Key("isInvalidInput")) ?? false
            databaseError = try? container.decodeIfPresent(SQLiteErrorFields.self, forKey: Key("databaseError"))
            var fields: [String: Field] = [:]
            for key in container.allKeys where !Self.ownKeys.contains(key.stringValue) {
                fields[key.stringValue] = try container.decode(Field.self, forKey: key)
            }
            self.fields = fields
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in fields {
                try container.encode(value, forKey: Key(key))
            }
        }

        // MARK: Fields

        /// A field's name.
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ stringValue: String) { self.stringValue = stringValue }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// A field's value, any JSON, written back as it was read.
        package indirect enum Field: Codable, Sendable, Hashable {
            case null, boolean(Bool), integer(Int), number(Double), string(String), array([Field])
            case object([String: Field])

            package init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    self = .null
                } else if let value = try? container.decode(Bool.self) {
                    self = .boolean(value)
                } else if let value = try? container.decode(Int.self) {
                    self = .integer(value)
                } else if let value = try? container.decode(Double.self) {
                    self = .number(value)
                } else if let value = try? container.decode(String.self) {
                    self = .string(value)
                } else if let value = try? container.decode([Field].self) {
                    self = .array(value)
                } else {
                    self = .object(try container.decode([String: Field].self))
                }
            }

            package func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .null: try container.encodeNil()
                case .boolean(let value): try container.encode(value)
                case .integer(let value): try container.encode(value)
                case .number(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .array(let value): try container.encode(value)
                case .object(let value): try container.encode(value)
                }
            }
        }
    }
}
