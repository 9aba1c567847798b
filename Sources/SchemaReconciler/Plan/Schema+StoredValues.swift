// MARK: - What reads a column's stored values

extension Schema.Table {
    /// Whether nothing in the table reads its values under their affinity: no CHECK, no
    /// generated column, no index on an expression or with a WHERE clause. A change of a
    /// column's affinity that leaves some stored values as they were changes nothing else.
    ///
    /// ```swift
    /// table.readsNoStoredValues  // false: CHECK (price >= 0)
    /// ```
    var readsNoStoredValues: Bool {
        checks.isEmpty && columns.allSatisfy { $0.check == nil && $0.generated == nil }
            && indexes.allSatisfy { index in
                index.condition == nil && index.terms.allSatisfy { $0.columnName != nil }
            }
    }
}

extension Schema.Table {
    /// Whether nothing but the column itself reads the stored values of `column`: it is not
    /// generated and in no primary key, the table reads no stored values
    /// (``readsNoStoredValues``), and no foreign key of `schema`, the table's own, uses it. A
    /// change of its affinity is then seen by no other part of the schema.
    ///
    /// ```swift
    /// table.leavesStoredValuesUnread("rating", foreignKeysOf: schema)  // true
    /// ```
    func leavesStoredValuesUnread(_ column: String, foreignKeysOf schema: Schema) -> Bool {
        self.column(named: column)?.generated == nil && !primaryKeyColumns.containsName(column)
            && readsNoStoredValues && !schema.foreignKeysUse(column, of: name)
    }
}

extension Schema {
    /// Whether `column` of `table` is a child or a parent column of one of the schema's foreign
    /// keys: its values are compared with the other side's under their affinity.
    ///
    /// ```swift
    /// schema.foreignKeysUse("id", of: "authors")  // true: books.author_id REFERENCES authors(id)
    /// ```
    func foreignKeysUse(_ column: String, of table: String) -> Bool {
        tables.contains { other in
            other.allForeignKeys.contains { foreignKey in
                (other.name.isSameName(as: table) && foreignKey.columns.containsName(column))
                    || (foreignKey.table.isSameName(as: table)
                        && (foreignKey.referencedColumns.isEmpty || foreignKey.referencedColumns.containsName(column)))
            }
        }
    }
}
