// MARK: - StoredDefinition

/// A live table's `CREATE TABLE` statement as SQLite stores it, and where its column
/// definitions end: the place `ALTER TABLE … ADD COLUMN` writes a new column.
///
/// It says where a model came from, not what it means: two tables are equal whatever their
/// stored text, so every stored definition equals every other (a declared table's is empty).
///
/// ```swift
/// let stored = StoredDefinition(sql: "CREATE TABLE t(a, UNIQUE(a))", columnsEnd: 16)
/// stored.appending(["b TEXT"])   // "CREATE TABLE t(a, b TEXT, UNIQUE(a))"
/// ```
package struct StoredDefinition: Sendable, Equatable {
    /// The statement, as stored in `sqlite_schema`.
    package var sql: String
    /// The UTF-8 offset just after the last column definition.
    package var columnsEnd: Int

    /// Creates a stored definition; without arguments, one that is not known (a declared table).
    package init(sql: String = "", columnsEnd: Int = 0) {
        self.sql = sql
        self.columnsEnd = columnsEnd
    }

    /// Whether the statement is known: the table was read from a database.
    package var isKnown: Bool { !sql.isEmpty }

    /// The statement with `columns` (column definitions) written after the last column, as
    /// `ADD COLUMN` writes each one: the stored text stays as it is around them.
    package func appending(_ columns: [String]) -> String {
        let utf8 = Array(sql.utf8)
        guard columnsEnd <= utf8.count else { return sql }
        let inserted = columns.map { ", " + $0 }.joined()
        return String(decoding: utf8[..<columnsEnd], as: UTF8.self) + inserted
            + String(decoding: utf8[columnsEnd...], as: UTF8.self)
    }

    /// Every stored definition equals every other: the text is not part of a table's value.
    package static func == (lhs: StoredDefinition, rhs: StoredDefinition) -> Bool { true }
}
