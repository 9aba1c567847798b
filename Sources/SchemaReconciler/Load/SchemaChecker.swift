import Foundation
import Yams

// MARK: - SchemaChecker

/// The checks across the objects of schema.yaml: reserved names, the names of other tools'
/// objects (``IgnoredNames``), the namespace that tables,
/// views and indexes share, renames, references between tables, the tables of triggers and the
/// drop list. It also resolves column-level `references`, which need the declared tables.
///
/// ```swift
/// var checker = SchemaChecker(reader: reader)
/// checker.tables = declaredTables
/// try checker.check()
/// checker.tables[0].table.columns[2].reference // resolved
/// ```
struct SchemaChecker {
    /// `drop:` as written.
    struct DeclaredDrop {
        /// `drop.tables`.
        var tables: [Located<String>] = []
        /// `drop.columns`: each declared table with its columns, in file order.
        var columns: [(table: Located<String>, columns: [Located<String>])] = []
        /// `drop.indexes`.
        var indexes: [Located<String>] = []
        /// `drop.views`.
        var views: [Located<String>] = []
        /// `drop.triggers`.
        var triggers: [Located<String>] = []
    }

    /// Reads nodes and makes locations.
    var reader: YAMLReader
    /// The declared tables, in file order.
    var tables: [DeclaredTable] = []
    /// The declared views with the nodes of their keys.
    var views: [Located<Schema.View>] = []
    /// The declared triggers with the nodes of their keys.
    var triggers: [Located<Schema.Trigger>] = []
    /// The declared virtual tables with the nodes of their keys.
    var virtualTables: [Located<Schema.VirtualTable>] = []
    /// The node of each trigger's statement, parallel to `triggers`.
    var triggerStatementNodes: [Node] = []
    /// `drop:` as written.
    var drop = DeclaredDrop()
    /// `compatibility:` as written, with the node of each table it excepts; nil without one.
    var compatibility: (compatibility: Compatibility, exceptions: [Located<String>])?
    /// Where each declared table is in `tables`, by name, made when the checks start.
    var tablePositions = NameIndex([])
    /// The names of the objects that other tools own: `ignore`, the built-in ones, the table
    /// that `legacy` names.
    var ignored = IgnoredNames()

    /// The drop list for the model.
    var dropList: DropList {
        var columns: [String: [String]] = [:]
        for (table, names) in drop.columns { columns[table.value, default: []] += names.map(\.value) }
        return DropList(tables: drop.tables.map(\.value), columns: columns, indexes: drop.indexes.map(\.value),
                        views: drop.views.map(\.value), triggers: drop.triggers.map(\.value))
    }

    /// Where each entry of `drop` is written.
    var dropLocations: [Declaration: SourceLocation] {
        var locations: [Declaration: SourceLocation] = [:]
        for (kind, names) in [(SchemaObject.Kind.table, drop.tables), (.index, drop.indexes), (.view, drop.views),
                              (.trigger, drop.triggers)] {
            for name in names { locations[.dropped(kind, name.value)] = reader.location(of: name.node) }
        }
        for (table, columns) in drop.columns {
            for column in columns {
                locations[.dropped(.column, column.value, table: table.value)] = reader.location(of: column.node)
            }
        }
        return locations
    }

    // MARK: Checking

    /// Runs every check, in the order of the file's sections, and resolves references.
    mutating func check() throws {
        tablePositions = NameIndex(tables.lazy.map(\.table.name))
        try checkReservedNames()
        try checkIgnoredNames()
        try checkNamespace()
        try checkRenames()
        try resolveColumnReferences()
        try checkForeignKeys()
        try checkTriggerTables()
        try checkDrop()
        try checkCompatibility()
    }

    // MARK: Names

    /// No table, view, index or trigger name (declared or dropped) starts with `sqlite_` or `_reconciler`.
    private func checkReservedNames() throws {
        for object in namedObjects(includingRenames: false) {
            try checkReserved(object.name, kind: object.kind, node: object.node)
        }
    }

    /// Every name the file gives a table, index, view, virtual table or trigger, in declarations
    /// (and their `renamed_from`, when asked) and in `drop`, with what it names and its node.
    func namedObjects(includingRenames: Bool) -> [(name: String, kind: String, node: Node)] {
        var names: [(name: String, kind: String, node: Node)] = []
        for declared in tables {
            names.append((declared.table.name, "table", declared.keyNode))
            for (index, node) in zip(declared.table.indexes, declared.indexKeyNodes) {
                names.append((index.name, "index", node))
            }
            guard includingRenames else { continue }
            names += declared.renamedFrom.map { ($0.value, "table", $0.node) }
            names += declared.indexRenamedFrom.joined().map { ($0.value, "index", $0.node) }
        }
        names += views.map { ($0.value.name, "view", $0.node) }
        names += virtualTables.map { ($0.value.name, "virtual table", $0.node) }
        names += triggers.map { ($0.value.name, "trigger", $0.node) }
        for (kind, dropped) in [("table", drop.tables), ("index", drop.indexes), ("view", drop.views),
                                ("trigger", drop.triggers)] {
            names += dropped.map { ($0.value, kind, $0.node) }
        }
        return names
    }

    private func checkReserved(_ name: String, kind: String, node: Node) throws {
        for prefix in ["sqlite_", "_reconciler"] where name.sqlName.hasPrefix(prefix) {
            throw SchemaError.reservedName(name, kind: kind, prefix: prefix, at: reader.location(of: node))
        }
    }

    /// Tables, views and indexes share one namespace in SQLite.
    private func checkNamespace() throws {
        var claimed: [SQLName: (description: String, node: Node)] = [:]
        func claim(_ name: String, description: String, node: Node) throws {
            if let other = claimed[name.sqlName] {
                throw SchemaError.conflict(
                    "\(description) has the same name as \(other.description) at line "
                        + "\(reader.location(of: other.node).line); tables, views and indexes share one "
                        + "namespace in SQLite (letter case aside), so choose another name",
                    at: reader.location(of: node))
            }
            claimed[name.sqlName] = (description, node)
        }
        for declared in tables {
            try claim(declared.table.name, description: declared.context, node: declared.keyNode)
        }
        for table in virtualTables {
            try claim(table.value.name, description: "virtual table '\(table.value.name)'", node: table.node)
        }
        for declared in tables {
            for (index, node) in zip(declared.table.indexes, declared.indexKeyNodes) {
                try claim(index.name, description: "index '\(index.name)' of \(declared.context)", node: node)
            }
        }
        for view in views {
            try claim(view.value.name, description: "view '\(view.value.name)'", node: view.node)
        }
    }

    /// A `renamed_from` does not name an object that is declared too, nor the old name of another one.
    private func checkRenames() throws {
        func check(_ olds: [(owner: String, old: Located<String>)], declared: [String], kind: String) throws {
            var seen: [SQLName: String] = [:]
            for (owner, old) in olds {
                if let current = declared.first(where: { $0.isSameName(as: old.value) }) {
                    throw SchemaError.conflict(
                        "\(owner) is renamed_from '\(old.value)', but \(kind) '\(current)' is declared too; "
                            + "a rename leaves no object under the old name: remove one of them",
                        at: reader.location(of: old.node))
                }
                if let other = seen[old.value.sqlName] {
                    throw SchemaError.conflict(
                        "\(owner) and \(other) are both renamed_from '\(old.value)'; only one object can take it over",
                        at: reader.location(of: old.node))
                }
                seen[old.value.sqlName] = owner
            }
        }
        try check(tables.flatMap { declared in declared.renamedFrom.map { (declared.context, $0) } },
                  declared: tables.map(\.table.name), kind: "table")
        for declared in tables {
            try check(declared.columns.flatMap { column in
                column.renamedFrom.map { ("column '\(column.column.name)' of \(declared.context)", $0) }
            }, declared: declared.table.columns.map(\.name), kind: "column")
        }
        try check(tables.flatMap { declared in
            zip(declared.table.indexes, declared.indexRenamedFrom).flatMap { index, olds in
                olds.map { ("index '\(index.name)' of \(declared.context)", $0) }
            }
        }, declared: tables.flatMap { $0.table.indexes.map(\.name) }, kind: "index")
    }

    // MARK: References

    /// The declared table with this name, compared as SQLite does.
    private func table(named name: String) -> Schema.Table? {
        tablePositions[name].map { tables[$0].table }
    }

    /// Throws when `name` is not a declared table.
    private func declaredTable(_ name: Located<String>, in context: String) throws -> Schema.Table {
        if let table = table(named: name.value) { return table }
        throw SchemaError.undeclaredReference(
            "table '\(name.value)'", in: context,
            suggestion: NameSuggestion.closest(to: name.value, among: tables.map(\.table.name)),
            at: reader.location(of: name.node))
    }

    /// Throws when `name` is not a column of `table`.
    private func checkColumn(_ name: String, node: Node, of table: Schema.Table, in context: String) throws {
        guard table.column(named: name) == nil else { return }
        throw SchemaError.undeclaredReference(
            "column '\(name)' of table '\(table.name)'", in: context,
            suggestion: NameSuggestion.closest(to: name, among: table.columns.map(\.name)),
            at: reader.location(of: node))
    }

    /// Resolves every column's `references` to a declared table and column.
    private mutating func resolveColumnReferences() throws {
        for tableIndex in tables.indices {
            for columnIndex in tables[tableIndex].columns.indices {
                let declared = tables[tableIndex].columns[columnIndex]
                guard let pending = declared.reference else { continue }
                let context = "column '\(declared.column.name)' of \(tables[tableIndex].context)"
                let parent: Schema.Table
                let tableName: String
                let columnName: Located<String>?
                let node: Node
                switch pending.target {
                case .dotted(let text):
                    node = text.node
                    (parent, tableName, columnName) = try resolve(text, in: context)
                case .mapping(let table, let column):
                    node = table.node
                    parent = try declaredTable(table, in: context)
                    tableName = table.value
                    columnName = column
                }
                if let columnName {
                    try checkColumn(columnName.value, node: columnName.node, of: parent, in: context)
                }
                let columns = columnName.map { [$0.value] } ?? []
                if let problem = parent.parentKeyProblem(columns: columns, childColumns: 1) {
                    throw SchemaError.conflict("\(context) references \(problem)",
                                               at: reader.location(of: columnName?.node ?? node))
                }
                let reference = ColumnReference(table: tableName, column: columnName?.value,
                                                onDelete: pending.onDelete, onUpdate: pending.onUpdate,
                                                isDeferred: pending.isDeferred)
                tables[tableIndex].columns[columnIndex].column.reference = reference
                tables[tableIndex].table.columns[columnIndex].reference = reference
            }
        }
    }

    /// Splits `table.column` so that the part before a dot is a declared table (any dot will
    /// do, as table names may hold dots); the whole text naming a table means its primary key.
    private func resolve(_ text: Located<String>, in context: String) throws
        -> (table: Schema.Table, name: String, column: Located<String>?)
    {
        if let table = table(named: text.value) { return (table, text.value, nil) }
        let dots = text.value.indices.filter { text.value[$0] == "." }
        for dot in dots.reversed() {
            let name = String(text.value[..<dot])
            guard let table = table(named: name) else { continue }
            let column = String(text.value[text.value.index(after: dot)...])
            if column.isEmpty {
                throw SchemaError.invalidValue(
                    text.value, for: "references", in: context,
                    reason: "nothing follows the dot; write table.column, or the table alone for its primary key",
                    at: reader.location(of: text.node))
            }
            return (table, name, Located(value: column, node: text.node))
        }
        let guess = dots.last.map { String(text.value[..<$0]) } ?? text.value
        throw SchemaError.undeclaredReference(
            "table '\(guess)'", in: context,
            suggestion: NameSuggestion.closest(to: guess, among: tables.map(\.table.name)),
            at: reader.location(of: text.node))
    }

    /// Table-level foreign keys: a declared parent, declared parent columns, as many as the child's.
    private func checkForeignKeys() throws {
        for declared in tables {
            for (foreignKey, located) in zip(declared.table.foreignKeys, declared.foreignKeys) {
                let parent = try declaredTable(located.table, in: located.context)
                for column in located.referencedColumns {
                    try checkColumn(column.value, node: column.node, of: parent, in: located.context)
                }
                if let problem = parent.parentKeyProblem(columns: foreignKey.referencedColumns,
                                                         childColumns: foreignKey.columns.count) {
                    throw SchemaError.conflict("\(located.context) references \(problem)",
                                               at: reader.location(of: located.table.node))
                }
            }
        }
    }

    /// Each trigger is attached to a declared table or view.
    private func checkTriggerTables() throws {
        for (trigger, node) in zip(triggers, triggerStatementNodes) {
            let name = trigger.value.table
            if table(named: name) != nil || views.contains(where: { $0.value.name.isSameName(as: name) }) { continue }
            throw SchemaError.undeclaredReference(
                "table '\(name)' after ON", in: "trigger '\(trigger.value.name)'",
                suggestion: NameSuggestion.closest(to: name, among: tables.map(\.table.name) + views.map(\.value.name)),
                at: reader.location(of: node))
        }
    }

    // MARK: Drop

    /// `drop` names only objects that the file does not declare (nor renames).
    private func checkDrop() throws {
        func isDeclared(_ name: Located<String>, among declared: [String], kind: String) throws {
            if let current = declared.first(where: { $0.isSameName(as: name.value) }) {
                throw SchemaError.conflict(
                    "\(kind) '\(name.value)' is listed under drop but \(kind) '\(current)' is declared; "
                        + "remove it from drop, or remove its declaration",
                    at: reader.location(of: name.node))
            }
        }
        func isRenamed(_ name: Located<String>, renames: [(owner: String, old: String)], kind: String) throws {
            if let rename = renames.first(where: { $0.old.isSameName(as: name.value) }) {
                throw SchemaError.conflict(
                    "\(kind) '\(name.value)' is listed under drop but \(rename.owner) is renamed_from it; "
                        + "a renamed object keeps its data: remove it from drop, or remove the renamed_from",
                    at: reader.location(of: name.node))
            }
        }
        let tableRenames = tables.flatMap { declared in declared.renamedFrom.map { (declared.context, $0.value) } }
        for name in drop.tables {
            try isDeclared(name, among: tables.map(\.table.name) + virtualTables.map(\.value.name), kind: "table")
            try isRenamed(name, renames: tableRenames, kind: "table")
        }
        for (tableName, columns) in drop.columns {
            guard let declared = tablePositions[tableName.value].map({ tables[$0] }) else {
                throw SchemaError.undeclaredReference(
                    "table '\(tableName.value)'", in: "'drop.columns' (keyed by the declared table name)",
                    suggestion: NameSuggestion.closest(to: tableName.value, among: tables.map(\.table.name)),
                    at: reader.location(of: tableName.node))
            }
            let renames = declared.columns.flatMap { column in
                column.renamedFrom.map { ("column '\(column.column.name)' of \(declared.context)", $0.value) }
            }
            for column in columns {
                if let current = declared.table.column(named: column.value) {
                    throw SchemaError.conflict(
                        "column '\(column.value)' of \(declared.context) is listed under drop but column "
                            + "'\(current.name)' is declared; remove it from drop, or remove its declaration",
                        at: reader.location(of: column.node))
                }
                try isRenamed(column, renames: renames, kind: "column")
            }
        }
        let indexRenames = tables.flatMap { declared in
            zip(declared.table.indexes, declared.indexRenamedFrom).flatMap { index, olds in
                olds.map { ("index '\(index.name)' of \(declared.context)", $0.value) }
            }
        }
        for name in drop.indexes {
            try isDeclared(name, among: tables.flatMap { $0.table.indexes.map(\.name) }, kind: "index")
            try isRenamed(name, renames: indexRenames, kind: "index")
        }
        for name in drop.views { try isDeclared(name, among: views.map(\.value.name), kind: "view") }
        for name in drop.triggers { try isDeclared(name, among: triggers.map(\.value.name), kind: "trigger") }
    }
}
