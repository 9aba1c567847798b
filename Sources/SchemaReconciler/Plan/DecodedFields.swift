// MARK: - DecodedFields

/// The fields of a JSON object as they were read, but for the keys its reader reads itself: what
/// an error or a warning of a kind this library does not know keeps of its JSON, to write it
/// back as it was.
///
/// ```swift
/// let fields = try DecodedFields(from: decoder, leaving: ["kind", "message"])
/// try fields.encode(to: encoder) // the other fields, as they were
/// ```
package struct DecodedFields: Encodable, Sendable, Hashable {
    /// The fields, by name.
    package var values: [String: Value]

    /// The fields of the object `decoder` reads, but for `ownKeys`.
    package init(from decoder: any Decoder, leaving ownKeys: Set<String>) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var values: [String: Value] = [:]
        for key in container.allKeys where !ownKeys.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        self.values = values
    }

    /// Writes the fields as they were read, beside what else the encoder writes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in values {
            try container.encode(value, forKey: Key(stringValue: key))
        }
    }

    // MARK: Parts

    /// A field's name.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A field's value, any JSON, written back as it was read.
    package indirect enum Value: Codable, Sendable, Hashable {
        case null, boolean(Bool), integer(Int), number(Double), string(String), array([Value])
        case object([String: Value])

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
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
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
