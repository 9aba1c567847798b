// MARK: - Schema.Index

extension Schema {
    /// A named index on a table.
    ///
    /// ```swift
    /// let byTeam = Schema.Index(name: "users_by_team", columns: ["team_id", "created_at"])
    /// let active = Schema.Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'")
    /// let byEmail = Schema.Index(name: "users_by_email", terms: [.expression("lower(email)"), .column("id")])
    /// ```
    package struct Index: Sendable, Equatable {
        /// The index name.
        package var name: String
        /// The indexed terms, in order: column names, or expressions.
        package var terms: [IndexTerm]
        /// `CREATE UNIQUE INDEX`.
        package var isUnique: Bool
        /// The `WHERE` clause of a partial index.
        package var condition: String?
        /// Former names of this index (`renamed_from`); empty for an inspected index.
        package var renamedFrom: [String]
        /// The `CREATE INDEX` statement stored in the database; nil for a declared index.
        package var sql: String?

        /// Creates an index on terms.
        package init(name: String, terms: [IndexTerm], isUnique: Bool = false, condition: String? = nil,
                     renamedFrom: [String] = [], sql: String? = nil) {
            self.name = name
            self.terms = terms
            self.isUnique = isUnique
            self.condition = condition
            self.renamedFrom = renamedFrom
            self.sql = sql
        }

        /// Creates an index on columns.
        package init(name: String, columns: [String], isUnique: Bool = false, condition: String? = nil,
                     renamedFrom: [String] = [], sql: String? = nil) {
            self.init(name: name, terms: columns.map(IndexTerm.column), isUnique: isUnique, condition: condition,
                      renamedFrom: renamedFrom, sql: sql)
        }

        /// Each term's text: a column's name, or an expression as written.
        package var columns: [String] { terms.map(\.text) }

        /// The columns, when every term is a plain column; nil for an index with an expression,
        /// a `COLLATE` or an order in its terms.
        package var columnNames: [String]? {
            let names = terms.compactMap(\.columnName)
            return names.count == terms.count ? names : nil
        }
    }

    /// One term of an index: a column, or an SQL expression (which may carry `COLLATE` and
    /// `ASC`/`DESC`: `lower(email)`, `created_at DESC`, `name COLLATE NOCASE`).
    ///
    /// ```swift
    /// Schema.IndexTerm.column("email").sql          // "\"email\""
    /// Schema.IndexTerm.expression("lower(email)").sql // "lower(email)"
    /// ```
    package enum IndexTerm: Sendable, Hashable {
        /// A column, by name.
        case column(String)
        /// An expression, as written.
        case expression(String)

        /// The column's name, for a plain column.
        package var columnName: String? {
            if case .column(let name) = self { return name }
            return nil
        }

        /// The name or the expression, as written.
        package var text: String {
            switch self {
            case .column(let name), .expression(let name): return name
            }
        }

        /// The term in SQL: a quoted name, or the expression as written.
        package var sql: String {
            switch self {
            case .column(let name): return SQLText.quote(name)
            case .expression(let text): return SQLText.closingLineComment(text)
            }
        }
    }
}
