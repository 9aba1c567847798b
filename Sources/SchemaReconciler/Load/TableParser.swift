import Foundation
import Yams

// MARK: - TableParser

/// Reads one table of `tables:` and checks the rules that concern the table alone: its columns,
/// keys, constraints and indexes. References to other tables are checked by ``SchemaParser``.
///
/// ```swift
/// let declared = try TableParser(reader: reader).parse(entry)
/// declared.table.columns.map(\.name)
/// ```
struct TableParser {
    /// The keys a table mapping accepts.
    static let keys = SchemaFormat.Table.all.names
    /// The keys an index mapping accepts.
    static let indexKeys = SchemaFormat.Index.all.names
    /// The keys a `foreign_keys` entry accepts.
    static let foreignKeyKeys = SchemaFormat.ForeignKey.all.names
    /// The keys of a foreign key's `references`.
    static let foreignKeyReferenceKeys = SchemaFormat.ForeignKeyReference.all.names
    /// The types a STRICT table accepts.
    static let strictTypes: Set<String> = ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"]

    /// Reads the nodes.
    var reader: YAMLReader

    // MARK: Parsing

    /// Reads the table named by `entry.key`.
    func parse(_ entry: YAMLEntry) throws -> DeclaredTable {
        let name = entry.key
        let context = "table '\(name)'"
        let entries = try reader.entries(of: entry.value, key: name, in: "'tables'", owner: context, allowed: Self.keys,
                                         expected: "a mapping with 'columns'")
        var byKey: [String: YAMLEntry] = [:]
        for option in entries { byKey[option.key] = option }

        var declared = try columns(of: entry, byKey: byKey, in: context)
        for option in entries {
            switch option.key {
            case SchemaFormat.Table.renamedFrom.name: try renamedFrom(option, into: &declared, in: context)
            case SchemaFormat.Table.strict.name: declared.table.isStrict = try reader.bool(option, in: context)
            case SchemaFormat.Table.withoutRowID.name: declared.table.isWithoutRowID = try reader.bool(option, in: context)
            case SchemaFormat.Table.primaryKey.name: try primaryKey(option, into: &declared, in: context)
            case SchemaFormat.Table.unique.name: try uniqueConstraints(option, into: &declared, in: context)
            case SchemaFormat.Table.checks.name: try checks(option, into: &declared, in: context)
            case SchemaFormat.Table.foreignKeys.name: try foreignKeys(option, into: &declared, in: context)
            case SchemaFormat.Table.indexes.name: try indexes(option, into: &declared, in: context)
            default: break
            }
        }
        try checkPrimaryKey(of: declared, byKey: byKey, in: context)
        try checkAutoincrement(of: declared, in: context)
        try checkStrict(declared, in: context)
        return declared
    }

    /// The table's `columns:`, each read by a ``ColumnParser``, with the constraint names they declare.
    private func columns(of entry: YAMLEntry, byKey: [String: YAMLEntry], in context: String) throws -> DeclaredTable {
        let name = entry.key
        guard let columnsEntry = byKey["columns"] else {
            throw SchemaError.missingKey("columns", in: context, at: reader.location(of: entry.keyNode))
        }
        let columnEntries = try reader.namedEntries(of: columnsEntry.value, key: "columns", in: context,
                                                    expected: "a mapping of column names to columns")
        if columnEntries.isEmpty {
            throw SchemaError.invalidValue(
                "{}", for: "columns", in: context, reason: "a table needs at least one column",
                at: reader.location(of: columnsEntry.value))
        }
        let columnParser = ColumnParser(reader: reader, tableName: name)
        var declared = DeclaredTable(
            table: Schema.Table(name: name), keyNode: entry.keyNode,
            columns: try columnEntries.map(columnParser.parse),
            indexKeyNodes: [], indexRenamedFrom: [], renamedFrom: [], foreignKeys: [])
        declared.table.columns = declared.columns.map(\.column)
        for column in declared.columns {
            for (constraint, name) in column.constraintNames { try declare(name, for: constraint, in: &declared) }
            for (constraint, resolution) in column.conflicts { try declare(resolution, for: constraint, in: &declared) }
        }
        return declared
    }

    /// `renamed_from:`, the table's earlier names; its own name is refused.
    private func renamedFrom(_ option: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        let name = declared.table.name
        declared.renamedFrom = try reader.nameOrNameList(option, in: context).map {
            Located(value: $0.name, node: $0.node)
        }
        for old in declared.renamedFrom where old.value.isSameName(as: name) {
            throw SchemaError.invalidValue(
                old.value, for: "renamed_from", in: context,
                reason: ColumnParser.renamedFromSelfReason(old.value, name), at: reader.location(of: old.node))
        }
        declared.table.renamedFrom = declared.renamedFrom.map(\.value)
    }

    // MARK: Table-level constraints

    /// A list of the table's column names (primary key, unique constraint, index, foreign key).
    private func columnList(_ entry: YAMLEntry, of declared: DeclaredTable, in context: String,
                            example: String) throws -> [String] {
        let names = try reader.nameList(entry, in: context, example: example)
        return try checkedColumns(names, key: entry.key, listNode: entry.value, of: declared, in: context)
    }

    /// Checks that a list of column names is non-empty, names declared columns, and has no repeats.
    private func checkedColumns(_ names: [(name: String, node: Node)], key: String, listNode: Node,
                                of declared: DeclaredTable, in context: String, allowEmpty: Bool = false) throws -> [String] {
        if names.isEmpty && !allowEmpty {
            throw SchemaError.invalidValue("[]", for: key, in: context, reason: "list at least one column",
                                           at: reader.location(of: listNode))
        }
        var seen: [String] = []
        for (name, node) in names {
            try checkDeclared(column: name, node: node, in: declared, context: context)
            if let first = seen.first(where: { $0.isSameName(as: name) }) {
                throw SchemaError.invalidValue(
                    name, for: key, in: context,
                    reason: first == name ? "the column is listed twice" : "it is the same column as '\(first)'",
                    at: reader.location(of: node))
            }
            seen.append(name)
        }
        return names.map(\.name)
    }

    /// Throws when `column` is not a column of the table.
    func checkDeclared(column: String, node: Node, in declared: DeclaredTable, context: String) throws {
        guard declared.table.column(named: column) == nil else { return }
        throw SchemaError.undeclaredReference(
            "column '\(column)' of table '\(declared.table.name)'", in: context,
            suggestion: NameSuggestion.closest(to: column, among: declared.table.columns.map(\.name)),
            at: reader.location(of: node))
    }

    /// `primary_key: [a, b]`, or `primary_key: { columns: [a, b], name: … }`.
    private func primaryKey(_ entry: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        let key = try ConstraintNameReader(reader: reader).key(entry, in: context, example: "[a, b]")
        declared.table.primaryKey = try columnList(key.columns, of: declared, in: context, example: "[a, b]")
        declared.primaryKeyNode = entry.keyNode
        if let name = key.name { try declare(name, for: .primaryKey(columns: declared.table.primaryKey), in: &declared) }
        if let conflict = key.conflict { try declare(conflict, for: .primaryKey(columns: declared.table.primaryKey), in: &declared) }
    }

    /// `unique: [[a, b], [c]]`, an entry also written `{ columns: [a, b], name: … }`.
    private func uniqueConstraints(_ entry: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        guard case .sequence(let sequence) = entry.value else {
            throw SchemaError.wrongType(entry.key, in: context, expected: "a list of column lists such as [[a, b]]",
                                        found: reader.describe(entry.value), at: reader.location(of: entry.value))
        }
        for node in sequence {
            switch node {
            case .sequence, .mapping: break
            default:
                throw SchemaError.wrongType(
                    entry.key, in: context,
                    expected: "a list of column lists such as [[a, b]] (each entry is one constraint)",
                    found: "an entry that is \(reader.describe(node))", at: reader.location(of: node))
            }
            let constraint = YAMLEntry(key: entry.key, keyNode: entry.keyNode, value: node)
            let key = try ConstraintNameReader(reader: reader).key(constraint, in: context, example: "[a, b]")
            let columns = try columnList(key.columns, of: declared, in: context, example: "[a, b]")
            declared.table.uniqueConstraints.append(columns)
            if let name = key.name { try declare(name, for: .unique(columns: columns), in: &declared) }
            if let conflict = key.conflict { try declare(conflict, for: .unique(columns: columns), in: &declared) }
        }
    }

    /// `checks: [expr, …]`, an entry also written `{ expression: …, name: … }`.
    private func checks(_ entry: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        guard case .sequence(let sequence) = entry.value else {
            throw SchemaError.wrongType(entry.key, in: context, expected: "a list of SQL expressions",
                                        found: reader.describe(entry.value), at: reader.location(of: entry.value))
        }
        for node in sequence {
            let check = try ConstraintNameReader(reader: reader).check(
                YAMLEntry(key: entry.key, keyNode: entry.keyNode, value: node), in: context)
            declared.table.checks.append(check.expression)
            if let name = check.name { try declare(name, for: .check(expression: check.expression), in: &declared) }
        }
    }

    /// Records the name a declaration gives `constraint` (nil inside for `name: null`). A
    /// constraint declared twice, on a column and on the table say, may not get two names.
    private func declare(_ name: Located<String?>, for constraint: KeptClauses.Constraint,
                         in declared: inout DeclaredTable) throws {
        try declareOnce(name, earlier: declared.nameDeclarations[constraint], for: constraint, in: declared,
                        what: "two names", describe: { $0.map { "'\($0)'" } ?? "no name (null)" },
                        advice: "both declare the same constraint (constraints are told apart by kind and columns, "
                            + "a CHECK by its expression), so give the name once")
        declared.table.constraintNames.declare(name.value, for: constraint)
        declared.nameDeclarations[constraint] = name
    }

    /// Records the conflict resolution a declaration gives `constraint`. A constraint declared
    /// twice, on a column and on the table say, may not get two resolutions.
    private func declare(_ resolution: Located<ConflictResolution>, for constraint: KeptClauses.Constraint,
                         in declared: inout DeclaredTable) throws {
        try declareOnce(resolution, earlier: declared.conflictDeclarations[constraint], for: constraint, in: declared,
                        what: "two conflict clauses", describe: \.name,
                        advice: "both declare the same constraint, so give on_conflict once")
        declared.table.setConflictResolution(resolution.value, for: constraint)
        declared.conflictDeclarations[constraint] = resolution
    }

    /// Refuses a second declaration of `constraint` that gives it another value than the
    /// `earlier` one: "table 't' gives PRIMARY KEY (id) two names, 'a' at line 3 and 'b' here".
    private func declareOnce<Value: Equatable>(
        _ value: Located<Value>, earlier: Located<Value>?, for constraint: KeptClauses.Constraint,
        in declared: DeclaredTable, what: String, describe: (Value) -> String, advice: String
    ) throws {
        guard let earlier, earlier.value != value.value else { return }
        throw SchemaError.conflict(
            "\(declared.context) gives \(constraint.description(in: declared.table)) \(what), "
                + "\(describe(earlier.value)) at line \(reader.location(of: earlier.node).line) and \(describe(value.value)) here; "
                + advice,
            at: reader.location(of: value.node))
    }

    /// `foreign_keys: [{columns, references: {table, columns}, on_delete, on_update, deferrable}]`.
    private func foreignKeys(_ entry: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        guard case .sequence(let sequence) = entry.value else {
            throw SchemaError.wrongType(
                entry.key, in: context,
                expected: "a list of foreign keys such as [{columns: [a], references: {table: t, columns: [id]}}]",
                found: reader.describe(entry.value), at: reader.location(of: entry.value))
        }
        for (offset, node) in sequence.enumerated() {
            try foreignKey(node, key: entry.key, into: &declared,
                           in: context, fkContext: "foreign key \(offset + 1) of \(context)")
        }
    }

    /// One entry of `foreign_keys`: `{columns, references, name, on_delete, on_update, deferrable}`.
    private func foreignKey(_ node: Node, key: String, into declared: inout DeclaredTable,
                            in context: String, fkContext: String) throws {
        try ConstraintNameReader(reader: reader).refuseConflictClause(in: node, of: .foreignKey, in: fkContext)
        let entries = try reader.entries(of: node, key: key, in: context, owner: fkContext, allowed: Self.foreignKeyKeys,
                                         expected: "a list of mappings with 'columns' and 'references'")
        var foreignKey = Schema.ForeignKey(columns: [], table: "")
        var columnsEntry: YAMLEntry?
        var referencesEntry: YAMLEntry?
        var name: Located<String?>?
        for option in entries {
            switch option.key {
            case SchemaFormat.ForeignKey.name.name: name = try ConstraintNameReader(reader: reader).name(option, in: fkContext)
            case SchemaFormat.ForeignKey.columns.name: columnsEntry = option
            case SchemaFormat.ForeignKey.references.name: referencesEntry = option
            case SchemaFormat.ForeignKey.onDelete.name: foreignKey.onDelete = try ColumnParser.action(option, reader: reader, in: fkContext)
            case SchemaFormat.ForeignKey.onUpdate.name: foreignKey.onUpdate = try ColumnParser.action(option, reader: reader, in: fkContext)
            case SchemaFormat.ForeignKey.deferrable.name: foreignKey.isDeferred = try reader.bool(option, in: fkContext)
            default: break
            }
        }
        guard let columnsEntry else { throw SchemaError.missingKey("columns", in: fkContext, at: reader.location(of: node)) }
        guard let referencesEntry else {
            throw SchemaError.missingKey("references", in: fkContext, at: reader.location(of: node))
        }
        foreignKey.columns = try columnList(columnsEntry, of: declared, in: fkContext, example: "[team_id]")
        if let name { try declare(name, for: .foreignKey(columns: foreignKey.columns), in: &declared) }
        let (table, referencedColumns) = try reference(referencesEntry, in: fkContext)
        foreignKey.table = table.value
        foreignKey.referencedColumns = referencedColumns.map(\.value)
        declared.table.foreignKeys.append(foreignKey)
        declared.foreignKeys.append(DeclaredForeignKey(node: node, table: table,
                                                       referencedColumns: referencedColumns, context: fkContext))
    }

    /// A foreign key's `references`: `{table, columns}`, the columns left out for the parent's primary key.
    private func reference(_ entry: YAMLEntry, in fkContext: String) throws
        -> (table: Located<String>, columns: [Located<String>]) {
        let referenceContext = "'references' of \(fkContext)"
        let entries = try reader.entries(
            of: entry.value, key: "references", in: fkContext, owner: referenceContext,
            allowed: Self.foreignKeyReferenceKeys, expected: "a mapping with 'table' and 'columns'")
        var table: Located<String>?
        var columns: [Located<String>] = []
        for option in entries {
            switch option.key {
            case SchemaFormat.ForeignKeyReference.table.name:
                table = Located(value: try reader.name(option.value, key: option.key, in: referenceContext), node: option.value)
            case SchemaFormat.ForeignKeyReference.columns.name:
                columns = try reader.nameList(option, in: referenceContext, example: "[id]").map {
                    Located(value: $0.name, node: $0.node)
                }
                if columns.isEmpty {
                    throw SchemaError.invalidValue(
                        "[]", for: "columns", in: referenceContext,
                        reason: "list at least one column, or leave 'columns' out for the parent's primary key",
                        at: reader.location(of: option.value))
                }
            default: break
            }
        }
        guard let table else {
            throw SchemaError.missingKey("table", in: referenceContext, at: reader.location(of: entry.value))
        }
        return (table, columns)
    }

    // MARK: Indexes

    /// `indexes:` name → column list, or name → {columns, unique, where, renamed_from}.
    private func indexes(_ entry: YAMLEntry, into declared: inout DeclaredTable, in context: String) throws {
        let entries = try reader.namedEntries(of: entry.value, key: entry.key, in: context,
                                              expected: "a mapping of index names to indexes")
        for indexEntry in entries {
            let indexContext = "index '\(indexEntry.key)' of \(context)"
            var index = Schema.Index(name: indexEntry.key, columns: [])
            var renamedFrom: [Located<String>] = []
            if case .sequence = indexEntry.value {
                index.terms = try indexTerms(indexEntry, of: declared, in: context)
            } else {
                let options = try reader.entries(
                    of: indexEntry.value, key: indexEntry.key, in: context, owner: indexContext, allowed: Self.indexKeys,
                    expected: "a list of columns, or a mapping with 'columns'")
                var hasColumns = false
                for option in options {
                    switch option.key {
                    case SchemaFormat.Index.columns.name:
                        hasColumns = true
                        index.terms = try indexTerms(option, of: declared, in: indexContext)
                    case SchemaFormat.Index.unique.name: index.isUnique = try reader.bool(option, in: indexContext)
                    case SchemaFormat.Index.condition.name: index.condition = try reader.text(option, in: indexContext, expected: "an SQL expression")
                    case SchemaFormat.Index.renamedFrom.name:
                        renamedFrom = try reader.nameOrNameList(option, in: indexContext).map {
                            Located(value: $0.name, node: $0.node)
                        }
                        for old in renamedFrom where old.value.isSameName(as: index.name) {
                            throw SchemaError.invalidValue(
                                old.value, for: "renamed_from", in: indexContext,
                                reason: ColumnParser.renamedFromSelfReason(old.value, index.name),
                                at: reader.location(of: old.node))
                        }
                        index.renamedFrom = renamedFrom.map(\.value)
                    default: break
                    }
                }
                if !hasColumns {
                    throw SchemaError.missingKey("columns", in: indexContext, at: reader.location(of: indexEntry.keyNode))
                }
            }
            declared.table.indexes.append(index)
            declared.indexKeyNodes.append(indexEntry.keyNode)
            declared.indexRenamedFrom.append(renamedFrom)
        }
    }

    /// The terms of an index: each a declared column, or an SQL expression, which may carry
    /// `COLLATE` and `ASC`/`DESC` (`lower(email)`, `created_at DESC`). A single name that is not a
    /// declared column is a mistake, not an expression; SQLite checks the expressions when the file
    /// is loaded.
    private func indexTerms(_ entry: YAMLEntry, of declared: DeclaredTable, in context: String) throws -> [Schema.IndexTerm] {
        let entries = try reader.nameList(entry, in: context, example: "[a, b] or [\"lower(email)\", created_at DESC]")
        if entries.isEmpty {
            throw SchemaError.invalidValue("[]", for: entry.key, in: context, reason: "list at least one column",
                                           at: reader.location(of: entry.value))
        }
        var columns: [(name: String, node: Node)] = []
        var terms: [Schema.IndexTerm] = []
        for (text, node) in entries {
            let tokens = SQLTokenizer.tokens(in: text)
            if declared.table.column(named: text) != nil
                || (tokens.count == 1 && (tokens[0].kind == .word || tokens[0].kind == .quotedIdentifier)) {
                columns.append((text, node))
                terms.append(.column(text))
            } else {
                terms.append(.expression(SQLText.trimmed(text)))
            }
        }
        _ = try checkedColumns(columns, key: entry.key, listNode: entry.value, of: declared, in: context, allowEmpty: true)
        return terms
    }

    // MARK: Checks

    /// One primary key, declared in one place.
    private func checkPrimaryKey(of declared: DeclaredTable, byKey: [String: YAMLEntry], in context: String) throws {
        let keyColumns = declared.columns.filter(\.column.isPrimaryKey)
        if !declared.table.primaryKey.isEmpty, let column = keyColumns.first,
           let option = column.entries["primary_key"], let tableKey = byKey["primary_key"] {
            throw SchemaError.conflict(
                "column '\(column.column.name)' of \(context) says primary_key: true, but the table declares "
                    + "primary_key: [\(declared.table.primaryKey.joined(separator: ", "))] at line "
                    + "\(reader.location(of: tableKey.keyNode).line); declare the primary key in one place only",
                at: reader.location(of: option.keyNode))
        }
        if keyColumns.count > 1, let option = keyColumns[1].entries["primary_key"] {
            let names = keyColumns.map(\.column.name)
            throw SchemaError.conflict(
                "\(context) has more than one column with primary_key: true (\(names.map { "'\($0)'" }.joined(separator: ", "))); "
                    + "a table has one primary key: for a composite key, remove them and write "
                    + "primary_key: [\(names.joined(separator: ", "))] on the table",
                at: reader.location(of: option.keyNode))
        }
        if declared.table.isWithoutRowID, declared.table.primaryKeyColumns.isEmpty {
            throw SchemaError.conflict(
                "\(context) is without_rowid but has no primary key; SQLite requires one for a WITHOUT ROWID table",
                at: reader.location(of: byKey["without_rowid"]?.keyNode ?? declared.keyNode))
        }
    }

    /// `autoincrement: true` only on a single INTEGER PRIMARY KEY column of a rowid table.
    private func checkAutoincrement(of declared: DeclaredTable, in context: String) throws {
        for column in declared.columns where column.column.isAutoincrement {
            guard let option = column.entries["autoincrement"] else { continue }
            let columnContext = "column '\(column.column.name)' of \(context)"
            let rule = "SQLite allows AUTOINCREMENT only on a single INTEGER PRIMARY KEY column"
            let tableKey = declared.table.primaryKey
            var problem: String?
            if tableKey.contains(where: { $0.isSameName(as: column.column.name) }) {
                problem = tableKey.count > 1
                    ? "it is part of a composite primary key"
                    : "its primary key is declared on the table; write primary_key: true on the column instead"
            } else if !column.column.isPrimaryKey {
                problem = "it is not the primary key; add primary_key: true"
            } else if declared.table.isWithoutRowID {
                problem = "the table is without_rowid, which has no rowid to increment"
            } else if declared.table.rowIDAliasColumn == nil {
                problem = column.column.type.map { "its type is '\($0)', not INTEGER" } ?? "it has no type; add type: INTEGER"
            }
            if let problem {
                throw SchemaError.conflict("\(columnContext) cannot have autoincrement: \(problem) (\(rule))",
                                           at: reader.location(of: option.keyNode))
            }
        }
    }

    /// A STRICT table's columns all have one of the types STRICT accepts.
    private func checkStrict(_ declared: DeclaredTable, in context: String) throws {
        guard declared.table.isStrict else { return }
        let allowed = "INT, INTEGER, REAL, TEXT, BLOB or ANY"
        for column in declared.columns {
            let columnContext = "column '\(column.column.name)' of \(context)"
            guard let type = column.column.type else {
                throw SchemaError.conflict(
                    "\(columnContext) has no type, but the table is strict; give it a type: \(allowed)",
                    at: reader.location(of: column.keyNode))
            }
            let strictType = SQLText.trimmed(type).uppercased()
            if !Self.strictTypes.contains(strictType) {
                let node = column.entries["type"]?.value ?? column.keyNode
                throw SchemaError.invalidValue(type, for: "type", in: columnContext,
                                               reason: "a strict table accepts only the types \(allowed)",
                                               at: reader.location(of: node))
            }
        }
    }
}
