import SchemaReconciler

// MARK: - Printing

/// Writes the JSON results of `--format json` to standard output.
enum JSONOutput {
    /// Prints `value` as one JSON object on standard output.
    static func print(_ value: JSONValue) {
        Swift.print(value.prettyPrinted())
    }
}
