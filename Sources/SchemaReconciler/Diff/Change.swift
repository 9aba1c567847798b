// MARK: - Change

/// One difference between the declared schema and the live database, named by the objects it
/// concerns. The planner turns changes into steps; it alone decides how (native ALTER or rebuild).
///
/// ```swift
/// let plan = try reconciler.plan(databaseAt: "app.sqlite")
/// for change in plan.changes { print(change) } // add column users.nickname, …
/// if plan.changes.contains(.addColumn(table: "users", column: "nickname")) { … }
/// ```
package enum Change: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A declared table that the database lacks.
    case createTable(table: String)
    /// A table to rename (a `renamed_from` hint, or a spelling that differs only in letter case).
    case renameTable(from: String, to: String)
    /// A column to rename, in a table named by its declared name.
    case renameColumn(table: String, from: String, to: String)
    /// A declared column that the live table lacks.
    case addColumn(table: String, column: String)
    /// One way a live table's definition differs from the declared one.
    case alterTable(table: String, difference: TableDifference)
    /// A column that `drop.columns` names and the table still has.
    case dropColumn(table: String, column: String)
    /// A table that `drop.tables` names and the database still has.
    case dropTable(table: String)
    /// A declared index that the database lacks.
    case createIndex(table: String, index: String)
    /// A live index to replace by the declared one: its definition changed (`from` is its own
    /// name), it is renamed (`from` is the old name), or it moves from another table.
    case recreateIndex(table: String, index: String, from: String)
    /// An index that `drop.indexes` names and the database still has.
    case dropIndex(table: String, index: String)
    /// A declared virtual table that the database lacks.
    case createVirtualTable(table: String)
    /// A virtual table whose declared module or arguments changed.
    case recreateVirtualTable(table: String)
    /// A declared view that the database lacks.
    case createView(view: String)
    /// A view whose declared definition changed.
    case recreateView(view: String)
    /// A view that `drop.views` names.
    case dropView(view: String)
    /// A declared trigger that the database lacks.
    case createTrigger(trigger: String, table: String)
    /// A trigger whose declared definition changed.
    case recreateTrigger(trigger: String, table: String)
    /// A trigger that `drop.triggers` names.
    case dropTrigger(trigger: String)

    /// The table the change concerns, if any (a view's or a trigger's table is not counted).
    package var table: String? {
        switch self {
        case .createTable(let table), .alterTable(let table, _), .dropTable(let table),
             .addColumn(let table, _), .dropColumn(let table, _), .renameColumn(let table, _, _),
             .createIndex(let table, _), .recreateIndex(let table, _, _), .dropIndex(let table, _),
             .createVirtualTable(let table), .recreateVirtualTable(let table):
            return table
        case .renameTable(_, let to):
            return to
        case .createView, .recreateView, .dropView, .createTrigger, .recreateTrigger, .dropTrigger:
            return nil
        }
    }

    package var description: String {
        switch self {
        case .createTable(let table): return "create table \(table)"
        case .renameTable(let from, let to): return "rename table \(from) to \(to)"
        case .renameColumn(let table, let from, let to): return "rename column \(table).\(from) to \(to)"
        case .addColumn(let table, let column): return "add column \(table).\(column)"
        case .alterTable(let table, let difference): return "table \(table): \(difference)"
        case .dropColumn(let table, let column): return "drop column \(table).\(column)"
        case .dropTable(let table): return "drop table \(table)"
        case .createIndex(let table, let index): return "create index \(index) on \(table)"
        case .recreateIndex(let table, let index, let from):
            return from == index ? "change index \(index) on \(table)" : "replace index \(from) by \(index) on \(table)"
        case .dropIndex(let table, let index): return "drop index \(index) on \(table)"
        case .createVirtualTable(let table): return "create virtual table \(table)"
        case .recreateVirtualTable(let table): return "change virtual table \(table)"
        case .createView(let view): return "create view \(view)"
        case .recreateView(let view): return "change view \(view)"
        case .dropView(let view): return "drop view \(view)"
        case .createTrigger(let trigger, let table): return "create trigger \(trigger) on \(table)"
        case .recreateTrigger(let trigger, let table): return "change trigger \(trigger) on \(table)"
        case .dropTrigger(let trigger): return "drop trigger \(trigger)"
        }
    }
}
