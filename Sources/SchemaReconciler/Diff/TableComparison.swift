// MARK: - TableComparison

/// How a live table differs from its declaration, new and dropped columns aside: each column
/// that both have, then the table-level parts, then the column order. Both sides are compared in
/// their canonical form (``TableShape``), so that two spellings of the same table are equal.
///
/// ```swift
/// let comparison = TableComparison(declared: users, in: declared, live: liveUsers, in: live, added: [], dropped: [])
/// comparison.differences // [.columnNotNull(column: "email", isAdded: true)]
/// ```
struct TableComparison {
    /// The differences, in the order described above.
    private(set) var differences: [TableDifference] = []

    private let table: Schema.Table
    private let live: Schema.Table
    private let memo: ExpressionMemo

    /// Compares `table` (declared, resolving foreign keys in `declaredSchema`) with `live`; `added`
    /// and `dropped` are the columns the diff adds and drops.
    init(declared table: Schema.Table, in declaredSchema: Schema, live: Schema.Table, in liveSchema: Schema,
         added: Set<SQLName>, dropped: Set<SQLName>, memo: ExpressionMemo = ExpressionMemo()) {
        self.table = table
        self.live = live
        self.memo = memo
        let present = table.columns.map(\.name).filter { live.column(named: $0) != nil }
        let declaredShape = TableShape(table, in: declaredSchema, memo: memo)
        let liveShape = present.count == live.columns.count
            ? TableShape(live, in: liveSchema, memo: memo) : TableShape(live, in: liveSchema, columns: present, memo: memo)
        // The declared columns that exist live, in declared order.
        let liveColumns = Dictionary(liveShape.columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for want in declaredShape.columns {
            if let have = liveColumns[want.name], want != have { compareColumn(want, have) }
        }
        // Table-level parts: the declared table whole (new columns included), the live one
        // without its undeclared columns.
        compareTableParts(declaredShape, liveShape)
        compareConstraintNames()
        compareConflictResolutions()
        compareColumnOrder(added: added, dropped: dropped)
    }

    // MARK: Columns

    private mutating func compareColumn(_ want: TableShape.ColumnShape, _ have: TableShape.ColumnShape) {
        let name = table.column(named: want.name.description)?.name ?? want.name.description
        let declared = table.column(named: name)
        let existing = live.column(named: name)
        if want.type != have.type {
            differences.append(.columnType(column: name, from: existing?.type, to: declared?.type))
        }
        if want.isNotNull != have.isNotNull {
            differences.append(.columnNotNull(column: name, isAdded: want.isNotNull))
        }
        if want.defaultValue != have.defaultValue {
            differences.append(.columnDefault(column: name, from: existing?.defaultValue?.sqlExpression,
                                              to: declared?.defaultValue?.sqlExpression))
        }
        if want.collation != have.collation {
            differences.append(.columnCollation(column: name, from: existing?.collation, to: declared?.collation))
        }
        if want.generated != have.generated || want.isStored != have.isStored {
            differences.append(.columnGenerated(column: name, from: existing?.generated.map(Self.describe),
                                               to: declared?.generated.map(Self.describe)))
        }
    }

    private static func describe(_ generated: GeneratedColumn) -> String {
        generated.expression + (generated.isStored ? " STORED" : " VIRTUAL")
    }

    // MARK: Table-level parts

    private mutating func compareTableParts(_ want: TableShape, _ have: TableShape) {
        if want.primaryKey != have.primaryKey {
            differences.append(.primaryKey(from: live.primaryKeyColumns, to: table.primaryKeyColumns))
        }
        if want.isAutoincrement != have.isAutoincrement {
            differences.append(.autoincrement(isAdded: want.isAutoincrement))
        }
        for unique in want.uniqueConstraints where !have.uniqueConstraints.contains(unique) {
            differences.append(.unique(columns: declaredNames(unique), isAdded: true))
        }
        for unique in have.uniqueConstraints where !want.uniqueConstraints.contains(unique) {
            differences.append(.unique(columns: liveNames(unique), isAdded: false))
        }
        if want.checks != have.checks {
            compareChecks(want, have)
        }
        for foreignKey in want.foreignKeys where !have.foreignKeys.contains(foreignKey) {
            differences.append(.foreignKey(columns: declaredNames(foreignKey.columns),
                                           parent: parentName(foreignKey, in: table), isAdded: true))
        }
        for foreignKey in have.foreignKeys where !want.foreignKeys.contains(foreignKey) {
            differences.append(.foreignKey(columns: liveNames(foreignKey.columns),
                                           parent: parentName(foreignKey, in: live), isAdded: false))
        }
        if want.isStrict != have.isStrict {
            differences.append(.strict(isAdded: want.isStrict))
        }
        if want.isWithoutRowID != have.isWithoutRowID {
            differences.append(.withoutRowID(isAdded: want.isWithoutRowID))
        }
    }

    /// The CHECK constraints added and removed, named by their text as written.
    private mutating func compareChecks(_ want: TableShape, _ have: TableShape) {
        let wantChecks = Set(want.checks)
        let haveChecks = Set(have.checks)
        for check in table.columns.compactMap(\.check) + table.checks
        where !haveChecks.contains(memo.normalized(check)) {
            differences.append(.check(expression: check, isAdded: true))
        }
        for check in live.columns.compactMap(\.check) + live.checks {
            let normalized = memo.normalized(check)
            if !wantChecks.contains(normalized) && haveChecks.contains(normalized) {
                differences.append(.check(expression: check, isAdded: false))
            }
        }
    }

    private func declaredNames(_ keys: [SQLName]) -> [String] {
        keys.map { key in table.columns.first { $0.name.sqlName == key }?.name ?? key.description }
    }

    private func liveNames(_ keys: [SQLName]) -> [String] {
        keys.map { key in live.columns.first { $0.name.sqlName == key }?.name ?? key.description }
    }

    private func parentName(_ shape: TableShape.ForeignKeyShape, in table: Schema.Table) -> String {
        table.allForeignKeys.first { $0.columns.map(\.sqlName) == shape.columns }?.table ?? shape.table.description
    }

    // MARK: Constraint names

    /// The names the file gives (or, with `name: null`, denies) constraints that the live table
    /// has too; a name of a constraint the file says nothing of is kept, never a difference.
    private mutating func compareConstraintNames() {
        guard !table.constraintNames.isEmpty else { return }
        let present = Set(live.nameableConstraints.map(\.key))
        var seen = Set<KeptClauses.Constraint>()
        for (key, constraint) in table.nameableConstraints where present.contains(key) && seen.insert(key).inserted {
            guard let declared = table.constraintNames.declaration(of: key) else { continue }
            let liveName = live.keptClauses.names[key]
            if declared != liveName {
                differences.append(.constraintName(constraint: constraint, from: liveName, to: declared))
            }
        }
    }

    // MARK: Conflict clauses

    /// The conflict resolution of each NOT NULL, PRIMARY KEY and UNIQUE constraint that both
    /// tables have. The declaration is the truth: a constraint it declares without `on_conflict`
    /// has none (ABORT, SQLite's default), whatever the live table says.
    private mutating func compareConflictResolutions() {
        guard !table.conflictResolutions.isEmpty || !live.conflictResolutions.isEmpty else { return }
        let present = Set(live.conflictableConstraints.map(\.key))
        var seen = Set<KeptClauses.Constraint>()
        for (key, constraint) in table.conflictableConstraints where present.contains(key) && seen.insert(key).inserted {
            let declared = table.conflictResolutions[key]
            let existing = live.conflictResolutions[key]
            if declared != existing {
                differences.append(.conflictResolution(constraint: constraint, from: existing, to: declared))
            }
        }
    }

    // MARK: Column order

    /// The declared columns in their order, then the undeclared ones that are kept. New columns
    /// can only be appended, after everything the table already has.
    private mutating func compareColumnOrder(added: Set<SQLName>, dropped: Set<SQLName>) {
        let kept = live.columns.map(\.name).filter { !dropped.contains($0.sqlName) }
        let undeclared = kept.filter { table.column(named: $0) == nil }
        let afterAdding = kept.map(\.sqlName) + table.columns.map(\.name.sqlName).filter { added.contains($0) }
        let wanted = table.columns.map(\.name) + undeclared
        if afterAdding != wanted.map(\.sqlName) {
            differences.append(.columnOrder(from: kept, to: wanted))
        }
    }
}
