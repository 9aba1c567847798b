// MARK: - Schema.Table from a CREATE TABLE statement

extension Schema.Table {
    /// The table a `CREATE TABLE` statement describes, from the SQL alone (no indexes: they are
    /// separate statements).
    ///
    /// Table-level key and foreign-key column names take the spelling of the column definition
    /// they name. A column's first CHECK and first REFERENCES go on the column; further ones go
    /// to `checks` and `foreignKeys`, before the table-level ones. `AUTOINCREMENT` inside a
    /// single-column table-level PRIMARY KEY marks that column. Conflict resolutions go to
    /// `conflictResolutions` (but ABORT, the default); constraint names and key terms with
    /// COLLATE or ASC/DESC go to `keptClauses`.
    ///
    /// ```swift
    /// let statement = try CreateTableStatement(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a CHECK (a > 0)) STRICT")
    /// let table = Schema.Table(statement)
    /// table.columns[1].check // "a > 0"
    /// ```
    package init(_ statement: CreateTableStatement) {
        // The columns go through the initializer, which indexes them by name: an initializer
        // does not run the `didSet` of what it assigns.
        self.init(name: statement.name, columns: statement.columns.map(Schema.Column.init),
                  isStrict: statement.isStrict, isWithoutRowID: statement.isWithoutRowID)
        for definition in statement.columns {
            checks += definition.constraints.checks.dropFirst()
            foreignKeys += definition.constraints.references.dropFirst().map { reference in
                // A column's reference names one parent column, as its column-level reference does.
                var reference = reference
                reference.columns = Array(reference.columns.prefix(1))
                return Schema.ForeignKey(columns: [definition.name], reference)
            }
        }
        let spelling = ColumnSpelling(statement)
        for constraint in statement.constraints {
            add(constraint.clause, spelling: spelling)
            keep(constraint, spelling: spelling)
        }
        for definition in statement.columns {
            keepClauses(of: definition)
        }
    }

    // MARK: Table constraints

    /// Adds what a table-level constraint says to the model.
    private mutating func add(_ clause: TableConstraint.Clause, spelling: ColumnSpelling) {
        switch clause {
        case .primaryKey(let terms, let isAutoincrement, _):
            primaryKey = terms.map { spelling[$0.column] }
            if isAutoincrement, terms.count == 1,
               let index = columns.firstIndex(where: { $0.name.isSameName(as: terms[0].column) }) {
                columns[index].isAutoincrement = true
            }
        case .unique(let terms, _):
            uniqueConstraints.append(terms.map { spelling[$0.column] })
        case .check(let expression):
            checks.append(expression)
        case .foreignKey(let childColumns, let reference):
            foreignKeys.append(Schema.ForeignKey(columns: childColumns.map { spelling[$0] }, reference))
        }
    }

    /// Keeps a table-level constraint's name, conflict resolution and key terms, when it has any.
    private mutating func keep(_ constraint: TableConstraint, spelling: ColumnSpelling) {
        let conflict: String?, terms: [TableConstraint.IndexedColumn]?
        switch constraint.clause {
        case .primaryKey(let written, _, let resolution), .unique(let written, let resolution):
            conflict = resolution
            terms = written.contains { !$0.suffix.isEmpty } ? written : nil
        case .check, .foreignKey:
            (conflict, terms) = (nil, nil)
        }
        // Most constraints carry no name, conflict clause or key terms: nothing to keep.
        guard constraint.name != nil || conflict != nil || terms != nil else { return }
        let kept = Self.kept(constraint.clause)
        keptClauses.names[kept] = constraint.name
        if let conflict { setConflictResolution(ConflictResolution(sql: conflict), for: kept) }
        keptClauses.keyTerms[kept] = terms?.map { KeptClauses.KeyTerm(column: spelling[$0.column], suffix: $0.suffix) }
        if terms != nil, case .primaryKey = constraint.clause { keptClauses.isPrimaryKeyOnTable = true }
    }

    /// The constraint a table-level clause declares, its columns as the clause writes them.
    private static func kept(_ clause: TableConstraint.Clause) -> KeptClauses.Constraint {
        switch clause {
        case .primaryKey(let terms, _, _): return .primaryKey(columns: terms.map(\.column))
        case .unique(let terms, _): return .unique(columns: terms.map(\.column))
        case .check(let expression): return .check(expression: expression)
        case .foreignKey(let columns, _): return .foreignKey(columns: columns)
        }
    }

    // MARK: Column constraints

    /// Keeps the names written before a column's constraints, their conflict resolutions, and the
    /// order of its PRIMARY KEY.
    private mutating func keepClauses(of definition: CreateTableStatement.Column) {
        let written = WrittenColumnClauses(definition)
        guard !written.names.isEmpty || !written.conflicts.isEmpty || written.primaryKeyOrder != nil else { return }
        for (word, constraint) in written.constraints {
            if let name = written.names[word] { keptClauses.names[constraint] = name }
            if let conflict = written.conflicts[word] { setConflictResolution(ConflictResolution(sql: conflict), for: constraint) }
        }
        if let order = written.primaryKeyOrder {
            keptClauses.keyTerms[.primaryKey(columns: [definition.name])] =
                [KeptClauses.KeyTerm(column: definition.name, suffix: order)]
        }
    }
}

/// What a column definition's constraints say besides what the column holds: the names written
/// before them and their conflict resolutions, each by a word for its constraint (`NOT NULL`,
/// `CHECK#1` for the second CHECK), and the order of its PRIMARY KEY. The first name written for
/// a constraint names it; the last conflict clause counts.
private struct WrittenColumnClauses {
    var column: String
    var names: [String: String] = [:]
    var conflicts: [String: String] = [:]
    var primaryKeyOrder: String?
    var checks: [String] = []
    var referenceCount = 0

    init(_ definition: CreateTableStatement.Column) {
        column = definition.name
        for constraint in definition.constraints {
            var word: String?
            switch constraint.clause {
            case .primaryKey(let order, let conflict, _):
                word = "PRIMARY KEY"
                conflicts["PRIMARY KEY"] = conflict
                primaryKeyOrder = order ?? primaryKeyOrder
            case .notNull(let conflict):
                word = "NOT NULL"
                conflicts["NOT NULL"] = conflict
            case .unique(let conflict):
                word = "UNIQUE"
                conflicts["UNIQUE"] = conflict
            case .check(let expression):
                word = "CHECK#\(checks.count)"
                checks.append(expression)
            case .references:
                word = "REFERENCES#\(referenceCount)"
                referenceCount += 1
            case .null, .defaultValue, .collate, .generated:
                break
            }
            if let word, let name = constraint.name, names[word] == nil { names[word] = name }
        }
    }

    /// Each word, and the constraint it stands for.
    var constraints: [(word: String, constraint: KeptClauses.Constraint)] {
        [
            ("PRIMARY KEY", .primaryKey(columns: [column])), ("NOT NULL", .notNull(column: column)),
            ("UNIQUE", .unique(columns: [column])),
        ]
            + checks.enumerated().map { ("CHECK#\($0.offset)", .check(expression: $0.element)) }
            + (0..<referenceCount).map { ("REFERENCES#\($0)", .foreignKey(columns: [column])) }
    }
}

// MARK: - Schema.Column from a column definition

extension Schema.Column {
    /// The column a column definition describes: its first CHECK and first REFERENCES (the table
    /// takes the others), its last DEFAULT, COLLATE and GENERATED, as SQLite reads them.
    init(_ definition: CreateTableStatement.Column) {
        self.init(name: definition.name, type: definition.type)
        for constraint in definition.constraints {
            apply(constraint.clause)
        }
    }

    private mutating func apply(_ clause: ColumnConstraint.Clause) {
        switch clause {
        case .primaryKey(_, _, let isAutoincrement):
            isPrimaryKey = true
            if isAutoincrement { self.isAutoincrement = true }
        case .notNull: isNotNull = true
        case .null: break
        case .unique: isUnique = true
        case .check(let expression): if check == nil { check = expression }
        case .defaultValue(let text): defaultValue = DefaultValue(sql: text)
        case .collate(let name): collation = name
        case .references(let clause): if reference == nil { reference = ColumnReference(clause) }
        case .generated(let expression, let isStored): generated = GeneratedColumn(expression: expression, isStored: isStored)
        }
    }
}

// MARK: - Foreign keys

extension ColumnReference {
    /// The reference a column's `REFERENCES` clause makes (to the first parent column written).
    init(_ clause: ForeignKeyClause) {
        self.init(table: clause.table, column: clause.columns.first,
                  onDelete: clause.onDelete.flatMap(ForeignKeyAction.init(sql:)),
                  onUpdate: clause.onUpdate.flatMap(ForeignKeyAction.init(sql:)), isDeferred: clause.isDeferred)
    }
}

extension Schema.ForeignKey {
    /// The foreign key that `columns` make with a `REFERENCES` clause.
    init(columns: [String], _ clause: ForeignKeyClause) {
        self.init(columns: columns, table: clause.table, referencedColumns: clause.columns,
                  onDelete: clause.onDelete.flatMap(ForeignKeyAction.init(sql:)),
                  onUpdate: clause.onUpdate.flatMap(ForeignKeyAction.init(sql:)), isDeferred: clause.isDeferred)
    }
}

// MARK: - Helpers

/// The spelling a statement's column definitions give each column name, for the names its
/// table constraints write (`PRIMARY KEY ("a")` on a column defined as `A`).
private struct ColumnSpelling {
    var names: [String]

    init(_ statement: CreateTableStatement) {
        names = statement.columns.map(\.name)
    }

    subscript(name: String) -> String {
        names.first { $0.isSameName(as: name) } ?? name
    }
}

extension [ColumnConstraint] {
    /// The expressions of the CHECK constraints, in order.
    fileprivate var checks: [String] {
        compactMap { if case .check(let expression) = $0.clause { expression } else { nil } }
    }

    /// The REFERENCES clauses, in order.
    fileprivate var references: [ForeignKeyClause] {
        compactMap { if case .references(let clause) = $0.clause { clause } else { nil } }
    }
}
