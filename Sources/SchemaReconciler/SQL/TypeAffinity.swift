// MARK: - TypeAffinity

/// The affinity SQLite gives a column from its declared type, by the rules of section 3.1 of
/// "Datatypes In SQLite": it decides how values are stored, so a change of type that keeps the
/// affinity changes nothing on disk.
///
/// ```swift
/// TypeAffinity(declaredType: "VARCHAR(64)") // .text
/// TypeAffinity(declaredType: "BIGINT")      // .integer
/// TypeAffinity(declaredType: nil)           // .blob
/// ```
package enum TypeAffinity: Sendable, Hashable {
    case integer, text, blob, real, numeric

    /// The affinity of a column declared with `type` (nil or empty for none).
    package init(declaredType type: String?) {
        let type = (type ?? "").uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.isEmpty || type.contains("BLOB") {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}
