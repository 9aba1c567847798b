// MARK: - The rowid alias

extension Schema.Table {
    /// The column that is the alias of the table's rowid, nil when none is; the table written
    /// with its own ``keptClauses``.
    ///
    /// SQLite makes a column the rowid's alias when it is the single-column primary key of a
    /// rowid table and its declared type is `INTEGER` exactly, in any letter case; see
    /// ``rowIDAliasColumn(writtenWith:)`` for the whole rule. Such a column never holds NULL: an
    /// insert that leaves it NULL gets the next rowid.
    ///
    /// ```swift
    /// notes.rowIDAliasColumn?.name // "id" for `id INTEGER PRIMARY KEY`, nil for `id INTEGER(10) PRIMARY KEY`
    /// ```
    package var rowIDAliasColumn: Schema.Column? {
        rowIDAliasColumn(writtenWith: keptClauses)
    }

    /// Whether one of the table's columns is the alias of its rowid (see ``rowIDAliasColumn``).
    ///
    /// ```swift
    /// notes.hasRowIDAlias // true for `id INTEGER PRIMARY KEY`, false for `id INT PRIMARY KEY`
    /// ```
    package var hasRowIDAlias: Bool {
        rowIDAliasColumn != nil
    }

    /// The column that is the alias of the rowid once the table is written with `kept` (as
    /// ``SchemaSQL/createTable(_:named:extraColumns:kept:)`` writes it), nil when none is.
    ///
    /// The rule is SQLite's, all of it:
    /// - the table is not `WITHOUT ROWID`;
    /// - its primary key is one column, declared on the column or on the table;
    /// - the column's declared type is `INTEGER`, in any letter case: `INTEGER(10)`, `INT` and
    ///   `BIGINT` have the same affinity, but make no alias;
    /// - the key is not a column constraint written `PRIMARY KEY DESC`, which SQLite keeps from
    ///   being the alias for compatibility with its old versions; a table constraint
    ///   `PRIMARY KEY (id DESC)` is the alias.
    ///
    /// Whether a declared table's key stays the alias when a rebuild writes it with a live
    /// table's clauses:
    ///
    /// ```swift
    /// declared.rowIDAliasColumn(writtenWith: live.keptClauses) // nil when live says `id INTEGER PRIMARY KEY DESC`
    /// ```
    package func rowIDAliasColumn(writtenWith kept: KeptClauses) -> Schema.Column? {
        let key = primaryKeyColumns
        guard !isWithoutRowID, key.count == 1, let column = column(named: key[0]),
              column.type.map(SQLText.trimmed)?.uppercased() == "INTEGER" else { return nil }
        if kept.isDescending(primaryKey: key) && !kept.writesPrimaryKeyOnTable(key, declaredOnTable: !primaryKey.isEmpty) {
            return nil
        }
        return column
    }
}
