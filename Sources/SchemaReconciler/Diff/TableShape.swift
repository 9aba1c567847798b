// MARK: - TableShape

/// The parts of a table that SQLite's behaviour depends on, in a canonical form, so that two
/// spellings of the same table compare equal: names case-folded, types upper-cased with
/// spacing normalised, defaults by value, expressions by their tokens, a single-column
/// table-level PRIMARY KEY / UNIQUE / FOREIGN KEY the same as the column-level one.
///
/// ```swift
/// TableShape(declared, in: declaredSchema) == TableShape(live, in: liveSchema)
/// ```
struct TableShape: Equatable {
    struct ColumnShape: Equatable {
        var name: SQLName
        var type: String
        var isNotNull: Bool
        var defaultValue: String?
        var collation: String?
        var generated: String?
        var isStored: Bool
    }

    struct ForeignKeyShape: Hashable, Comparable {
        var columns: [SQLName]
        var table: SQLName
        var referencedColumns: [SQLName]
        var onDelete: String
        var onUpdate: String
        var isDeferred: Bool

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.sortKey < rhs.sortKey }
        var sortKey: String { "\(columns)|\(table)|\(referencedColumns)|\(onDelete)|\(onUpdate)|\(isDeferred)" }
    }

    var columns: [ColumnShape]
    var primaryKey: [SQLName]
    var isAutoincrement: Bool
    var uniqueConstraints: [[SQLName]]
    var checks: [String]
    var foreignKeys: [ForeignKeyShape]
    var isStrict: Bool
    var isWithoutRowID: Bool

    /// The shape of `table`; `schema` resolves a foreign key without parent columns to the
    /// parent's primary key. `columnFilter` restricts the columns compared (declared ones).
    init(_ table: Schema.Table, in schema: Schema, columns columnFilter: [String]? = nil,
         memo: ExpressionMemo = ExpressionMemo()) {
        // Column-level constraints belong to their column: those of columns left out of the
        // comparison (undeclared ones, kept as they are) are left out too.
        let selected = columnFilter.map { names in
            names.compactMap { table.column(named: $0) }
        } ?? table.columns
        var table = table
        if columnFilter != nil { table.columns = selected }
        let primaryKey = table.primaryKeyColumns.map(\.sqlName)
        // SQLite makes primary key columns NOT NULL in WITHOUT ROWID and STRICT tables, all but
        // a STRICT table's INTEGER PRIMARY KEY, which is the rowid. The key is taken as the file
        // declares it: the DESC a live definition keeps is never a difference (a rebuild writes it again).
        let rowID = table.rowIDAliasColumn(writtenWith: KeptClauses())?.name.sqlName
        let isRowID = { (column: Schema.Column) in column.name.sqlName == rowID }
        columns = selected.map { column in
            ColumnShape(
                name: column.name.sqlName,
                type: TableShape.normalizedType(column.type),
                isNotNull: column.isNotNull
                    || ((table.isWithoutRowID || (table.isStrict && !isRowID(column)))
                        && primaryKey.contains(column.name.sqlName)),
                defaultValue: column.defaultValue.flatMap { $0.isNull ? nil : memo.comparisonKey(of: $0) },
                collation: column.collation.flatMap { $0.uppercased() == "BINARY" ? nil : $0.uppercased() },
                generated: column.generated.map { memo.normalized($0.expression) },
                isStored: column.generated?.isStored ?? false)
        }
        self.primaryKey = primaryKey
        isAutoincrement = table.columns.contains { $0.isAutoincrement }
        var uniques = table.columns.filter(\.isUnique).map { [$0.name.sqlName] }
        uniques += table.uniqueConstraints.map { $0.map(\.sqlName) }
        uniqueConstraints = uniques.sorted { $0.map(\.description) .lexicographicallyPrecedes($1.map(\.description)) }
        var checks = table.columns.compactMap(\.check)
        checks += table.checks
        self.checks = checks.map(memo.normalized).sorted()
        foreignKeys = table.allForeignKeys.map { foreignKey in
            var referenced = foreignKey.referencedColumns
            if referenced.isEmpty, let parent = schema.table(named: foreignKey.table) {
                referenced = parent.primaryKeyColumns
            }
            return ForeignKeyShape(
                columns: foreignKey.columns.map(\.sqlName),
                table: foreignKey.table.sqlName,
                referencedColumns: referenced.map(\.sqlName),
                onDelete: (foreignKey.onDelete ?? .noAction).sql,
                onUpdate: (foreignKey.onUpdate ?? .noAction).sql,
                isDeferred: foreignKey.isDeferred)
        }.sorted()
        isStrict = table.isStrict
        isWithoutRowID = table.isWithoutRowID
    }

    /// `varchar( 255 )` and `VARCHAR(255)` are the same type.
    static func normalizedType(_ type: String?) -> String {
        guard let type else { return "" }
        // Most types are one plain word: `INTEGER`, `text`.
        if type.utf8.allSatisfy({ $0 &- 65 < 26 || $0 &- 97 < 26 || $0 == 95 }) { return type.uppercased() }
        let tokens = SQLTokenizer.tokens(in: type)
        var text = ""
        for token in tokens {
            let part = token.kind == .word || token.kind == .quotedIdentifier
                ? (token.identifier ?? token.text).uppercased() : token.text
            if token.isSymbol(",") { text += ", "; continue }
            if token.isSymbol("(") || token.isSymbol(")") || text.hasSuffix("(") || text.hasSuffix(", ") || text.isEmpty {
                text += part
            } else {
                text += " " + part
            }
        }
        return text
    }

    /// An expression's canonical text, outer parentheses removed.
    static func normalizedExpression(_ expression: String) -> String {
        SQLText.normalize(tokens: SQLText.strippingOuterParentheses(SQLTokenizer.tokens(in: expression)))
    }
}

// MARK: - Index shape

extension Schema.Index {
    /// What makes two indexes the same index: table, uniqueness, terms and condition.
    func shape(on table: String) -> String {
        let terms = self.terms.map { TableShape.normalizedExpression($0.sql) }.joined(separator: "\u{1}")
        let condition = condition.map(TableShape.normalizedExpression) ?? ""
        return table.sqlName.description + (isUnique ? "|unique|" : "|") + terms + "|" + condition
    }
}

// MARK: - Virtual table shape

extension Schema.VirtualTable {
    /// The module and the normalised arguments.
    var shape: String {
        module.sqlName.description + "(" + arguments.map(TableShape.normalizedExpression).joined(separator: ",") + ")"
    }
}

// MARK: - View and trigger shapes

extension Schema.View {
    /// The normalised column names and `SELECT`.
    var shape: String {
        columnNames.map(\.sqlName.description).joined(separator: ",") + "|" + TableShape.normalizedExpression(select.trimmingSemicolons())
    }
}

extension Schema.Trigger {
    /// The normalised statement after the trigger's name (so the quoting of the name does not matter).
    var shape: String {
        let tokens = SQLTokenizer.tokens(in: sql.trimmingSemicolons())
        let end = CreateStatementHead(tokens)?.end ?? 0
        return SQLText.normalize(tokens: Array(tokens[end...]))
    }
}
