// MARK: - ViewColumn

/// A column of a declared view as SQLite reads it: its name, and its type where SQLite can
/// tell one. The loader reads them once, in the in-memory database where it has SQLite create
/// the declared schema (``SchemaFile/viewColumns``); code generation and the diagram use them.
///
/// A column that a view selects from a table has that column's declared type (what
/// `sqlite3_column_decltype` returns, and `PRAGMA table_info` shows); an expression has none,
/// but may have an affinity (`CAST(count(*) AS INTEGER)`), which SQLite gives the column of a
/// table created `AS SELECT` from the view.
///
/// ```swift
/// let columns = file.viewColumns["book_titles"] ?? []
/// columns.map(\.name)            // ["id", "title", "author"]
/// columns.first?.declaredType    // "INTEGER"
/// ```
package struct ViewColumn: Sendable, Equatable {
    /// The column's name.
    package var name: String
    /// The declared type of the table column it selects; nil for an expression.
    package var declaredType: String?
    /// The affinity of an expression, as a type name (`INT`, `REAL`, `TEXT`, `NUM`); nil when it
    /// has none.
    package var affinityType: String?

    /// A column with this name and type.
    package init(name: String, declaredType: String?, affinityType: String? = nil) {
        self.name = name
        self.declaredType = declaredType
        self.affinityType = affinityType
    }

    /// The type to show for the column: its declared type, else its affinity; nil when SQLite
    /// can tell neither.
    ///
    /// ```swift
    /// ViewColumn(name: "books", declaredType: nil, affinityType: "INT").typeName // "INT"
    /// ```
    package var typeName: String? {
        declaredType ?? affinityType
    }
}
