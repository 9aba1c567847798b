import Foundation

// MARK: - JSONCoding

/// How the library's `Codable` values are written as JSON and read back, in one place: what
/// `reconcile --format json` prints, and what a database keeps of its last sync. Dates are
/// ISO 8601 strings (UTC, to the second); the text is one line, its keys sorted and its slashes
/// not escaped, so that the same value always gives the same text.
///
/// Reading needs only the date strategy, which an app sets on its own decoder:
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.dateDecodingStrategy = .iso8601
/// let report = try decoder.decode(SyncReport.self, from: data)   // what `reconcile --format json` printed
/// ```
package enum JSONCoding {
    /// An encoder set up as every JSON of the library is written.
    ///
    /// ```swift
    /// let text = String(decoding: try JSONCoding.encoder.encode(plan), as: UTF8.self)
    /// ```
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder that reads what ``encoder`` writes.
    ///
    /// ```swift
    /// let plan = try JSONCoding.decoder.decode(Plan.self, from: data)
    /// ```
    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
