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

    /// Reads the column named by `entry.key`.
    func parse(_ entry: YAMLEntry) throws -> DeclaredColumn {
        let name = entry.key
        let context = "column '\(name)' of table '\(tableName)'"
        var column = Schema.Column(name: name)
        var declared = DeclaredColumn(column: column, keyNode: entry.keyNode, entries: [:], renamedFrom: [])

        if case .scalar = entry.value, !reader.isNull(entry.value) {
            column.type = try columnType(of: entry, in: context)
            declared.column = column
            declared.entries = ["type": YAMLEntry(key: "type", keyNode: entry.keyNode, value: entry.value)]
            return declared
        }
        let entries = try reader.entries(
            of: entry.value, key: name, in: "table '\(tableName)'", owner: context, allowed: Self.keys,
            expected: "a type such as TEXT, or a mapping of column keys ({} for a column with no type)")
        var byKey: [String: YAMLEntry] = [:]
        var defaultLiteral: DefaultValue?
        var defaultSQL: String?
        var storedIsSet = false
        var isStored = false
        var generated: String?
        var onDelete: ForeignKeyAction?
        var onUpdate: ForeignKeyAction?
        for option in entries {
            byKey[option.key] = option
            switch option.key {
            case SchemaFormat.Column.type.name: column.type = try columnType(of: option, in: context)
            case SchemaFormat.Column.primaryKey.name: column.isPrimaryKey = try reader.bool(option, in: context)
            case SchemaFormat.Column.autoincrement.name: column.isAutoincrement = try reader.bool(option, in: context)
            case SchemaFormat.Column.notNull.name: column.isNotNull = try reader.bool(option, in: context)
            case SchemaFormat.Column.unique.name: column.isUnique = try reader.bool(option, in: context)
            case SchemaFormat.Column.defaultValue.name: defaultLiteral = try defaultValue(option, in: context)
            case SchemaFormat.Column.defaultSQL.name: defaultSQL = try reader.text(option, in: context, expected: "an SQL expression")
            case SchemaFormat.Column.collate.name: column.collation = try reader.text(option, in: context, expected: "a collation name")
            case SchemaFormat.Column.check.name: column.check = try reader.text(option, in: context, expected: "an SQL expression")
            case SchemaFormat.Column.references.name: declared.reference = try reference(option, in: context)
            case SchemaFormat.Column.onDelete.name: onDelete = try Self.action(option, reader: reader, in: context)
            case SchemaFormat.Column.onUpdate.name: onUpdate = try Self.action(option, reader: reader, in: context)
            case SchemaFormat.Column.generated.name: generated = try reader.text(option, in: context, expected: "an SQL expression")
            case SchemaFormat.Column.stored.name:
                storedIsSet = true
                isStored = try reader.bool(option, in: context)
            case SchemaFormat.Column.renamedFrom.name:
                declared.renamedFrom = try reader.nameOrNameList(option, in: context).map {
                    Located(value: $0.name, node: $0.node)
                }
            default: break
            }
        }
        declared.entries = byKey

        // Checks on the column alone.
        if let option = byKey["default_sql"], byKey["default"] != nil {
            throw SchemaError.conflict(
                "\(context) has both 'default' and 'default_sql'; keep one "
                    + "('default' for a literal value, 'default_sql' for an SQL expression)",
                at: reader.location(of: option.keyNode))
        }
        column.defaultValue = defaultSQL.map(DefaultValue.sql) ?? defaultLiteral
        if storedIsSet, generated == nil, let option = byKey["stored"] {
            throw SchemaError.conflict(
                "\(context) has 'stored' but no 'generated'; 'stored' says how a generated column is kept",
                at: reader.location(of: option.keyNode))
        }
        if let expression = generated, let option = byKey["generated"] {
            for other in ["default", "default_sql"] where byKey[other] != nil {
                throw SchemaError.conflict(
                    "\(context) is generated, so it cannot also have '\(other)'; remove one of them",
                    at: reader.location(of: option.keyNode))
            }
            if column.isPrimaryKey {
                throw SchemaError.conflict(
                    "\(context) is generated, so it cannot be a primary key; SQLite does not allow it",
                    at: reader.location(of: option.keyNode))
            }
            column.generated = GeneratedColumn(expression: expression, isStored: isStored)
        }
        if declared.reference == nil {
            for key in ["on_delete", "on_update"] {
                if let option = byKey[key] {
                    throw SchemaError.conflict(
                        "\(context) has '\(key)' but no 'references'; add references: table.column, or remove '\(key)'",
                        at: reader.location(of: option.keyNode))
                }
            }
        } else {
            try merge(onDelete, key: "on_delete", into: &declared.reference!.onDelete, byKey: byKey, in: context)
            try merge(onUpdate, key: "on_update", into: &declared.reference!.onUpdate, byKey: byKey, in: context)
        }
        for old in declared.renamedFrom where old.value.isSameName(as: name) {
            throw SchemaError.invalidValue(
                old.value, for: "renamed_from", in: context,
                reason: Self.renamedFromSelfReason(old.value, name), at: reader.location(of: old.node))
        }
        column.renamedFrom = declared.renamedFrom.map(\.value)
        declared.column = column
        return declared
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
        let entries = try reader.entries(
            of: entry.value, key: entry.key, in: context, owner: referenceContext, allowed: Self.referenceKeys,
            expected: "table.column, or a mapping with 'table' and 'column'")
        var table: Located<String>?
        var column: Located<String>?
        var onDelete: ForeignKeyAction?
        var onUpdate: ForeignKeyAction?
        var isDeferred = false
        for option in entries {
            switch option.key {
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
                                onUpdate: onUpdate, isDeferred: isDeferred)
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
