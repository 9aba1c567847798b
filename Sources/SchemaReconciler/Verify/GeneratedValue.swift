import Foundation
import GRDB

// MARK: - GeneratedValue

/// The values the row generator writes into a column: varied on purpose (unicode text, large
/// and negative integers, NULLs where the column allows them), distinct from row to row so that
/// UNIQUE holds, and distinct from column to column so that a value copied into the wrong column
/// is noticed.
///
/// ```swift
/// GeneratedValue.typed(.integer, column: 0, row: 1)  // 9007199254740993
/// GeneratedValue.typed(.text, column: 2, row: 0)     // "日本語のテキスト 0"
/// ```
enum GeneratedValue {
    /// The kinds of value SQLite's type affinities call for.
    enum Kind {
        case integer, real, text, blob, numeric
    }

    /// The kind of value for a column declared with `type`: its affinity's, and text for a
    /// column without a type.
    static func kind(ofType type: String?) -> Kind {
        if (type ?? "").isEmpty { return .text }
        switch TypeAffinity(declaredType: type) {
        case .integer: return .integer
        case .text: return .text
        case .blob: return .blob
        case .real: return .real
        case .numeric: return .numeric
        }
    }

    /// Text that exercises encodings and quoting: accents, CJK, emoji with joiners, quotes,
    /// backslashes, line breaks.
    static let texts = ["plain text", "héllo wörld", "日本語のテキスト", "emoji 🎉 👩‍💻", "quotes ' \" and \\",
                        "line one\nline two", "Ωμέγα ∑ ∞"]

    /// The value of `kind` for the column at offset `column`, in row `row`.
    static func typed(_ kind: Kind, column: Int, row: Int) -> DatabaseValue {
        switch kind {
        case .integer, .numeric:
            return integer(column: column, row: row).databaseValue
        case .real:
            let values = [0.5 + Double(column), 1e15 + 0.25, -2.75 - Double(column)]
            return (row < values.count ? values[row] : Double(1000 * (column + 1) + row) + 0.125).databaseValue
        case .text:
            return "\(texts[(row + column) % texts.count]) \(row)".databaseValue
        case .blob:
            return Data([UInt8(row & 0xFF), UInt8(column & 0xFF), 0x00, 0xFF]).databaseValue
        }
    }

    /// Integers: small, beyond a Double's exact range (2^53 + 1), negative, then spread out.
    static func integer(column: Int, row: Int) -> Int64 {
        switch row {
        case 0: Int64(column + 1)
        case 1: 9_007_199_254_740_993 + Int64(column)
        case 2: -Int64(column + 2)
        default: Int64(1000 * (column + 1) + row)
        }
    }

    // MARK: Values a CHECK names

    /// The literals a CHECK expression holds, and their neighbours: the values most likely to
    /// satisfy `status IN ('open', 'closed')` or `age BETWEEN 0 AND 150`.
    static func candidates(fromCheck sql: String) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        for token in SQLTokenizer.tokens(in: sql) {
            switch token.kind {
            case .string:
                if let text = token.nameValue { values.append(text.databaseValue) }
            case .number:
                if let integer = Int64(token.text) {
                    values += [integer, integer + 1, integer - 1].map(\.databaseValue)
                } else if let real = Double(token.text) {
                    values += [real, real + 0.5, real - 0.5].map(\.databaseValue)
                }
            default:
                break
            }
        }
        return values + [0, 1, -1].map { Int64($0).databaseValue } + ["a".databaseValue]
    }

    /// Whether a CHECK expression names the column.
    static func check(_ sql: String, names column: String) -> Bool {
        SQLTokenizer.tokens(in: sql).contains { $0.identifier?.isSameName(as: column) == true }
    }
}
