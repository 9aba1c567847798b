// MARK: - Change

/// One difference between the declared schema and the live database, as the diff finds it.
/// The planner turns changes into SQL steps; it alone decides how (native ALTER or rebuild).
///
/// ```swift
/// let diff = try SchemaDiff(declared: file.schema, drop: file.drop, live: liveSchema)
/// for change in diff.changes { print(change) } // add column users.nickname, …
/// ```
package enum Change: Sendable, Equatable, CustomStringConvertible {
    /// A declared table that the database lacks.
    case createTable(Table)
    /// A table to rename (a `renamed_from` hint, or a spelling that differs only in letter case).
    case renameTable(from: String, to: String)
    /// A column to rename, in a table named by its declared name.
    case renameColumn(table: String, from: String, to: String)
    /// A declared column that the live table lacks.
    case addColumn(table: String, column: Column)
    /// A live table whose definition differs from the declared one in ways other than new columns.
    case alterTable(table: String, differences: [TableDifference])
    /// A column that `drop.columns` names and the table still has.
    case dropColumn(table: String, column: String)
    /// A table that `drop.tables` names and the database still has.
    case dropTable(String)
    /// A declared index to create (new, renamed or changed).
    case createIndex(table: String, index: Index)
    /// A live index to drop (changed, renamed, or named by `drop.indexes`).
    case dropIndex(table: String, name: String)
    /// A declared view to create (new or changed).
    case createView(View)
    /// A live view to drop (changed, or named by `drop.views`).
    case dropView(String)
    /// A declared trigger to create (new or changed).
    case createTrigger(Trigger)
    /// A live trigger to drop (changed, or named by `drop.triggers`).
    case dropTrigger(String)

    package var description: String {
        switch self {
        case .createTable(let table): return "create table \(table.name)"
        case .renameTable(let from, let to): return "rename table \(from) to \(to)"
        case .renameColumn(let table, let from, let to): return "rename column \(table).\(from) to \(to)"
        case .addColumn(let table, let column): return "add column \(table).\(column.name)"
        case .alterTable(let table, let differences):
            return "change table \(table): " + differences.map(\.description).joined(separator: "; ")
        case .dropColumn(let table, let column): return "drop column \(table).\(column)"
        case .dropTable(let table): return "drop table \(table)"
        case .createIndex(let table, let index): return "create index \(index.name) on \(table)"
        case .dropIndex(let table, let name): return "drop index \(name) on \(table)"
        case .createView(let view): return "create view \(view.name)"
        case .dropView(let name): return "drop view \(name)"
        case .createTrigger(let trigger): return "create trigger \(trigger.name)"
        case .dropTrigger(let name): return "drop trigger \(name)"
        }
    }
}
