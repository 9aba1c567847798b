// MARK: - SchemaFormat

/// The keys of schema.yaml, declared once: the loader accepts these and no others, the writer
/// of `reconcile inspect` writes them, and the JSON Schema for editors describes them.
///
/// Each key carries its name, the kind of value it takes and what it says:
///
/// ```swift
/// SchemaFormat.Column.all.names          // ["type", "primary_key", …]
/// SchemaFormat.Column.notNull.summary    // "NOT NULL: true or false."
/// SchemaFormat.Column.notNull.kind       // .boolean
/// SchemaFormat.Mapping.table.requiredKeys.names // ["columns"]
/// ```
package enum SchemaFormat {
    /// One key: its name, the kind of value it takes, and what it says.
    ///
    /// ```swift
    /// let key = Key("not_null", .boolean, "NOT NULL: true or false.")
    /// let required = Key("columns", .dictionary(keyedBy: .name, of: .mapping(of: .column)),
    ///                    required: true, "Column name → column.")
    /// ```
    package struct Key: Sendable, Hashable {
        /// The key as written.
        package var name: String
        /// The kind of value it takes.
        package var kind: ValueKind
        /// Whether the mapping that allows the key must have it.
        package var isRequired: Bool
        /// What it says, in one sentence.
        package var summary: String

        init(_ name: String, _ kind: ValueKind, required: Bool = false, _ summary: String) {
            self.name = name
            self.kind = kind
            self.isRequired = required
            self.summary = summary
        }
    }

    // MARK: Value kinds

    /// The kind of value a key takes, as the loader reads it. Every scalar of the file is read
    /// as text first; the kind says which texts, lists and mappings are accepted.
    ///
    /// ```swift
    /// SchemaFormat.Column.renamedFrom.kind // .names: old_name or [older, old]
    /// SchemaFormat.Table.indexes.kind      // name → [columns] or {columns, unique, where, …}
    /// ```
    package indirect enum ValueKind: Sendable, Hashable {
        /// `true` or `false` (`True`, `TRUE`, `False`, `FALSE` too), unquoted.
        case boolean
        /// One of a few words, as written: `public`, `internal` or `package`.
        case choice([String])
        /// A semantic version: `1.4.0`, `2.0.0-beta.1`, or `1.4` for 1.4.0 (which YAML alone
        /// would read as a number).
        case version
        /// The name of a table, column, index, module…: any text but the empty one.
        case name
        /// Text holding more than whitespace: a type name, a collation, a script path, an SQL
        /// statement.
        case text
        /// An SQL expression, copied into the SQL as written: `age >= 0`, and also `0` or
        /// `true`, which YAML alone would read as a number or a boolean.
        case expression
        /// A literal: a number, text, `true`, `false` or `null` (`default`).
        case literal
        /// A foreign key action: `CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT` or
        /// `NO ACTION`, letter case aside (`set_null` is `SET NULL`).
        case action
        /// A conflict resolution: `rollback`, `abort`, `fail`, `ignore` or `replace`, letter
        /// case aside.
        case conflictResolution
        /// A list of values of one kind, with at least `minimumCount` entries: `[a, b]`.
        case list(of: ValueKind, minimumCount: Int = 0)
        /// A mapping whose keys are those of `mapping`: `{ type: TEXT, not_null: true }`.
        case mapping(of: Mapping)
        /// A mapping from keys of one kind (names or versions) to values of another, with at
        /// least `minimumCount` entries: `tables`, `columns`, `upgrades`.
        case dictionary(keyedBy: ValueKind, of: ValueKind, minimumCount: Int = 0)
        /// Any one of several forms, such as a shorthand and a mapping: `nickname: TEXT` or
        /// `nickname: { type: TEXT }`.
        case either([ValueKind])
        /// A value of the kind, or nothing at all: an optional section whose entries are all
        /// commented out, or a constraint declared without a name (`name: null`).
        case nullable(ValueKind)
    }

    // MARK: Mappings

    /// The mappings of the format that have fixed keys.
    ///
    /// ```swift
    /// SchemaFormat.Mapping.reference.keys.names // ["table", "column", "on_delete", …]
    /// SchemaFormat.Mapping.foreignKey.rawValue  // "foreign_key"
    /// ```
    package enum Mapping: String, Sendable, Hashable, CaseIterable {
        /// The top level of the file.
        case topLevel = "top_level"
        /// A table.
        case table
        /// A column written as a mapping.
        case column
        /// A column's `references` written as a mapping.
        case reference
        /// A column's `primary_key`, `not_null` or `unique` written as a mapping, to name the
        /// constraint or give it a conflict clause.
        case columnKey = "column_key"
        /// A table's `primary_key`, or an entry of its `unique`, written as a mapping.
        case keyConstraint = "key_constraint"
        /// A `check`, or an entry of a table's `checks`, written as a mapping.
        case check
        /// An entry of a table's `foreign_keys`.
        case foreignKey = "foreign_key"
        /// The `references` of a table-level foreign key.
        case foreignKeyReference = "foreign_key_reference"
        /// An index written as a mapping.
        case index
        /// A view written as a mapping.
        case view
        /// A virtual table written as a mapping.
        case virtualTable = "virtual_table"
        /// `drop`.
        case drop
        /// `legacy`.
        case legacy
        /// `compatibility` written as a mapping: the profile and the tables it does not cover.
        case compatibility
        /// An `upgrades` entry written as a mapping: its scripts, and whether older builds read
        /// what they leave.
        case upgrade
        /// The top level's `swift`: what the generated record types share.
        case swiftFile = "swift_file"
        /// A table's `swift`: its record type.
        case swiftTable = "swift_table"
        /// A view's `swift`: its record type and the types of its columns.
        case swiftView = "swift_view"
        /// A column's `swift`: its property in the record type.
        case swiftProperty = "swift_property"

        /// The keys the mapping accepts, in the order the format lists them:
        /// `Mapping.view.keys.names == ["columns", "select", "swift"]`.
        package var keys: [Key] {
            switch self {
            case .topLevel: TopLevel.all
            case .table: Table.all
            case .column: Column.all
            case .reference: Reference.all
            case .columnKey: ColumnKey.all
            case .keyConstraint: KeyConstraint.all
            case .check: Check.all
            case .foreignKey: ForeignKey.all
            case .foreignKeyReference: ForeignKeyReference.all
            case .index: Index.all
            case .view: View.all
            case .virtualTable: VirtualTable.all
            case .drop: Drop.all
            case .legacy: Legacy.all
            case .compatibility: Compatibility.all
            case .upgrade: Upgrade.all
            case .swiftFile: SwiftFile.all
            case .swiftTable: SwiftTable.all
            case .swiftView: SwiftView.all
            case .swiftProperty: SwiftProperty.all
            }
        }

        /// The keys the mapping must have: `Mapping.foreignKey.requiredKeys.names == ["columns", "references"]`.
        package var requiredKeys: [Key] { keys.filter(\.isRequired) }

        /// Whether the mapping must have one of its keys at least, none of which is required on
        /// its own: `Mapping.columnKey.requiresAKey` (`{ name }`, `{ on_conflict }`, not `{}`).
        package var requiresAKey: Bool { self == .columnKey }

        /// What the mapping is, in one sentence: `Mapping.index.summary == "An index written as a mapping."`.
        package var summary: String {
            switch self {
            case .topLevel:
                "The schema file of the SQLite schema reconciler: the database an app version expects, "
                    + "and the data migrations that lead to it."
            case .table: "A table: its columns, constraints and indexes."
            case .column: "A column written as a mapping of column keys; {} is a column with no type and no constraint."
            case .reference: "A column's foreign key written as a mapping."
            case .columnKey:
                "A column's PRIMARY KEY, NOT NULL or UNIQUE constraint written as a mapping, with a name or a "
                    + "conflict clause: { name: users_pk }, { on_conflict: replace }."
            case .keyConstraint:
                "A PRIMARY KEY or UNIQUE constraint of the table written as a mapping, to give it a name or a "
                    + "conflict clause: { columns: [a, b], name: t_a_b_key, on_conflict: ignore }."
            case .check: "A CHECK constraint written as a mapping, to give it a name: { expression: \"qty >= 0\", name: qty_check }."
            case .foreignKey: "A foreign key of the table, over one or more columns."
            case .foreignKeyReference: "The parent of a table-level foreign key."
            case .index: "An index written as a mapping."
            case .view: "A view written as a mapping: its SELECT, and the names it gives its columns (CREATE VIEW v (a, b) AS …)."
            case .virtualTable: "A virtual table written as a mapping."
            case .drop: "What a sync may remove from an existing database."
            case .legacy: Legacy.summary
            case .compatibility: Compatibility.summary
            case .upgrade:
                "An upgrade written as a mapping: { script: upgrades/1.1.0.sql, older_builds_read_it: true } keeps the "
                    + "database's floor, where an upgrade otherwise raises it."
            case .swiftFile: SwiftFile.summary
            case .swiftTable: SwiftTable.summary
            case .swiftView: SwiftView.summary
            case .swiftProperty: SwiftProperty.summary
            }
        }
    }

    // MARK: Top level

    /// The top level of the file.
    package enum TopLevel {
        static let version = Key("version", .version, required: true,
                                 "The app version this schema belongs to, a semantic version such as 1.4.0.")
        static let tables = Key("tables", .dictionary(keyedBy: .name, of: .mapping(of: .table)), required: true,
                                "Table name → table, in creation order ({} for none).")
        static let virtualTables = Key("virtual_tables",
                                       .nullable(.dictionary(keyedBy: .name, of: .either([.text, .mapping(of: .virtualTable)]))),
                                       "Virtual table name → its module and arguments, such as fts5(title, body).")
        static let views = Key("views", .nullable(.dictionary(keyedBy: .name, of: .either([.text, .mapping(of: .view)]))),
                               "View name → its SELECT statement.")
        static let triggers = Key("triggers", .nullable(.dictionary(keyedBy: .name, of: .text)),
                                  "Trigger name → its whole CREATE TRIGGER statement.")
        static let drop = Key("drop", .nullable(.mapping(of: .drop)), "What a sync may remove from an existing database.")
        static let ignore = Key("ignore", .nullable(.list(of: .name)),
                                "Name patterns (* matches any run of characters, letter case aside) of the tables, "
                                    + "indexes, views and triggers that other tools own: a sync never reads, changes or "
                                    + "drops them. sqlite_*, _litestream_* and the table legacy names are always ignored.")
        static let upgrades = Key("upgrades", .nullable(.upgrades),
                                  "Version → data-migration script path, or a list of paths.")
        static let seed = Key("seed", .nullable(.scripts),
                              "SQL scripts that run only when a sync creates the database, after the schema, in the same "
                                  + "transaction: the rows a new database starts with (a path, or a list of paths).")
        static let legacy = Key("legacy", .nullable(.mapping(of: .legacy)), Legacy.summary)
        static let swift = Key("swift", .nullable(.mapping(of: .swiftFile)), SwiftFile.summary)
        static let compatibility = Key("compatibility",
                                       .nullable(.either([.choice(Compatibility.profiles), .mapping(of: .compatibility)])),
                                       Compatibility.summary)
        static let compatibleFrom = Key("compatible_from", .version,
                                        "The oldest app version that may open a database this file syncs: the database's "
                                            + "floor is never lower (for a change of meaning that no schema shows).")
        static let all = [version, tables, virtualTables, views, triggers, drop, ignore, upgrades, seed, legacy, compatibility,
                          compatibleFrom, swift]
    }

    // MARK: Tables

    /// A table.
    package enum Table {
        static let columns = Key("columns", .dictionary(keyedBy: .name, of: .either([.text, .mapping(of: .column)]),
                                                        minimumCount: 1),
                                 required: true, "Column name → column, in column order; at least one.")
        static let renamedFrom = Key("renamed_from", .names, "The table's former name, or a list of former names.")
        static let strict = Key("strict", .boolean, "CREATE TABLE … STRICT: true or false.")
        static let withoutRowID = Key("without_rowid", .boolean, "CREATE TABLE … WITHOUT ROWID: true or false.")
        static let primaryKey = Key("primary_key", .either([.columnList, .mapping(of: .keyConstraint)]),
                                    "A composite primary key: the list of its columns, or {columns, name, on_conflict}.")
        static let unique = Key("unique", .list(of: .either([.columnList, .mapping(of: .keyConstraint)])),
                                "UNIQUE constraints over several columns: a list of column lists (or of {columns, name, "
                                    + "on_conflict}).")
        static let checks = Key("checks", .list(of: .either([.expression, .mapping(of: .check)])),
                                "Table-level CHECK expressions (or {expression, name}).")
        static let foreignKeys = Key("foreign_keys", .list(of: .mapping(of: .foreignKey)),
                                     "Table-level foreign keys, each with columns and references.")
        static let indexes = Key("indexes", .dictionary(keyedBy: .name, of: .either([.columnList, .mapping(of: .index)])),
                                 "Index name → its columns, or a mapping with columns, unique, where.")
        static let swift = Key("swift", .mapping(of: .swiftTable), SwiftTable.summary)
        static let all = [columns, renamedFrom, strict, withoutRowID, primaryKey, unique, checks, foreignKeys, indexes, swift]
    }

    /// A column.
    package enum Column {
        static let type = Key("type", .text,
                              "Any SQLite type name, such as INTEGER or VARCHAR(20); leave it out for none.")
        static let primaryKey = Key("primary_key", .either([.boolean, .mapping(of: .columnKey)]),
                                    "PRIMARY KEY: true or false, or {name, on_conflict}.")
        static let autoincrement = Key("autoincrement", .boolean,
                                       "AUTOINCREMENT, on an INTEGER PRIMARY KEY only: true or false.")
        static let notNull = Key("not_null", .either([.boolean, .mapping(of: .columnKey)]),
                                 "NOT NULL: true or false, or {name, on_conflict}.")
        static let unique = Key("unique", .either([.boolean, .mapping(of: .columnKey)]),
                                "A column-level UNIQUE constraint: true or false, or {name, on_conflict}.")
        static let defaultValue = Key("default", .literal, "A literal default: a number, text, true, false or null.")
        static let defaultSQL = Key("default_sql", .expression,
                                    "A default written as an SQL expression, such as CURRENT_TIMESTAMP.")
        static let collate = Key("collate", .text, "The collation, such as NOCASE.")
        static let check = Key("check", .either([.expression, .mapping(of: .check)]),
                               "A CHECK expression, or {expression, name}.")
        static let references = Key("references", .either([.name, .mapping(of: .reference)]),
                                    "A foreign key: table.column, the table alone, or a mapping.")
        static let onDelete = Key("on_delete", .action, "The foreign key's ON DELETE action.")
        static let onUpdate = Key("on_update", .action, "The foreign key's ON UPDATE action.")
        static let generated = Key("generated", .expression, "The expression of a generated column.")
        static let stored = Key("stored", .boolean, "Whether a generated column is STORED rather than VIRTUAL.")
        static let renamedFrom = Key("renamed_from", .names, "The column's former name, or a list of former names.")
        static let swift = Key("swift", .mapping(of: .swiftProperty), SwiftProperty.summary)
        static let all = [type, primaryKey, autoincrement, notNull, unique, defaultValue, defaultSQL, collate, check,
                          references, onDelete, onUpdate, generated, stored, renamedFrom, swift]
    }

    /// A column's `references` written as a mapping.
    package enum Reference {
        static let table = Key("table", .name, required: true, "The parent table.")
        static let column = Key("column", .name, "The parent column; leave it out for the parent's primary key.")
        static let onDelete = Key("on_delete", .action,
                                  "ON DELETE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let onUpdate = Key("on_update", .action,
                                  "ON UPDATE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let deferrable = Key("deferrable", .boolean, "DEFERRABLE INITIALLY DEFERRED: true or false.")
        static let name = Key("name", .constraintName, constraintNameSummary)
        static let all = [table, column, onDelete, onUpdate, deferrable, name]
    }

    /// A column's `primary_key`, `not_null` or `unique` written as a mapping.
    package enum ColumnKey {
        static let name = Key("name", .constraintName, constraintNameSummary)
        static let onConflict = Key("on_conflict", .conflictResolution, conflictSummary)
        static let all = [name, onConflict]
    }

    /// A table's `primary_key`, or an entry of its `unique`, written as a mapping.
    package enum KeyConstraint {
        static let columns = Key("columns", .columnList, required: true, "The key's columns.")
        static let name = Key("name", .constraintName, constraintNameSummary)
        static let onConflict = ColumnKey.onConflict
        static let all = [columns, name, onConflict]
    }

    /// A `check`, or an entry of a table's `checks`, written as a mapping.
    package enum Check {
        static let expression = Key("expression", .expression, required: true, "The CHECK expression.")
        static let name = Key("name", .constraintName, constraintNameSummary)
        static let all = [expression, name]
    }

    /// What a constraint's `name` says.
    static let constraintNameSummary = "The constraint's name (CONSTRAINT name); null for none."

    /// What a constraint's `on_conflict` says.
    static let conflictSummary = "The constraint's conflict clause (ON CONFLICT …): rollback, abort, fail, ignore or "
        + "replace; abort, SQLite's default, is the same as none."

    /// An entry of a table's `foreign_keys`.
    package enum ForeignKey {
        static let columns = Key("columns", .columnList, required: true, "The child columns.")
        static let references = Key("references", .mapping(of: .foreignKeyReference), required: true,
                                    "The parent: a mapping with table and columns.")
        // The same keys as a column's reference.
        static let onDelete = Reference.onDelete
        static let onUpdate = Reference.onUpdate
        static let deferrable = Reference.deferrable
        static let name = Reference.name
        static let all = [columns, references, onDelete, onUpdate, deferrable, name]
    }

    /// The `references` of a table-level foreign key.
    package enum ForeignKeyReference {
        static let table = Key("table", .name, required: true, "The parent table.")
        static let columns = Key("columns", .columnList,
                                 "The parent columns; leave them out for the parent's primary key.")
        static let all = [table, columns]
    }

    /// An index written as a mapping.
    package enum Index {
        static let columns = Key("columns", .columnList, required: true,
                                 "The indexed columns, or SQL terms such as lower(email) or created_at DESC.")
        static let unique = Key("unique", .boolean, "CREATE UNIQUE INDEX: true or false.")
        static let condition = Key("where", .expression, "The WHERE clause of a partial index.")
        static let renamedFrom = Key("renamed_from", .names, "The index's former name, or a list of former names.")
        static let all = [columns, unique, condition, renamedFrom]
    }

    // MARK: Other objects

    /// A view written as a mapping.
    package enum View {
        static let columns = Key("columns", .list(of: .name),
                                 "The names the view gives its columns (CREATE VIEW v (a, b) AS …).")
        static let select = Key("select", .text, required: true, "The view's SELECT statement.")
        static let swift = Key("swift", .mapping(of: .swiftView), SwiftView.summary)
        static let all = [columns, select, swift]
    }

    /// A virtual table written as a mapping.
    package enum VirtualTable {
        static let module = Key("module", .name, required: true,
                                "The module: fts5, fts4, fts3, rtree, or any module SQLite has.")
        static let arguments = Key("arguments", .list(of: .name), "The module's arguments, each as written.")
        static let all = [module, arguments]
    }

    /// `drop`.
    package enum Drop {
        static let tables = Key("tables", .list(of: .name), "Tables (and virtual tables) a sync may drop.")
        static let columns = Key("columns", .dictionary(keyedBy: .name, of: .list(of: .name)),
                                 "Declared table name → the columns a sync may drop from it.")
        static let indexes = Key("indexes", .list(of: .name), "Indexes a sync may drop.")
        static let views = Key("views", .list(of: .name), "Views a sync may drop.")
        static let triggers = Key("triggers", .list(of: .name), "Triggers a sync may drop.")
        static let all = [tables, columns, indexes, views, triggers]
    }

    // MARK: Upgrades

    /// An `upgrades` entry written as a mapping.
    package enum Upgrade {
        static let script = Key("script", .scripts, required: true, "The upgrade's script path, or a list of paths.")
        static let olderBuildsReadIt = Key("older_builds_read_it", .boolean,
                                           "Whether app versions before this one read what the scripts leave correctly: "
                                               + "true keeps the database's floor, which an upgrade otherwise raises.")
        static let all = [script, olderBuildsReadIt]
    }
}

// MARK: - Shared value kinds

extension SchemaFormat.ValueKind {
    /// A name, or a list of names: `renamed_from: old_name` or `renamed_from: [older, old]`.
    package static let names: Self = .either([.name, .list(of: .name)])

    /// A list of at least one column, such as a primary key or the columns of an index (whose
    /// entries may also be SQL terms, such as `lower(email)`): `[team_id, created_at]`.
    package static let columnList: Self = .list(of: .name, minimumCount: 1)

    /// A constraint's name, or null for a constraint without one: `name: users_email_key`.
    package static let constraintName: Self = .nullable(.name)

    /// The scripts of an upgrade, or the seed scripts: a path, or a list of at least one path.
    package static let scripts: Self = .either([.text, .list(of: .text, minimumCount: 1)])

    /// `upgrades`: version → scripts, such as `1.4.0: upgrades/1.4.0-split-names.sql`, or an
    /// upgrade written as a mapping.
    package static let upgrades: Self = .dictionary(keyedBy: .version, of: .either([.text, .list(of: .text, minimumCount: 1),
                                                                                     .mapping(of: .upgrade)]))
}

extension Array where Element == SchemaFormat.Key {
    /// The keys' names.
    var names: [String] { map(\.name) }
}
