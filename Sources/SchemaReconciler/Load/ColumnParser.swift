import Foundation
import Yams

// MARK: - ColumnParser

/// Reads one column of a table: the shorthand (`nickname: TEXT`) or the mapping of column
/// keys, and checks the rules that concern the column alone.
///
/// ```swift
/// let declared = try ColumnParser(reader: reader, tableName: "users").parse(entry)
/// declared.column.isNotNull
/// ```
struct ColumnParser {
    /// The keys a column mapping accepts.
    static let keys = SchemaFormat.Column.all.names
    /// The keys a `references` mapping accepts.
    static let referenceKeys = SchemaFormat.Reference.all.names

    /// Reads the nodes.
    var reader: YAMLReader
    /// The table the column belongs to, for messages.
    var tableName: String

    // MARK: Parsing

    /// Reads the column named by `entry.key`: its keys, then the rules that join them.
    func parse(_ entry: YAMLEntry) throws -> DeclaredColumn {
        let name = entry.key
        let context = "column '\(name)' of table '\(tableName)'"
        var declared = DeclaredColumn(column: Schema.Column(name: name), keyNode: entry.keyNode, entries: [:], renamedFrom: [])
        if case .scalar = entry.value, !reader.isNull(entry.value) {
            declared.column.type = try columnType(of: entry, in: context)
            declared.entries = [Key.type.name: YAMLEntry(key: Key.type.name, keyNode: entry.keyNode, value: entry.value)]
            return declared
        }
        let entries = try reader.entries(
            of: entry.value, key: name, in: "table '\(tableName)'", owner: context, allowed: Self.keys,
            expected: "a type such as TEXT, or a mapping of column keys ({} for a column with no type)")
        let values = try read(entries, into: &declared, in: context)
        try join(values, into: &declared, in: context)
        return declared
    }

    /// The column's keys.
    private typealias Key = SchemaFormat.Column

    /// What the keys say that the rules between keys join: the defaults, the generated
    /// expression and how it is kept, the foreign key actions written on the column.
    private struct Values {
        var defaultLiteral: DefaultValue?
        var defaultSQL: String?
        var isStored: Bool?
        var generated: String?
        var onDelete: ForeignKeyAction?
        var onUpdate: ForeignKeyAction?
    }

    /// Reads each key of the column's mapping: what concerns it alone into `declared`, the rest
    /// into the values returned.
    private func read(_ entries: [YAMLEntry], into declared: inout DeclaredColumn, in context: String) throws -> Values {
        var values = Values()
        for option in entries {
            declared.entries[option.key] = option
            switch option.key {
            case Key.type.name: declared.column.type = try columnType(of: option, in: context)
            case Key.primaryKey.name, Key.notNull.name, Key.unique.name, Key.check.name, Key.references.name:
                try readConstraint(option, into: &declared, in: context)
            case Key.autoincrement.name: declared.column.isAutoincrement = try reader.bool(option, in: context)
            case Key.collate.name: declared.column.collation = try reader.text(option, in: context, expected: "a collation name")
            case Key.renamedFrom.name:
                declared.renamedFrom = try reader.nameOrNameList(option, in: context).map { Located(value: $0.name, node: $0.node) }
            case Key.defaultValue.name: values.defaultLiteral = try defaultValue(option, in: context)
            case Key.defaultSQL.name: values.defaultSQL = try reader.text(option, in: context, expected: "an SQL expression")
            case Key.onDelete.name: values.onDelete = try Self.action(option, reader: reader, in: context)
            case Key.onUpdate.name: values.onUpdate = try Self.action(option, reader: reader, in: context)
            case Key.generated.name: values.generated = try reader.text(option, in: context, expected: "an SQL expression")
            case Key.stored.name: values.isStored = try reader.bool(option, in: context)
            default: break
            }
        }
        return values
    }

    /// Reads `primary_key`, `not_null`, `unique`, `check` or `references`, with the name and the
    /// conflict resolution it gives the constraint, if any.
    private func readConstraint(_ option: YAMLEntry, into declared: inout DeclaredColumn, in context: String) throws {
        let names = ConstraintNameReader(reader: reader)
        let column = declared.column.name
        var name: (constraint: KeptClauses.Constraint, name: Located<String?>?)
        switch option.key {
        case Key.primaryKey.name, Key.notNull.name, Key.unique.name:
            let key = try names.columnKey(option, in: context)
            let (flag, constraint) = Self.keyConstraint(option.key, of: column)
            declared.column[keyPath: flag] = key.isOn
            name = (constraint, key.name)
            if let conflict = key.conflict { declared.conflicts.append((constraint, conflict)) }
        case Key.check.name:
            let check = try names.check(option, in: context)
            declared.column.check = check.expression
            name = (.check(expression: check.expression), check.name)
        default:
            declared.reference = try reference(option, in: context)
            name = (.foreignKey(columns: [column]), declared.reference?.name)
        }
        if let declaredName = name.name { declared.constraintNames.append((name.constraint, declaredName)) }
    }

    /// The flag of the column and the constraint that `primary_key`, `not_null` or `unique`
    /// (`key`) declares.
    private static func keyConstraint(_ key: String, of column: String)
        -> (WritableKeyPath<Schema.Column, Bool>, KeptClauses.Constraint) {
        switch key {
        case Key.primaryKey.name: (\.isPrimaryKey, .primaryKey(columns: [column]))
        case Key.notNull.name: (\.isNotNull, .notNull(column: column))
        default: (\.isUnique, .unique(columns: [column]))
        }
    }

    // MARK: Rules between keys

    /// Applies the rules between keys: one default at most, `stored` only with `generated`, a
    /// generated column without a default and outside the primary key, `on_delete` and
    /// `on_update` only with `references` (and not in both places), no `renamed_from` of the
    /// column's own name.
    private func join(_ values: Values, into declared: inout DeclaredColumn, in context: String) throws {
        let byKey = declared.entries
        if let option = byKey[Key.defaultSQL.name], byKey[Key.defaultValue.name] != nil {
            throw SchemaError.conflict(
                "\(context) has both 'default' and 'default_sql'; keep one "
                    + "('default' for a literal value, 'default_sql' for an SQL expression)",
                at: reader.location(of: option.keyNode))
        }
        declared.column.defaultValue = values.defaultSQL.map(DefaultValue.sql) ?? values.defaultLiteral
        try joinGenerated(values, into: &declared, in: context)
        try joinActions(values, into: &declared, in: context)
        for old in declared.renamedFrom where old.value.isSameName(as: declared.column.name) {
            throw SchemaError.invalidValue(
                old.value, for: Key.renamedFrom.name, in: context,
                reason: Self.renamedFromSelfReason(old.value, declared.column.name), at: reader.location(of: old.node))
        }
        declared.column.renamedFrom = declared.renamedFrom.map(\.value)
    }

    /// `generated`, with `stored`: no default, no primary key; `stored` alone is refused.
    private func joinGenerated(_ values: Values, into declared: inout DeclaredColumn, in context: String) throws {
        let byKey = declared.entries
        guard let expression = values.generated, let option = byKey[Key.generated.name] else {
            if values.isStored != nil, let option = byKey[Key.stored.name] {
                throw SchemaError.conflict(
                    "\(context) has 'stored' but no 'generated'; 'stored' says how a generated column is kept",
                    at: reader.location(of: option.keyNode))
            }
            return
        }
        for other in [Key.defaultValue.name, Key.defaultSQL.name] where byKey[other] != nil {
            throw SchemaError.conflict(
                "\(context) is generated, so it cannot also have '\(other)'; remove one of them",
                at: reader.location(of: option.keyNode))
        }
        if declared.column.isPrimaryKey {
            throw SchemaError.conflict(
                "\(context) is generated, so it cannot be a primary key; SQLite does not allow it",
                at: reader.location(of: option.keyNode))
        }
        declared.column.generated = GeneratedColumn(expression: expression, isStored: values.isStored ?? false)
    }

    /// `on_delete` and `on_update` written on the column: only with `references`, and not also
    /// inside it.
    private func joinActions(_ values: Values, into declared: inout DeclaredColumn, in context: String) throws {
        let byKey = declared.entries
        guard declared.reference != nil else {
            for key in [Key.onDelete.name, Key.onUpdate.name] {
                if let option = byKey[key] {
                    throw SchemaError.conflict(
                        "\(context) has '\(key)' but no 'references'; add references: table.column, or remove '\(key)'",
                        at: reader.location(of: option.keyNode))
                }
            }
            return
        }
        try merge(values.onDelete, key: Key.onDelete.name, into: &declared.reference!.onDelete, byKey: byKey, in: context)
        try merge(values.onUpdate, key: Key.onUpdate.name, into: &declared.reference!.onUpdate, byKey: byKey, in: context)
    }

    // MARK: Values

    /// The type as written; it cannot be empty.
    private func columnType(of entry: YAMLEntry, in context: String) throws -> String {
        let type = try reader.string(entry.value, key: entry.key, in: context,
                                     expected: "a type name such as TEXT")
        if SQLText.trimmed(type).isEmpty {
            throw SchemaError.invalidValue(
                type, for: "type", in: context,
                reason: "the type cannot be empty; leave 'type' out for a column with no type",
                at: reader.location(of: entry.value))
        }
        if let problem = SchemaFormat.typeNameProblem(type) {
            throw SchemaError.invalidValue(type, for: "type", in: context, reason: problem,
                                           at: reader.location(of: entry.value))
        }
        return type
    }

    /// A `default:` literal, typed by the YAML core schema.
    private func defaultValue(_ entry: YAMLEntry, in context: String) throws -> DefaultValue {
        guard case .scalar(let scalar) = entry.value else {
            throw SchemaError.wrongType(
                entry.key, in: context, expected: "a literal: a number, text, true, false or null "
                    + "(use 'default_sql' for an SQL expression)",
                found: reader.describe(entry.value), at: reader.location(of: entry.value))
        }
        switch DefaultValue.reading(yaml: scalar.string, isQuoted: reader.isQuoted(scalar)) {
        case .value(let value):
            return value
        case .unrepresentable(let reason):
            throw SchemaError.invalidValue(scalar.string, for: entry.key, in: context, reason: reason,
                                           at: reader.location(of: entry.value))
        }
    }

    /// `references: table.column`, `references: table`, or the mapping form.
    private func reference(_ entry: YAMLEntry, in context: String) throws -> PendingReference {
        if case .scalar = entry.value, !reader.isNull(entry.value) {
            let text = try reader.name(entry.value, key: entry.key, in: context)
            return PendingReference(target: .dotted(Located(value: text, node: entry.value)))
        }
        let referenceContext = "'references' of \(context)"
        try ConstraintNameReader(reader: reader).refuseConflictClause(in: entry.value, of: .foreignKey, in: referenceContext)
        let entries = try reader.entries(
            of: entry.value, key: entry.key, in: context, owner: referenceContext, allowed: Self.referenceKeys,
            expected: "table.column, or a mapping with 'table' and 'column'")
        var table: Located<String>?
        var column: Located<String>?
        var onDelete: ForeignKeyAction?
        var onUpdate: ForeignKeyAction?
        var isDeferred = false
        var name: Located<String?>?
        for option in entries {
            switch option.key {
            case SchemaFormat.Reference.name.name:
                name = try ConstraintNameReader(reader: reader).name(option, in: referenceContext)
            case SchemaFormat.Reference.table.name:
                table = Located(value: try reader.name(option.value, key: option.key, in: referenceContext), node: option.value)
            case SchemaFormat.Reference.column.name:
                column = Located(value: try reader.name(option.value, key: option.key, in: referenceContext), node: option.value)
            case SchemaFormat.Reference.onDelete.name: onDelete = try Self.action(option, reader: reader, in: referenceContext)
            case SchemaFormat.Reference.onUpdate.name: onUpdate = try Self.action(option, reader: reader, in: referenceContext)
            case SchemaFormat.Reference.deferrable.name: isDeferred = try reader.bool(option, in: referenceContext)
            default: break
            }
        }
        guard let table else {
            throw SchemaError.missingKey("table", in: referenceContext, at: reader.location(of: entry.value))
        }
        return PendingReference(target: .mapping(table: table, column: column), onDelete: onDelete,
                                onUpdate: onUpdate, isDeferred: isDeferred, name: name)
    }

    /// Puts a column-level action into the reference, unless the `references` mapping has one too.
    private func merge(_ action: ForeignKeyAction?, key: String, into target: inout ForeignKeyAction?,
                       byKey: [String: YAMLEntry], in context: String) throws {
        guard let action, let option = byKey[key] else { return }
        if target != nil {
            throw SchemaError.conflict(
                "\(context) has '\(key)' both on the column and inside 'references'; keep one",
                at: reader.location(of: option.keyNode))
        }
        target = action
    }

    // MARK: Shared helpers

    /// An `on_delete`/`on_update` action (`CASCADE`, `set null`, `SET_NULL`…).
    static func action(_ entry: YAMLEntry, reader: YAMLReader, in context: String) throws -> ForeignKeyAction {
        let text = try reader.string(entry, in: context, expected: "an action such as CASCADE")
        guard let action = ForeignKeyAction(sql: text) else {
            let valid = ForeignKeyAction.allCases.map(\.sql).joined(separator: ", ")
            throw SchemaError.invalidValue(text, for: entry.key, in: context, reason: "expected one of \(valid)",
                                           at: reader.location(of: entry.value))
        }
        return action
    }

    /// Why `renamed_from` cannot name the object itself.
    static func renamedFromSelfReason(_ old: String, _ name: String) -> String {
        if old == name { return "it is the object's own name; remove it" }
        return "'\(old)' and '\(name)' are the same name to SQLite, which ignores letter case; "
            + "remove it (the reconciler fixes the spelling by itself)"
    }
}
