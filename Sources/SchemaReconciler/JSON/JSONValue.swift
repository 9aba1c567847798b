// MARK: - JSONValue

/// A JSON value, as the JSON Schema of schema.yaml is built and written. Objects are written
/// with their keys sorted, so that the same value always gives the same text. (The library's
/// values are `Codable`, and written with ``JSONCoding``.)
///
/// ```swift
/// let value: JSONValue = ["type": "array", "minItems": 1]
/// value.prettyPrinted() // "{\n  \"minItems\": 1,\n  \"type\": \"array\"\n}"
/// ```
package enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`: `.boolean(false)`.
    case boolean(Bool)
    /// A whole number: `.integer(1)`.
    case integer(Int)
    /// A number with a fraction: `.number(0.25)`.
    case number(Double)
    /// A string: `.string("boolean")`.
    case string(String)
    /// An array: `.array([.string("null"), .string("string")])`.
    case array([JSONValue])
    /// An object; its keys are written sorted: `.object(["type": .string("object")])`.
    case object([String: JSONValue])

    // MARK: Members

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    ///
    /// ```swift
    /// SchemaFormat.jsonSchema["required"] // ["tables", "version"]
    /// ```
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The object with the members of `other` added (replacing members of the same key);
    /// a value that is not an object is returned unchanged.
    ///
    /// ```swift
    /// JSONValue.object(["$ref": "#/$defs/names"]).adding(["description": "Former names."])
    /// ```
    package func adding(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.merging(other) { _, new in new })
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string: `"boolean"`.
    package init(stringLiteral value: String) { self = .string(value) }
    /// A whole number: `1`.
    package init(integerLiteral value: Int) { self = .integer(value) }
    /// A boolean: `false`.
    package init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An array: `["null", "string"]`.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object: `["type": "string"]`.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { _, new in new })
    }
}

// MARK: - Writing

extension JSONValue {
    /// The value as pretty-printed JSON: one member or element per line, indented by two spaces
    /// a level, object keys sorted by their UTF-8 bytes, and no final newline.
    ///
    /// ```swift
    /// JSONValue.array(["a", 1]).prettyPrinted() // "[\n  \"a\",\n  1\n]"
    /// ```
    package func prettyPrinted(indentation: Int = 0) -> String {
        let inner = String(repeating: " ", count: indentation + 2)
        let closing = String(repeating: " ", count: indentation)
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return value.isFinite ? "\(value)" : "null"
        case .string(let value): return Self.quoted(value)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let lines = elements.map { inner + $0.prettyPrinted(indentation: indentation + 2) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let lines = keys.map { key in
                inner + Self.quoted(key) + ": " + members[key]!.prettyPrinted(indentation: indentation + 2)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + closing + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (and the line
    /// and paragraph separators, which JavaScript reads as line breaks), everything else as it is.
    ///
    /// ```swift
    /// JSONValue.quoted("\\S") // "\"\\\\S\""
    /// ```
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
