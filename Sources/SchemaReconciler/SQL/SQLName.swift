// MARK: - SQLName

/// A name as SQLite compares names: ASCII letters fold to lower case, every other byte of its
/// UTF-8 form compares as it is. `café` written with `é` and `café` written with `e` and a
/// combining accent are two names to SQLite, though Swift's `==` takes the strings for equal.
///
/// Use it as a dictionary key to look objects up by name in constant time.
///
/// ```swift
/// SQLName("Users") == SQLName("users")             // true
/// SQLName("caf\u{E9}") == SQLName("cafe\u{301}")  // false
/// var tables: [SQLName: Int] = [SQLName("users"): 0]
/// tables[SQLName("USERS")]                         // 0
/// ```
package struct SQLName: Hashable, Sendable, CustomStringConvertible {
    /// The folded name as text that compares byte for byte: ASCII as it is, each byte beyond
    /// ASCII as a private-use scalar (`U+F780 + byte - 0x80`), which Unicode never takes as
    /// equivalent to anything else. A short name stays inline, without an allocation.
    private let key: String

    /// The key of `name`.
    package init(_ name: String) {
        var needsFolding = false
        for byte in name.utf8 where byte &- 65 < 26 || byte >= 0x80 {
            needsFolding = true
            break
        }
        guard needsFolding else {
            key = name
            return
        }
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            key = String(decoding: name.utf8.map(Self.fold), as: UTF8.self)
            return
        }
        var scalars = String.UnicodeScalarView()
        for byte in name.utf8 {
            scalars.append(byte < 0x80 ? Unicode.Scalar(Self.fold(byte)) : Unicode.Scalar(0xF700 + UInt32(byte))!)
        }
        key = String(scalars)
    }

    /// An ASCII upper-case letter folded to lower case; any other byte as it is.
    @inline(__always)
    package static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    /// The three names that select a table's rowid, where no column takes them: `rowid`,
    /// `oid` and `_rowid_`.
    package static let rowIDNames = ["rowid", "oid", "_rowid_"]

    /// Whether two names denote the same object to SQLite.
    ///
    /// ```swift
    /// SQLName.same("Users", "users") // true
    /// ```
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in left.indices where left[index] != right[index] && fold(left[index]) != fold(right[index]) {
                    return false
                }
                return true
            }
        }
    }

    /// Whether the name starts with `prefix` (given in lower case), as SQLite compares names.
    ///
    /// ```swift
    /// SQLName("SQLite_Sequence").hasPrefix("sqlite_") // true
    /// ```
    package func hasPrefix(_ prefix: String) -> Bool {
        key.utf8.starts(with: prefix.utf8)
    }

    /// The folded name as ASCII text, each byte beyond ASCII written `\xHH`: two names are the
    /// same exactly when their texts are, whatever Unicode equivalence says.
    ///
    /// ```swift
    /// SQLName("Café").description // "caf\xc3\xa9"
    /// ```
    package var description: String {
        var text = ""
        for scalar in key.unicodeScalars {
            if scalar.value < 0x80 {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\x" + String(scalar.value - 0xF700, radix: 16)
            }
        }
        return text
    }
}

// MARK: - Names as text

extension String {
    /// Whether two SQL names denote the same object to SQLite (see ``SQLName``).
    ///
    /// ```swift
    /// "Users".isSameName(as: "users")            // true
    /// "caf\u{E9}".isSameName(as: "cafe\u{301}") // false
    /// ```
    package func isSameName(as other: String) -> Bool {
        SQLName.same(self, other)
    }

    /// The key SQLite compares this name by.
    package var sqlName: SQLName { SQLName(self) }
}

// MARK: - Names in lists

extension Sequence where Element == String {
    /// Whether the list holds a name SQLite takes for `name`.
    ///
    /// ```swift
    /// ["Users", "teams"].containsName("users") // true
    /// ```
    package func containsName(_ name: String) -> Bool {
        contains { SQLName.same($0, name) }
    }
}

extension Array where Element == String {
    /// Appends `name` unless the list holds a name SQLite takes for it.
    ///
    /// ```swift
    /// var tables = ["Users"]
    /// tables.appendName("users") // tables: ["Users"]
    /// ```
    package mutating func appendName(_ name: String) {
        if !containsName(name) { append(name) }
    }
}
