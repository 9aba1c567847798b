// MARK: - Renaming in a model

extension Schema {
    /// Renames a table everywhere the schema names it, as `ALTER TABLE … RENAME TO` does.
    mutating func rename(table old: String, to new: String) {
        for index in tables.indices {
            if tables[index].name.isSameName(as: old) {
                tables[index].name = new
                tables[index].indexes = tables[index].indexes.map { index in
                    var index = index
                    index.sql = index.sql.map { SQLText.renamingTable(to: new, in: $0) }
                    return index
                }
            }
            for key in tables[index].foreignKeys.indices where tables[index].foreignKeys[key].table.isSameName(as: old) {
                tables[index].foreignKeys[key].table = new
            }
            for column in tables[index].columns.indices
                where tables[index].columns[column].reference?.table.isSameName(as: old) == true {
                tables[index].columns[column].reference?.table = new
            }
        }
        for index in triggers.indices where triggers[index].table.isSameName(as: old) {
            triggers[index].table = new
            triggers[index].sql = SQLText.renamingTable(to: new, in: triggers[index].sql)
        }
    }

    /// Renames a column of a table everywhere the schema names it, as `RENAME COLUMN` does.
    mutating func rename(column old: String, of table: String, to new: String) {
        for index in tables.indices {
            if tables[index].name.isSameName(as: table) {
                tables[index].rename(column: old, to: new)
            }
            for key in tables[index].foreignKeys.indices where tables[index].foreignKeys[key].table.isSameName(as: table) {
                tables[index].foreignKeys[key].referencedColumns = tables[index].foreignKeys[key].referencedColumns
                    .map { $0.isSameName(as: old) ? new : $0 }
            }
            for column in tables[index].columns.indices
                where tables[index].columns[column].reference?.table.isSameName(as: table) == true
                && tables[index].columns[column].reference?.column?.isSameName(as: old) == true {
                tables[index].columns[column].reference?.column = new
            }
        }
        for index in triggers.indices where triggers[index].table.isSameName(as: table) {
            triggers[index].sql = SQLText.renaming(column: old, to: new, inTrigger: triggers[index].sql)
        }
    }
}

extension Table {
    /// Renames a column everywhere this table mentions it.
    mutating func rename(column old: String, to new: String) {
        let rename: (String) -> String = { $0.isSameName(as: old) ? new : $0 }
        for index in columns.indices where columns[index].name.isSameName(as: old) {
            columns[index].name = new
        }
        primaryKey = primaryKey.map(rename)
        uniqueConstraints = uniqueConstraints.map { $0.map(rename) }
        keptClauses.rename(column: old, to: new)
        for index in foreignKeys.indices {
            foreignKeys[index].columns = foreignKeys[index].columns.map(rename)
        }
        for index in indexes.indices {
            indexes[index].columns = indexes[index].columns.map(rename)
            indexes[index].sql = indexes[index].sql.map { SQLText.renaming(identifier: old, to: new, inIndex: $0) }
        }
    }
}
