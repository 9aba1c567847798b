// MARK: - RenameDiff

/// The renames that give live tables and columns their declared names: a `renamed_from` hint
/// whose old name exists, or a spelling that differs only in letter case (the declared spelling
/// wins). Tables first, then the columns of each table that exists.
///
/// A pure function of the two models. SQLite itself then does the renames (on a schema-only copy
/// when planning), so that whatever refers to a renamed object is rewritten exactly as the sync
/// will rewrite it; nothing here imitates that rewriting.
///
/// ```swift
/// let renames = try RenameDiff(declared: file.schema, live: live)
/// renames.changes // [.renameTable(from: "people", to: "users"), .renameColumn(table: "users", from: "name", to: "full_name")]
/// ```
package struct RenameDiff: Sendable {
    /// The renames, tables before columns, each table's columns in declared order.
    package private(set) var changes: [Change] = []
    /// The live name of each declared table that exists live, by the declared name.
    package private(set) var liveNames: [SQLName: String] = [:]

    /// Whether nothing is to be renamed.
    package var isEmpty: Bool { changes.isEmpty }

    /// Whether the declared `column` of the declared `table` has another name live.
    package func renamesColumn(_ column: String, of table: String) -> Bool {
        changes.contains { change in
            guard case .renameColumn(let renamed, let from, let to) = change else { return false }
            return renamed.isSameName(as: table) && to.isSameName(as: column) && !from.isSameName(as: column)
        }
    }

    /// Finds the renames that bring `live` to `declared`'s names.
    /// - Throws: ``DiffError/renameConflict(kind:old:new:table:)`` when both the old and the new name exist.
    package init(declared: Schema, live: Schema) throws(DiffError) {
        var columnRenames: [Change] = []
        for table in declared.tables {
            let tableName = try Self.liveName(of: table.name, renamedFrom: table.renamedFrom, kind: .table, table: nil) {
                live.table(named: $0)?.name
            }
            guard let tableName, let liveTable = live.table(named: tableName) else { continue }
            liveNames[table.name.sqlName] = tableName
            if tableName != table.name {
                changes.append(.renameTable(from: tableName, to: table.name))
            }
            for column in table.columns {
                let columnName = try Self.liveName(of: column.name, renamedFrom: column.renamedFrom, kind: .column,
                                                   table: table.name) { liveTable.column(named: $0)?.name }
                if let columnName, columnName != column.name {
                    columnRenames.append(.renameColumn(table: table.name, from: columnName, to: column.name))
                }
            }
        }
        changes += columnRenames
    }

    /// The live name of the object declared as `name`: its own name in any spelling, or the
    /// `renamed_from` name that exists; `find` gives the live spelling of a name, if it exists.
    private static func liveName(of name: String, renamedFrom: [String], kind: SchemaObject.Kind, table: String?,
                                 find: (String) -> String?) throws(DiffError) -> String? {
        var found = find(name)
        for old in renamedFrom where !old.isSameName(as: name) {
            guard let oldName = find(old) else { continue }
            if found != nil {
                throw .renameConflict(kind: kind, old: oldName, new: name, table: table)
            }
            found = oldName
        }
        return found
    }
}
