import Yams

// MARK: - ConstraintNameReader

/// Reads the forms of schema.yaml that name a constraint: `name` itself (a name, or `null` for
/// none), a column's `primary_key` or `unique` written `{ name: … }`, a check written
/// `{ expression, name }`, and a table's key written `{ columns, name }`.
///
/// ```swift
/// let names = ConstraintNameReader(reader: reader)
/// let unique = try names.columnKey(entry, in: "column 'email' of table 'users'")
/// unique.isOn        // true for `unique: true` and `unique: { name: users_email_key }`
/// unique.name?.value // "users_email_key"
/// ```
struct ConstraintNameReader {
    /// Reads the nodes.
    var reader: YAMLReader

    // MARK: Names

    /// A `name:` value: the name, or nil for `name: null` (a constraint without a name).
    func name(_ entry: YAMLEntry, in context: String) throws -> Located<String?> {
        if reader.isNull(entry.value) { return Located(value: nil, node: entry.value) }
        return Located(value: try reader.name(entry.value, key: entry.key, in: context), node: entry.value)
    }

    // MARK: Forms

    /// A column's `primary_key` or `unique`: `true` or `false`, or `{ name: … }` for a named
    /// constraint (which is on).
    func columnKey(_ entry: YAMLEntry, in context: String) throws -> (isOn: Bool, name: Located<String?>?) {
        guard case .mapping = entry.value else { return (try reader.bool(entry, in: context), nil) }
        let form = try mapping(entry, in: context, keys: SchemaFormat.ColumnKey.all, required: SchemaFormat.ColumnKey.name,
                               expected: "true, false, or a mapping with 'name'")
        return (true, try name(form.required, in: form.owner))
    }

    /// A CHECK: its expression, or `{ expression, name }`. `entry.key` names it in messages.
    func check(_ entry: YAMLEntry, in context: String) throws -> (expression: String, name: Located<String?>?) {
        let expected = "an SQL expression, or a mapping with 'expression'"
        guard case .mapping = entry.value else { return (try reader.text(entry, in: context, expected: expected), nil) }
        let form = try mapping(entry, in: context, keys: SchemaFormat.Check.all, required: SchemaFormat.Check.expression,
                               expected: expected)
        return (try reader.text(form.required, in: form.owner, expected: "an SQL expression"), form.name)
    }

    /// A table's key: a column list as written, or `{ columns, name }`. Returns the entry of
    /// the column list (keyed as `entry`, for messages) and the name.
    func key(_ entry: YAMLEntry, in context: String, example: String) throws -> (columns: YAMLEntry, name: Located<String?>?) {
        guard case .mapping = entry.value else { return (entry, nil) }
        let form = try mapping(entry, in: context, keys: SchemaFormat.KeyConstraint.all,
                               required: SchemaFormat.KeyConstraint.columns,
                               expected: "a list such as \(example), or a mapping with 'columns'")
        return (YAMLEntry(key: entry.key, keyNode: form.required.keyNode, value: form.required.value), form.name)
    }

    // MARK: The mapping forms

    /// A mapping form: its keys among `keys`, the entry of `required` (which it must have), and
    /// its `name`; `owner` is how messages name the mapping (`'unique' of column 'email' of …`).
    private func mapping(_ entry: YAMLEntry, in context: String, keys: [SchemaFormat.Key], required: SchemaFormat.Key,
                         expected: String) throws -> (required: YAMLEntry, name: Located<String?>?, owner: String) {
        let owner = "'\(entry.key)' of \(context)"
        let entries = try reader.entries(of: entry.value, key: entry.key, in: context, owner: owner, allowed: keys.names,
                                         expected: expected)
        guard let requiredEntry = entries.first(where: { $0.key == required.name }) else {
            throw SchemaError.missingKey(required.name, in: owner, at: reader.location(of: entry.value))
        }
        let nameEntry = entries.first { $0.key == "name" && $0.key != required.name }
        return (requiredEntry, try nameEntry.map { try name($0, in: owner) }, owner)
    }
}
