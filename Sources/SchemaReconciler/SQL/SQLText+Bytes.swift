// MARK: - Byte-level text helpers

/// Replacing and trimming over UTF-8 bytes. Foundation's `replacingOccurrences` and
/// `trimmingCharacters` bridge through `NSString` and cost hundreds of times more; these run
/// once per name, literal and expression of every table, so they stay on the bytes.
///
/// ```swift
/// SQLText.doubling("'", in: "it's")        // "it''s"
/// SQLText.undoubling("''", in: "it''s")    // "it's"
/// SQLText.trimmed("  a > 0 \n")            // "a > 0"
/// ```
extension SQLText {
    /// `text` with every `quote` byte written twice, as SQL escapes quotes inside quotes.
    package static func doubling(_ quote: Unicode.Scalar, in text: String) -> String {
        let byte = UInt8(ascii: quote)
        guard text.utf8.contains(byte) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 4)
        for unit in text.utf8 {
            bytes.append(unit)
            if unit == byte { bytes.append(unit) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every doubled `quote` written once: the inverse of ``doubling(_:in:)``.
    package static func undoubling(_ quote: Unicode.Scalar, in text: some StringProtocol) -> String {
        let byte = UInt8(ascii: quote)
        guard text.utf8.contains(byte) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var skipNext = false
        for unit in text.utf8 {
            if skipNext {
                skipNext = false
                if unit == byte { continue }
            }
            bytes.append(unit)
            if unit == byte { skipNext = true }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without the whitespace (spaces, tabs, line breaks, and the rest of Unicode's
    /// white space) at either end.
    package static func trimmed(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return String(text) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
