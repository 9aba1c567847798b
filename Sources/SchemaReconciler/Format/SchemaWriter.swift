import Foundation
import Yams

// MARK: - SchemaWriter

/// Writes a schema as schema.yaml, with the keys of ``SchemaFormat`` and the short forms where
/// they say the same (`nickname: TEXT`, `users_by_team: [team_id]`): the text the loader reads
/// back as the same schema. What the format cannot say about an object is left out of it and
/// written as a comment above it, and listed in ``notes``.
///
/// ```swift
/// var writer = SchemaWriter(version: "1.0.0")
/// let yaml = writer.yaml(for: liveSchema)
/// writer.notes // what the file could not declare
/// ```
package struct SchemaWriter {
    /// The app version written as `version`.
    package var version: SemanticVersion
    /// What the format cannot say, found while writing.
    package private(set) var notes: [UndeclarableClause] = []
    /// The `legacy` section to write last, under a comment (see `SchemaWriter+Legacy.swift`).
    package var legacy: LegacyVersionMap?
    /// The records of `legacy` to write after its entries without a version, for the user to
    /// fill in (`v1:`): GRDB's migrations, whose releases only the app's history knows.
    package var legacyRecordsWithoutVersion: [LegacyRecord.Value] = []
    /// The comments to write above each object, by its section and position in it.
    private var comments: [Section: [Int: [String]]] = [:]

    /// The sections of the file, in the order they are written.
    private enum Section: String, CaseIterable {
        case tables, virtualTables = "virtual_tables", views, triggers
    }

    /// Creates a writer.
    package init(version: SemanticVersion) {
        self.version = version
    }

    // MARK: Writing

    /// The file for `schema`.
    package mutating func yaml(for schema: Schema) -> String {
        notes = []
        comments = [:]
        var pairs: [(Node, Node)] = [(key(SchemaFormat.TopLevel.version), plain(version.description))]
        pairs.append((key(SchemaFormat.TopLevel.tables), block(schema.tables.enumerated().map { position, table in
            (name(table.name), self.table(table, position: position, in: schema))
        })))
        if !schema.virtualTables.isEmpty {
            pairs.append((key(SchemaFormat.TopLevel.virtualTables), block(schema.virtualTables.map { table in
                (name(table.name), text(table.module + "(" + table.arguments.joined(separator: ", ") + ")"))
            })))
        }
        if !schema.views.isEmpty {
            pairs.append((key(SchemaFormat.TopLevel.views), block(schema.views.map { (name($0.name), view($0)) })))
        }
        let triggers = schema.triggers.enumerated().filter { position, trigger in
            guard schema.table(named: trigger.table) == nil, schema.view(named: trigger.table) == nil else { return true }
            note(.trigger, trigger.name, clause: "attached to \(trigger.table), which the file cannot declare",
                 section: .triggers, position: position)
            return false
        }
        if !triggers.isEmpty {
            pairs.append((key(SchemaFormat.TopLevel.triggers), block(triggers.map { (name($0.element.name), text($0.element.sql)) })))
        }
        if let legacy { pairs.append(legacyPair(legacy)) }
        let body = (try? Yams.serialize(node: .mapping(Node.Mapping(pairs, .implicit, .block)), indent: 2, width: -1,
                                        allowUnicode: true)) ?? ""
        return commentingLegacy(layout(body))
    }

    // MARK: Tables

    private mutating func table(_ table: Schema.Table, position: Int, in schema: Schema) -> Node {
        let declaredNames = table.keptClauses.names.keys.filter { Self.declaresName(of: $0, in: table, schema: schema) }
        for clause in Self.keptClauses(of: table, leavingOut: Set(declaredNames)) {
            note(.table, table.name, clause: clause, section: .tables, position: position)
        }
        let names = table.keptClauses.names
        let keyOnColumn = table.primaryKey.count == 1
        var pairs: [(Node, Node)] = [(key(SchemaFormat.Table.columns), block(table.columns.map { column in
            (name(column.name), self.column(column, of: table, keyOnColumn: keyOnColumn, position: position, in: schema))
        }))]
        if table.isStrict { pairs.append((key(SchemaFormat.Table.strict), plain("true"))) }
        if table.isWithoutRowID { pairs.append((key(SchemaFormat.Table.withoutRowID), plain("true"))) }
        if table.primaryKey.count > 1 {
            pairs.append((key(SchemaFormat.Table.primaryKey), key(table.primaryKey, as: .primaryKey(columns: table.primaryKey), of: table)))
        }
        if !table.uniqueConstraints.isEmpty {
            let mappings = table.uniqueConstraints.contains { !clauses(of: .unique(columns: $0), in: table).isEmpty }
            pairs.append((key(SchemaFormat.Table.unique), .sequence(Node.Sequence(table.uniqueConstraints.map { columns in
                key(columns, as: .unique(columns: columns), of: table)
            }, .implicit, mappings ? .block : .flow))))
        }
        if !table.checks.isEmpty {
            pairs.append((key(SchemaFormat.Table.checks), .sequence(Node.Sequence(table.checks.map { check in
                self.check(check, named: names[.check(expression: check)])
            }, .implicit, .block))))
        }
        let foreignKeys = table.foreignKeys.filter { declarable($0.table, $0.referencedColumns, columns: $0.columns.count,
                                                                 of: table, position: position, in: schema) }
        if !foreignKeys.isEmpty {
            pairs.append((key(SchemaFormat.Table.foreignKeys), .sequence(Node.Sequence(foreignKeys.map { foreignKey in
                self.foreignKey(foreignKey, named: names[.foreignKey(columns: foreignKey.columns)])
            }, .implicit, .block))))
        }
        if !table.indexes.isEmpty {
            pairs.append((key(SchemaFormat.Table.indexes), block(table.indexes.map { (name($0.name), index($0)) })))
        }
        return block(pairs)
    }

    private mutating func column(_ column: Schema.Column, of table: Schema.Table, keyOnColumn: Bool, position: Int,
                                 in schema: Schema) -> Node {
        var pairs: [(Node, Node)] = []
        let names = table.keptClauses.names
        if let type = column.type {
            if SchemaFormat.typeNameProblem(type) == nil {
                pairs.append((key(SchemaFormat.Column.type), text(type)))
            } else {
                note(.column, "\(table.name).\(column.name)", clause: "type \(type)", section: .tables, position: position)
            }
        }
        let isKey = column.isPrimaryKey || (keyOnColumn && table.primaryKey[0].isSameName(as: column.name))
        if isKey { pairs.append((key(SchemaFormat.Column.primaryKey), columnKey(.primaryKey(columns: [column.name]), of: table))) }
        if column.isAutoincrement { pairs.append((key(SchemaFormat.Column.autoincrement), plain("true"))) }
        if column.isNotNull { pairs.append((key(SchemaFormat.Column.notNull), columnKey(.notNull(column: column.name), of: table))) }
        if column.isUnique { pairs.append((key(SchemaFormat.Column.unique), columnKey(.unique(columns: [column.name]), of: table))) }
        if let value = column.defaultValue { pairs.append(defaultValue(value)) }
        if let collation = column.collation { pairs.append((key(SchemaFormat.Column.collate), text(collation))) }
        if let check = column.check {
            pairs.append((key(SchemaFormat.Column.check), self.check(check, named: names[.check(expression: check)])))
        }
        if let reference = column.reference,
           declarable(reference.table, reference.column.map { [$0] } ?? [], columns: 1, of: table, position: position, in: schema) {
            pairs += self.reference(reference, named: names[.foreignKey(columns: [column.name])])
        }
        if let generated = column.generated {
            pairs.append((key(SchemaFormat.Column.generated), text(generated.expression)))
            if generated.isStored { pairs.append((key(SchemaFormat.Column.stored), plain("true"))) }
        }
        // The short forms: the type alone, or nothing at all.
        if pairs.isEmpty { return .mapping(Node.Mapping([], .implicit, .flow)) }
        if pairs.count == 1, let type = column.type, pairs[0].0 == key(SchemaFormat.Column.type) {
            return text(type)
        }
        return .mapping(Node.Mapping(pairs, .implicit, .flow))
    }

    /// `default: literal` when the loader reads the literal back as the same value and SQLite
    /// gets the same text; `default_sql: text` otherwise.
    private func defaultValue(_ value: DefaultValue) -> (Node, Node) {
        switch value {
        case .sql(let expression):
            return (key(SchemaFormat.Column.defaultSQL), text(expression))
        case .text(let string):
            return (key(SchemaFormat.Column.defaultValue), text(string, quotedUnless: .value(.text(string))))
        case .null, .integer, .real, .boolean:
            let written = value == .null ? "null" : value.displayText
            if DefaultValue.reading(yaml: written, isQuoted: false) == .value(value) {
                return (key(SchemaFormat.Column.defaultValue), plain(written))
            }
            return (key(SchemaFormat.Column.defaultSQL), text(value.sqlExpression))
        }
    }

    /// `references: parent.column` (or the parent alone) with `on_delete`/`on_update`; the
    /// mapping form when the names hold dots, the key is deferrable or has a name.
    private func reference(_ reference: ColumnReference, named constraintName: String?) -> [(Node, Node)] {
        var actions: [(Node, Node)] = []
        if let action = reference.onDelete { actions.append((key(SchemaFormat.Column.onDelete), plain(action.sql))) }
        if let action = reference.onUpdate { actions.append((key(SchemaFormat.Column.onUpdate), plain(action.sql))) }
        let dotted = reference.table.contains(".") || (reference.column?.contains(".") ?? false)
        if !dotted && !reference.isDeferred && constraintName == nil {
            let target = reference.column.map { reference.table + "." + $0 } ?? reference.table
            return [(key(SchemaFormat.Column.references), text(target))] + actions
        }
        var pairs: [(Node, Node)] = [(key(SchemaFormat.Reference.table), name(reference.table))]
        if let column = reference.column { pairs.append((key(SchemaFormat.Reference.column), name(column))) }
        pairs += actions
        if reference.isDeferred { pairs.append((key(SchemaFormat.Reference.deferrable), plain("true"))) }
        if let constraintName { pairs.append((key(SchemaFormat.Reference.name), name(constraintName))) }
        return [(key(SchemaFormat.Column.references), .mapping(Node.Mapping(pairs, .implicit, .flow)))]
    }

    private func foreignKey(_ foreignKey: Schema.ForeignKey, named constraintName: String?) -> Node {
        var target: [(Node, Node)] = [(key(SchemaFormat.ForeignKeyReference.table), name(foreignKey.table))]
        if !foreignKey.referencedColumns.isEmpty {
            target.append((key(SchemaFormat.ForeignKeyReference.columns), names(foreignKey.referencedColumns)))
        }
        var pairs: [(Node, Node)] = [
            (key(SchemaFormat.ForeignKey.columns), names(foreignKey.columns)),
            (key(SchemaFormat.ForeignKey.references), .mapping(Node.Mapping(target, .implicit, .flow))),
        ]
        if let action = foreignKey.onDelete { pairs.append((key(SchemaFormat.ForeignKey.onDelete), plain(action.sql))) }
        if let action = foreignKey.onUpdate { pairs.append((key(SchemaFormat.ForeignKey.onUpdate), plain(action.sql))) }
        if foreignKey.isDeferred { pairs.append((key(SchemaFormat.ForeignKey.deferrable), plain("true"))) }
        if let constraintName { pairs.append((key(SchemaFormat.ForeignKey.name), name(constraintName))) }
        return .mapping(Node.Mapping(pairs, .implicit, .flow))
    }

    // MARK: Constraint names and conflict clauses

    /// A column's `primary_key`, `not_null` or `unique`: `true`, or `{ name, on_conflict }` for a
    /// constraint with a name or a conflict clause.
    private func columnKey(_ constraint: KeptClauses.Constraint, of table: Schema.Table) -> Node {
        let pairs = clauses(of: constraint, in: table)
        return pairs.isEmpty ? plain("true") : .mapping(Node.Mapping(pairs, .implicit, .flow))
    }

    /// A table's key: its columns, or `{ columns, name, on_conflict }` for a constraint with a
    /// name or a conflict clause.
    private func key(_ columns: [String], as constraint: KeptClauses.Constraint, of table: Schema.Table) -> Node {
        let pairs = clauses(of: constraint, in: table)
        guard !pairs.isEmpty else { return names(columns) }
        return .mapping(Node.Mapping([(key(SchemaFormat.KeyConstraint.columns), names(columns))] + pairs, .implicit, .flow))
    }

    /// `name` and `on_conflict` of a constraint, those it has.
    private func clauses(of constraint: KeptClauses.Constraint, in table: Schema.Table) -> [(Node, Node)] {
        var pairs: [(Node, Node)] = []
        if let constraintName = table.keptClauses.names[constraint] {
            pairs.append((key(SchemaFormat.ColumnKey.name), name(constraintName)))
        }
        if let resolution = table.conflictResolutions[constraint] {
            pairs.append((key(SchemaFormat.ColumnKey.onConflict), plain(resolution.name)))
        }
        return pairs
    }

    /// A CHECK: its expression, or `{ expression, name }` for a named constraint.
    private func check(_ expression: String, named constraintName: String?) -> Node {
        guard let constraintName else { return text(expression) }
        return .mapping(Node.Mapping([(key(SchemaFormat.Check.expression), text(expression)),
                                      (key(SchemaFormat.Check.name), name(constraintName))], .implicit, .flow))
    }

    /// Whether the file written gives the constraint its name: a primary key, NOT NULL, UNIQUE or
    /// CHECK always, a foreign key when the file can declare it.
    private static func declaresName(of constraint: KeptClauses.Constraint, in table: Schema.Table, schema: Schema) -> Bool {
        switch constraint.kind {
        case .notNull, .primaryKey, .unique, .check: return true
        case .foreignKey:
            guard let foreignKey = table.allForeignKeys.first(where: { $0.columns.map(\.sqlName) == constraint.columns }) else {
                return false
            }
            return foreignKeyProblem(foreignKey.table, foreignKey.referencedColumns, columns: foreignKey.columns.count,
                                     in: schema) == nil
        }
    }

    /// Whether a foreign key can be declared: its parent is a table of the file, and the parent
    /// key is the parent's primary key or unique, as the loader requires (SQLite accepts others
    /// at CREATE, and fails later with "foreign key mismatch"). A note says why when it cannot.
    private mutating func declarable(_ parent: String, _ parentColumns: [String], columns: Int, of table: Schema.Table,
                                     position: Int, in schema: Schema) -> Bool {
        guard let problem = Self.foreignKeyProblem(parent, parentColumns, columns: columns, in: schema) else { return true }
        let clause = "REFERENCES \(parent)" + (parentColumns.isEmpty ? "" : " (\(parentColumns.joined(separator: ", ")))")
        note(.table, table.name, clause: "\(clause): \(problem)", section: .tables, position: position)
        return false
    }

    /// Why a foreign key cannot be declared (see ``declarable(_:_:columns:of:position:in:)``), nil when it can.
    private static func foreignKeyProblem(_ parent: String, _ parentColumns: [String], columns: Int, in schema: Schema) -> String? {
        guard let parentTable = schema.table(named: parent) else { return "there is no table \(parent)" }
        return parentTable.parentKeyProblem(columns: parentColumns, childColumns: columns)
    }

    // MARK: Indexes and views

    private func index(_ index: Schema.Index) -> Node {
        let terms = Node.sequence(Node.Sequence(index.terms.map { text($0.text) }, .implicit, .flow))
        if !index.isUnique && index.condition == nil { return terms }
        var pairs: [(Node, Node)] = [(key(SchemaFormat.Index.columns), terms)]
        if index.isUnique { pairs.append((key(SchemaFormat.Index.unique), plain("true"))) }
        if let condition = index.condition { pairs.append((key(SchemaFormat.Index.condition), text(condition))) }
        return .mapping(Node.Mapping(pairs, .implicit, .flow))
    }

    private func view(_ view: Schema.View) -> Node {
        guard !view.columnNames.isEmpty else { return text(view.select) }
        return block([(key(SchemaFormat.View.columns), names(view.columnNames)), (key(SchemaFormat.View.select), text(view.select))])
    }

    // MARK: Notes

    private mutating func note(_ kind: SchemaObject.Kind, _ name: String, clause: String, section: Section, position: Int) {
        let note = UndeclarableClause(kind: kind, name: name, clause: clause)
        notes.append(note)
        comments[section, default: [:]][position, default: []].append("# not declarable: \(note)")
    }

    /// What a live table's definition says that the format has no key for: names of
    /// constraints but those in `declaredNames` (which the file gives them), and key terms with
    /// COLLATE or DESC (a sync keeps them all).
    static func keptClauses(of table: Schema.Table, leavingOut declaredNames: Set<KeptClauses.Constraint> = []) -> [String] {
        let kept = table.keptClauses
        let describe = { (constraint: KeptClauses.Constraint) in constraint.description(in: table) }
        var clauses = kept.names.filter { !declaredNames.contains($0.key) }.map { constraint, name in
            "CONSTRAINT \(SQLText.quote(name)) on \(describe(constraint))"
        }
        clauses += kept.keyTerms.map { constraint, terms in
            let kind = constraint.kind == .primaryKey ? "PRIMARY KEY" : "UNIQUE"
            return "\(kind) (\(terms.map { SQLText.quote($0.column) + ($0.suffix.isEmpty ? "" : " " + $0.suffix) }.joined(separator: ", ")))"
        }
        return clauses.sorted()
    }

    // MARK: Layout

    /// A blank line between the sections and between the tables, and the notes above the
    /// objects they are about.
    private func layout(_ body: String) -> String {
        var lines: [String] = ["# schema.yaml written by `reconcile inspect`. Review it: the schema is as the database has it."]
        var section: Section?
        var position = -1
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let first = line.first, first != " " {
                lines.append("")
                section = Section.allCases.first { line.hasPrefix($0.rawValue + ":") }
                position = -1
            } else if let section, line.hasPrefix("  "), !line.hasPrefix("   ") {
                position += 1
                if section == .tables && position > 0 { lines.append("") }
                lines += (comments[section]?[position] ?? []).map { "  " + $0 }
            }
            lines.append(line)
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Nodes

    private func key(_ key: SchemaFormat.Key) -> Node { plain(key.name) }

    private func plain(_ string: String) -> Node {
        .scalar(Node.Scalar(string, .implicit, .plain))
    }

    /// A name: quoted when YAML would read it plain as anything but text (null, `<<`…).
    private func name(_ string: String) -> Node {
        text(string)
    }

    /// Text that the loader reads as this same text: plain when YAML allows it and reads it so,
    /// quoted otherwise; a literal block when it spans lines.
    private func text(_ string: String, quotedUnless reading: DefaultValue.YAMLReading? = nil) -> Node {
        if string.contains("\n") {
            return .scalar(Node.Scalar(string, .implicit, .literal))
        }
        let ambiguous = SchemaFormat.nullSpellings.contains(string) || string == "<<" || string != string.trimmingCharacters(in: .whitespaces)
            || reading.map { DefaultValue.reading(yaml: string, isQuoted: false) != $0 } ?? false
        return .scalar(Node.Scalar(string, .implicit, ambiguous ? .singleQuoted : .plain))
    }

    private func names(_ list: [String]) -> Node {
        .sequence(Node.Sequence(list.map(name), .implicit, .flow))
    }

    private func block(_ pairs: [(Node, Node)]) -> Node {
        .mapping(Node.Mapping(pairs, .implicit, .block))
    }
}
