import SchemaReconciler

// MARK: - Printing

/// Writes the JSON results of `--format json` to standard output: each value as the library
/// encodes it (``JSONCoding/encoder``), so that an app decodes what a script reads.
enum JSONOutput {
    /// Prints `value` as one JSON object on standard output.
    static func print(_ value: some Encodable) throws {
        Swift.print(String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self))
    }
}
