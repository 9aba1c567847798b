import GRDB

// MARK: - Reading rows by position

/// Text and integers read from a row by position through its `DatabaseValue`: the inspector
/// reads thousands of PRAGMA rows, and GRDB's generic `Optional` decoding costs several times
/// more than looking at the stored value.
///
/// ```swift
/// let row = try Row.fetchOne(db, sql: "SELECT 'a', 1")!
/// row.text(at: 0)     // "a"
/// row.integer(at: 1)  // 1
/// ```
extension Row {
    /// The text at `index`; nil for NULL or a value of another type.
    func text(at index: Int) -> String? {
        if case .string(let text) = (self[index] as DatabaseValue).storage { return text }
        return nil
    }

    /// The integer at `index`; nil for NULL or a value of another type.
    func integer(at index: Int) -> Int64? {
        if case .int64(let value) = (self[index] as DatabaseValue).storage { return value }
        return nil
    }
}
