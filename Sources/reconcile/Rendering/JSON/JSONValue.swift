import Foundation

// MARK: - JSONValue

/// A JSON value whose object keys keep the order they were written in, so that `--format json`
/// prints the documented keys in the documented order, nulls included.
///
/// ```swift
/// let value: JSONValue = .object([("version", "1.2.0"), ("didChange", true), ("fromVersion", .null)])
/// print(value.text) // {"version": "1.2.0", …} over several lines
/// ```
enum JSONValue: Equatable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }

    /// A string, or null.
    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An integer, or null.
    static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    /// A list of strings.
    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
    /// A description, or null.
    static func text(_ value: (some CustomStringConvertible)?) -> JSONValue { .string(value?.description) }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    // MARK: Text

    /// The value as JSON, indented by two spaces, ending with a line break.
    var text: String {
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private func write(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.quote(value, to: &output)
        case .array(let values) where values.isEmpty: output += "[]"
        case .object(let members) where members.isEmpty: output += "{}"
        case .array(let values):
            output += "[\n"
            for (offset, value) in values.enumerated() {
                output += inner
                value.write(to: &output, indent: inner)
                output += offset == values.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let members):
            output += "{\n"
            for (offset, (key, value)) in members.enumerated() {
                output += inner
                Self.quote(key, to: &output)
                output += ": "
                value.write(to: &output, indent: inner)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func quote(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

// MARK: - Printing

/// Writes the JSON results of `--format json` to standard output.
enum JSONOutput {
    /// Prints `value` as one JSON object on standard output.
    static func print(_ value: JSONValue) {
        Swift.print(value.text, terminator: "")
    }
}
