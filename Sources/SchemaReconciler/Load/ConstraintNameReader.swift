import Yams

// MARK: - ConstraintNameReader

/// Reads the forms of schema.yaml that name a constraint or give it a conflict clause: `name`
/// itself (a name, or `null` for none), `on_conflict` (a resolution), a column's `primary_key`,
/// `not_null` or `unique` written `{ name, on_conflict }`, a check written `{ expression, name }`,
/// and a table's key written `{ columns, name, on_conflict }`.
///
/// ```swift
/// let names = ConstraintNameReader(reader: reader)
/// let unique = try names.columnKey(entry, in: "column 'email' of table 'users'")
/// unique.isOn            // true for `unique: true` and `unique: { name: users_email_key }`
/// unique.name?.value     // "users_email_key"
/// unique.conflict?.value // .ignore for `unique: { on_conflict: ignore }`
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

    /// An `on_conflict:` value: one of SQLite's resolutions, in any letter case.
    func conflict(_ entry: YAMLEntry, in context: String) throws -> Located<ConflictResolution> {
        let words = ConflictResolution.allCases.map(\.name)
        let text = try reader.string(entry, in: context, expected: "a conflict resolution such as replace")
        guard let resolution = ConflictResolution(sql: text) else {
            throw SchemaError.invalidValue(text, for: entry.key, in: context,
                                           reason: "expected one of \(words.joined(separator: ", "))",
                                           at: reader.location(of: entry.value))
        }
        return Located(value: resolution, node: entry.value)
    }

    // MARK: Forms

    /// What a column's `primary_key`, `not_null` or `unique` says: whether the constraint is on,
    /// and the name and conflict resolution its mapping form gives it.
    struct ColumnKey {
        /// Whether the column has the constraint: `true`, or any mapping form.
        var isOn: Bool
        /// The `name` of the mapping form, nil when it has none.
        var name: Located<String?>?
        /// The `on_conflict` of the mapping form, nil when it has none.
        var conflict: Located<ConflictResolution>?
    }

    /// A column's `primary_key`, `not_null` or `unique`: `true` or `false`, or
    /// `{ name: …, on_conflict: … }` (which is on, and holds at least one of the two).
    func columnKey(_ entry: YAMLEntry, in context: String) throws -> ColumnKey {
        guard case .mapping = entry.value else { return ColumnKey(isOn: try reader.bool(entry, in: context)) }
        let expected = "true, false, or a mapping with 'name' or 'on_conflict'"
        let form = try mapping(entry, in: context, keys: SchemaFormat.ColumnKey.all, expected: expected)
        guard form.name != nil || form.conflict != nil else {
            throw SchemaError.invalidValue("{}", for: entry.key, in: context,
                                           reason: "write true, or give the mapping 'name' or 'on_conflict'",
                                           at: reader.location(of: entry.value))
        }
        return ColumnKey(isOn: true, name: form.name, conflict: form.conflict)
    }

    /// A CHECK: its expression, or `{ expression, name }`. `entry.key` names it in messages.
    func check(_ entry: YAMLEntry, in context: String) throws -> (expression: String, name: Located<String?>?) {
        let expected = "an SQL expression, or a mapping with 'expression'"
        guard case .mapping = entry.value else { return (try reader.text(entry, in: context, expected: expected), nil) }
        try refuseConflictClause(in: entry.value, of: .check, in: "'\(entry.key)' of \(context)")
        let form = try mapping(entry, in: context, keys: SchemaFormat.Check.all, expected: expected)
        let expression = try form.entry(SchemaFormat.Check.expression, of: entry, reader: reader)
        return (try reader.text(expression, in: form.owner, expected: "an SQL expression"), form.name)
    }

    /// A table's key: a column list as written, or `{ columns, name, on_conflict }`. Returns the
    /// entry of the column list (keyed as `entry`, for messages), the name and the resolution.
    func key(_ entry: YAMLEntry, in context: String, example: String)
        throws -> (columns: YAMLEntry, name: Located<String?>?, conflict: Located<ConflictResolution>?) {
        guard case .mapping = entry.value else { return (entry, nil, nil) }
        let form = try mapping(entry, in: context, keys: SchemaFormat.KeyConstraint.all,
                               expected: "a list such as \(example), or a mapping with 'columns'")
        let columns = try form.entry(SchemaFormat.KeyConstraint.columns, of: entry, reader: reader)
        return (YAMLEntry(key: entry.key, keyNode: columns.keyNode, value: columns.value), form.name, form.conflict)
    }

    // MARK: Where SQLite has no conflict clause

    /// The constraints that take no `on_conflict`.
    enum WithoutConflictClause {
        /// A CHECK: SQLite reads an ON CONFLICT after it, and ignores it.
        case check
        /// A foreign key: SQLite has no conflict clause for it.
        case foreignKey

        /// Why it takes none.
        var reason: String {
            switch self {
            case .check: "SQLite accepts ON CONFLICT after a CHECK and ignores it: a failing CHECK always aborts"
            case .foreignKey: "SQLite gives a foreign key no conflict clause"
            }
        }
    }

    /// Throws at an `on_conflict` in `node`, a mapping that declares `constraint`, which takes
    /// none; `owner` names the mapping in the message.
    func refuseConflictClause(in node: Node, of constraint: WithoutConflictClause, in owner: String) throws {
        let onConflict = SchemaFormat.ColumnKey.onConflict.name
        guard case .mapping(let mapping) = node, let keyNode = mapping.keys.first(where: { $0.string == onConflict }) else {
            return
        }
        let what = constraint == .check ? "a CHECK constraint" : "a foreign key"
        throw SchemaError.conflict(
            "\(owner) has '\(onConflict)', but \(what) takes none (\(constraint.reason)); \(onConflict) goes on "
                + "primary_key, not_null or unique", at: reader.location(of: keyNode))
    }

    // MARK: The mapping forms

    /// A mapping form as read: its entries, its `name` and its `on_conflict`, and how messages
    /// name it (`'unique' of column 'email' of …`).
    private struct Form {
        var entries: [YAMLEntry]
        var name: Located<String?>?
        var conflict: Located<ConflictResolution>?
        var owner: String

        /// The entry of `key`, which the form must have.
        func entry(_ key: SchemaFormat.Key, of form: YAMLEntry, reader: YAMLReader) throws -> YAMLEntry {
            guard let entry = entries.first(where: { $0.key == key.name }) else {
                throw SchemaError.missingKey(key.name, in: owner, at: reader.location(of: form.value))
            }
            return entry
        }
    }

    /// A mapping form, its keys among `keys`.
    private func mapping(_ entry: YAMLEntry, in context: String, keys: [SchemaFormat.Key], expected: String) throws -> Form {
        let owner = "'\(entry.key)' of \(context)"
        let entries = try reader.entries(of: entry.value, key: entry.key, in: context, owner: owner, allowed: keys.names,
                                         expected: expected)
        let nameEntry = entries.first { $0.key == SchemaFormat.ColumnKey.name.name }
        let conflictEntry = entries.first { $0.key == SchemaFormat.ColumnKey.onConflict.name }
        return Form(entries: entries, name: try nameEntry.map { try name($0, in: owner) },
                    conflict: try conflictEntry.map { try conflict($0, in: owner) }, owner: owner)
    }
}
