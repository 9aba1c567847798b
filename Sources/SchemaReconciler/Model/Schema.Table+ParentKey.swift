// MARK: - Parent keys

extension Schema.Table {
    /// Why `columns` of this table cannot be the parent key of a foreign key with `childColumns`
    /// columns, as a phrase after "references"; nil when they can. SQLite requires the parent key
    /// to be the parent's primary key or to have a UNIQUE constraint or a unique index, and fails
    /// with "foreign key mismatch" otherwise.
    package func parentKeyProblem(columns: [String], childColumns: Int) -> String? {
        let parent = self
        let primaryKey = parent.primaryKeyColumns
        if columns.isEmpty {
            if primaryKey.isEmpty {
                return "the primary key of table '\(parent.name)', which has none; name the referenced column"
            }
            if primaryKey.count != childColumns {
                return "the primary key of table '\(parent.name)', which has \(primaryKey.count) column(s), "
                    + "with \(childColumns) column(s); the counts must match"
            }
            return nil
        }
        let list = columns.map { "'\($0)'" }.joined(separator: ", ")
        if columns.count != childColumns {
            return "\(columns.count) column(s) (\(list)) of table '\(parent.name)' with \(childColumns) column(s); "
                + "the counts must match"
        }
        if parent.isUniqueKey(columns) { return nil }
        return "\(list) of table '\(parent.name)', which is neither its primary key nor unique; SQLite "
            + "rejects such a foreign key with 'foreign key mismatch': declare \(list) unique "
            + "(unique: true, a 'unique' entry or a unique index), or reference the primary key"
    }

    /// Whether no two rows can hold the same values in `columns`: they are the primary key, a
    /// UNIQUE column, a UNIQUE constraint or a unique index without a WHERE clause (in any order).
    ///
    /// ```swift
    /// books.isUniqueKey(["isbn"]) // true when isbn is declared `unique: true`
    /// ```
    package func isUniqueKey(_ columns: [String]) -> Bool {
        guard !columns.isEmpty else { return false }
        let wanted = Set(columns.map(\.sqlName))
        func isKey(_ names: [String]) -> Bool {
            names.count == columns.count && Set(names.map(\.sqlName)) == wanted
        }
        if isKey(primaryKeyColumns) { return true }
        if columns.count == 1, column(named: columns[0])?.isUnique == true { return true }
        if uniqueConstraints.contains(where: isKey) { return true }
        return indexes.contains { $0.isUnique && $0.condition == nil && $0.columnNames.map(isKey) == true }
    }
}
