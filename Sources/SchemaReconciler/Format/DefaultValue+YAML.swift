import Foundation

// MARK: - DefaultValue from YAML

extension DefaultValue {
    /// How a `default:` scalar reads, following the YAML 1.2 core schema.
    enum YAMLReading: Equatable {
        /// A default value.
        case value(DefaultValue)
        /// A number that SQLite cannot hold as written, with the reason.
        case unrepresentable(String)
    }

    /// Reads the scalar of a `default:` key. Quoted or block text is always text; a plain
    /// scalar is null, a boolean, an integer or a real when YAML's core schema says so, and
    /// text otherwise.
    ///
    /// ```swift
    /// DefaultValue.reading(yaml: "0", isQuoted: false)      // .value(.integer(0))
    /// DefaultValue.reading(yaml: "0", isQuoted: true)       // .value(.text("0"))
    /// DefaultValue.reading(yaml: "no", isQuoted: false)     // .value(.text("no"))
    /// DefaultValue.reading(yaml: "~", isQuoted: false)      // .value(.null)
    /// DefaultValue.reading(yaml: "0x1F", isQuoted: false)   // .value(.integer(31))
    /// ```
    static func reading(yaml text: String, isQuoted: Bool) -> YAMLReading {
        if isQuoted { return .value(.text(text)) }
        if SchemaFormat.nullSpellings.contains(text) { return .value(.null) }
        if SchemaFormat.trueSpellings.contains(text) { return .value(.boolean(true)) }
        if SchemaFormat.falseSpellings.contains(text) { return .value(.boolean(false)) }
        if let integer = integerReading(text) { return integer }
        if let real = realReading(text) { return real }
        return .value(.text(text))
    }

    // MARK: Numbers

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; nil when the text is not a core-schema integer.
    private static func integerReading(_ text: String) -> YAMLReading? {
        let tooLarge = YAMLReading.unrepresentable(
            "it does not fit in a 64-bit integer; quote it to store it as text")
        if text.hasPrefix("0x") || text.hasPrefix("0o") {
            let digits = text.dropFirst(2)
            let radix = text.hasPrefix("0x") ? 16 : 8
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && Int(String($0), radix: radix) != nil })
            else { return nil }
            guard let value = Int64(digits, radix: radix) else { return tooLarge }
            return .value(.integer(value))
        }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let value = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) else { return tooLarge }
        return .value(.integer(value))
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, and `.inf`/`.nan`, which SQLite
    /// cannot write as literals; nil when the text is not a core-schema float.
    private static func realReading(_ text: String) -> YAMLReading? {
        var rest = Substring(text)
        var sign = ""
        if rest.first == "-" || rest.first == "+" {
            sign = rest.first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let isInfinity = [".inf", ".Inf", ".INF"].contains(rest)
        let isNaN = [".nan", ".NaN", ".NAN"].contains(text)
        if isInfinity || isNaN {
            return .unrepresentable("SQLite has no literal for infinity or NaN; quote it to store it as text")
        }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        let integerPart = rest.prefix(while: isDigit)
        rest = rest.dropFirst(integerPart.count)
        var fractionPart = Substring("")
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionPart = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fractionPart.count)
            if integerPart.isEmpty && fractionPart.isEmpty { return nil }
        } else if integerPart.isEmpty {
            return nil
        }
        var exponent = ""
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            var exponentSign = ""
            if rest.first == "-" || rest.first == "+" {
                exponentSign = String(rest.first!)
                rest = rest.dropFirst()
            }
            let exponentDigits = rest.prefix(while: isDigit)
            guard !exponentDigits.isEmpty else { return nil }
            rest = rest.dropFirst(exponentDigits.count)
            exponent = "e" + exponentSign + exponentDigits
        }
        guard rest.isEmpty else { return nil }
        let normalized = sign + (integerPart.isEmpty ? "0" : String(integerPart)) + "."
            + (fractionPart.isEmpty ? "0" : String(fractionPart)) + exponent
        guard let value = Double(normalized) else { return nil }
        guard value.isFinite else {
            return .unrepresentable("it is too large for a 64-bit real; quote it to store it as text")
        }
        return .value(.real(value))
    }
}
