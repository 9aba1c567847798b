// MARK: - PropertyType

/// The Swift type of a column's property, from the column's declared type:
///
/// | Declared type | Swift type |
/// | --- | --- |
/// | `INTEGER` | `Int64` |
/// | `REAL`, `FLOAT`, `DOUBLE` | `Double` |
/// | `TEXT` | `String` |
/// | `BLOB` | `Data` |
/// | `BOOLEAN`, `BOOL` | `Bool` |
/// | `DATE`, `DATETIME`, `TIMESTAMP` | `Date` |
/// | `NUMERIC` | `Double` |
///
/// Any other type goes by the affinity SQLite gives it (``TypeAffinity``): INTEGER → `Int64`,
/// TEXT → `String`, BLOB (and no type at all) → `Data`, REAL and NUMERIC → `Double`.
///
/// ```swift
/// PropertyType.swiftType(forDeclaredType: "VARCHAR(64)") // "String"
/// PropertyType.swiftType(forDeclaredType: "DATETIME")    // "Date"
/// PropertyType.swiftType(forDeclaredType: nil)           // "Data"
/// ```
package enum PropertyType {
    /// The types named in the table, by the declared type's name in capitals, sizes aside.
    static let byName: [String: String] = [
        "INTEGER": "Int64",
        "REAL": "Double", "FLOAT": "Double", "DOUBLE": "Double", "DOUBLE PRECISION": "Double",
        "TEXT": "String",
        "BLOB": "Data",
        "BOOLEAN": "Bool", "BOOL": "Bool",
        "DATE": "Date", "DATETIME": "Date", "TIMESTAMP": "Date",
        "NUMERIC": "Double",
    ]

    /// The Swift type of a column declared with `type` (nil for none).
    package static func swiftType(forDeclaredType type: String?) -> String {
        if let type, let name = byName[name(of: type)] { return name }
        return swiftType(for: TypeAffinity(declaredType: type))
    }

    /// The Swift type of a value of this affinity.
    package static func swiftType(for affinity: TypeAffinity) -> String {
        switch affinity {
        case .integer: "Int64"
        case .text: "String"
        case .blob: "Data"
        case .real, .numeric: "Double"
        }
    }

    /// A declared type's name in capitals, without its sizes and with single spaces:
    /// `varchar (20)` → `VARCHAR`.
    static func name(of type: String) -> String {
        let name = type.prefix { $0 != "(" }
        return name.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
    }

    /// The types whose literal defaults the generated code writes.
    static let literalTypes: Set = ["Int64", "Double", "String", "Bool"]

    /// The initial value of a property of type `swiftType` for a column's default, when Swift
    /// can write it: an integer for `Int64`, a number for `Double`, text for `String`, true or
    /// false (or 1 or 0) for `Bool`. Nil otherwise: a default written in SQL (`default_sql`),
    /// a `Date`, a type of the app's own.
    static func literal(for value: DefaultValue?, swiftType: String) -> GeneratedRecord.DefaultLiteral? {
        switch (value, swiftType) {
        case (.integer(let number), "Int64"): .integer(number)
        case (.boolean(let flag), "Int64"): .integer(flag ? 1 : 0)
        case (.integer(let number), "Double"): .real(Double(number))
        case (.real(let number), "Double") where number.isFinite: .real(number)
        case (.text(let text), "String"): .text(text)
        case (.boolean(let flag), "Bool"): .boolean(flag)
        case (.integer(let number), "Bool") where number == 0 || number == 1: .boolean(number == 1)
        default: nil
        }
    }
}
