// MARK: - Affinity changes in place

extension Planner.Builder {
    /// Whether a column can change affinity with an in-place edit: SQLite applies a column's
    /// affinity when a value is written, so a new affinity under which every stored value would
    /// be stored as it is leaves the rows as a copy would write them.
    ///
    /// That holds when no stored value would be converted (`conversion` counts them when the
    /// plan is made, see ``Planner/affinityConversion(of:from:to:)``), and nothing computed from
    /// the column could change with its affinity: no CHECK, generated column, index expression or
    /// partial index in the table, no key or foreign key on the column, no default that rows
    /// added before the column read from the definition. Anything else is a rebuild.
    func keepsStoredValues(ofColumn name: String, conversion: String, in table: Schema.Table,
                           live liveTable: Schema.Table) -> Bool {
        guard let column = liveTable.column(named: name), table.column(named: name) != nil,
              column.defaultValue?.isNull ?? true, table.leavesStoredValuesUnread(name, foreignKeysOf: planner.declared),
              liveTable.leavesStoredValuesUnread(name, foreignKeysOf: planner.live) else { return false }
        return conversion.isEmpty || !mayHoldRows(table.name)
            || planner.facts.unconvertedColumns[table.name.sqlName]?.contains(name.sqlName) == true
    }

    /// Whether an in-place change of affinity holds only for the values counted when the plan
    /// was made: one whose new affinity converts some values, but none that were stored then.
    static func reliesOnCountedValues(_ difference: TableDifference) -> Bool {
        !(Planner.affinityConversion(for: difference)?.isEmpty ?? true)
    }
}

// MARK: - Values a new affinity converts

extension Planner {
    /// A condition true for a value of `column` that SQLite would store differently under the
    /// affinity `to` than it is stored under `from`: the query that counts them before an
    /// in-place change of affinity. Empty when no value can be converted (to BLOB, which applies
    /// none); nil when it cannot be told by a query, and the table is copied.
    ///
    /// TEXT converts numbers to text; INTEGER and NUMERIC convert a text that is a well-formed
    /// number, and a REAL without fraction; REAL converts integers and numeric text. A REAL
    /// column may store a whole number as an integer on disk and read it back as a REAL, so a
    /// change from REAL is always a copy. The condition counts some values that would in fact be
    /// kept (every REAL, for INTEGER), never one that would change.
    ///
    /// ```swift
    /// Planner.affinityConversion(of: "code", from: .integer, to: .text)
    /// // typeof("code") IN ('integer', 'real')
    /// ```
    package static func affinityConversion(of column: String, from: TypeAffinity, to: TypeAffinity) -> String? {
        guard from != to, from != .real else { return nil }
        let quoted = SQLText.quote(column)
        let numericText = "(typeof(\(quoted)) = 'text' AND CAST(\(quoted) AS NUMERIC) = \(quoted))"
        switch to {
        case .blob:
            return ""
        case .text:
            return "typeof(\(quoted)) IN ('integer', 'real')"
        case .integer, .numeric:
            return "typeof(\(quoted)) = 'real' OR \(numericText)"
        case .real:
            return "typeof(\(quoted)) = 'integer' OR \(numericText)"
        }
    }

    /// The same condition for a difference that changes a column's type; nil for any other
    /// difference, a type of the same affinity, or a change a query cannot tell.
    package static func affinityConversion(for difference: TableDifference) -> String? {
        guard case .columnType(let column, let from, let to) = difference else { return nil }
        return affinityConversion(of: column, from: TypeAffinity(declaredType: from), to: TypeAffinity(declaredType: to))
    }
}
