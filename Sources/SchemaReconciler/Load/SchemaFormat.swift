// MARK: - SchemaFormat

/// The keys of schema.yaml, declared once: the loader accepts these and no others, the writer
/// of `reconcile inspect` writes them, and the JSON Schema for editors describes them.
///
/// ```swift
/// SchemaFormat.column.map(\.name)     // ["type", "primary_key", …]
/// SchemaFormat.Column.notNull.summary // "NOT NULL: true or false."
/// ```
package enum SchemaFormat {
    /// One key: its name and what it says.
    package struct Key: Sendable, Hashable {
        /// The key as written.
        package var name: String
        /// What it says, in one sentence.
        package var summary: String

        init(_ name: String, _ summary: String) {
            self.name = name
            self.summary = summary
        }
    }

    // MARK: Top level

    /// The top level of the file.
    package enum TopLevel {
        static let version = Key("version", "The app version this schema belongs to, a semantic version such as 1.4.0.")
        static let tables = Key("tables", "Table name → table, in creation order ({} for none).")
        static let virtualTables = Key("virtual_tables",
                                       "Virtual table name → its module and arguments, such as fts5(title, body).")
        static let views = Key("views", "View name → its SELECT statement.")
        static let triggers = Key("triggers", "Trigger name → its whole CREATE TRIGGER statement.")
        static let drop = Key("drop", "What a sync may remove from an existing database.")
        static let upgrades = Key("upgrades", "Version → data-migration script path, or a list of paths.")
        static let all = [version, tables, virtualTables, views, triggers, drop, upgrades]
    }

    // MARK: Tables

    /// A table.
    package enum Table {
        static let columns = Key("columns", "Column name → column, in column order; at least one.")
        static let renamedFrom = Key("renamed_from", "The table's former name, or a list of former names.")
        static let strict = Key("strict", "CREATE TABLE … STRICT: true or false.")
        static let withoutRowID = Key("without_rowid", "CREATE TABLE … WITHOUT ROWID: true or false.")
        static let primaryKey = Key("primary_key", "A composite primary key: the list of its columns.")
        static let unique = Key("unique", "UNIQUE constraints over several columns: a list of column lists.")
        static let checks = Key("checks", "Table-level CHECK expressions.")
        static let foreignKeys = Key("foreign_keys", "Table-level foreign keys, each with columns and references.")
        static let indexes = Key("indexes", "Index name → its columns, or a mapping with columns, unique, where.")
        static let all = [columns, renamedFrom, strict, withoutRowID, primaryKey, unique, checks, foreignKeys, indexes]
    }

    /// A column.
    package enum Column {
        static let type = Key("type", "Any SQLite type name, such as INTEGER or VARCHAR(20); leave it out for none.")
        static let primaryKey = Key("primary_key", "PRIMARY KEY: true or false.")
        static let autoincrement = Key("autoincrement", "AUTOINCREMENT, on an INTEGER PRIMARY KEY only: true or false.")
        static let notNull = Key("not_null", "NOT NULL: true or false.")
        static let unique = Key("unique", "A column-level UNIQUE constraint: true or false.")
        static let defaultValue = Key("default", "A literal default: a number, text, true, false or null.")
        static let defaultSQL = Key("default_sql", "A default written as an SQL expression, such as CURRENT_TIMESTAMP.")
        static let collate = Key("collate", "The collation, such as NOCASE.")
        static let check = Key("check", "A CHECK expression.")
        static let references = Key("references", "A foreign key: table.column, the table alone, or a mapping.")
        static let onDelete = Key("on_delete", "The foreign key's ON DELETE action.")
        static let onUpdate = Key("on_update", "The foreign key's ON UPDATE action.")
        static let generated = Key("generated", "The expression of a generated column.")
        static let stored = Key("stored", "Whether a generated column is STORED rather than VIRTUAL.")
        static let renamedFrom = Key("renamed_from", "The column's former name, or a list of former names.")
        static let all = [type, primaryKey, autoincrement, notNull, unique, defaultValue, defaultSQL, collate, check,
                          references, onDelete, onUpdate, generated, stored, renamedFrom]
    }

    /// A column's `references` written as a mapping.
    package enum Reference {
        static let table = Key("table", "The parent table.")
        static let column = Key("column", "The parent column; leave it out for the parent's primary key.")
        static let onDelete = Key("on_delete", "ON DELETE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let onUpdate = Key("on_update", "ON UPDATE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let deferrable = Key("deferrable", "DEFERRABLE INITIALLY DEFERRED: true or false.")
        static let all = [table, column, onDelete, onUpdate, deferrable]
    }

    /// An entry of a table's `foreign_keys`.
    package enum ForeignKey {
        static let columns = Key("columns", "The child columns.")
        static let references = Key("references", "The parent: a mapping with table and columns.")
        static let onDelete = Key("on_delete", "ON DELETE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let onUpdate = Key("on_update", "ON UPDATE: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION.")
        static let deferrable = Key("deferrable", "DEFERRABLE INITIALLY DEFERRED: true or false.")
        static let all = [columns, references, onDelete, onUpdate, deferrable]
    }

    /// The `references` of a table-level foreign key.
    package enum ForeignKeyReference {
        static let table = Key("table", "The parent table.")
        static let columns = Key("columns", "The parent columns; leave them out for the parent's primary key.")
        static let all = [table, columns]
    }

    /// An index written as a mapping.
    package enum Index {
        static let columns = Key("columns", "The indexed columns, or SQL terms such as lower(email) or created_at DESC.")
        static let unique = Key("unique", "CREATE UNIQUE INDEX: true or false.")
        static let condition = Key("where", "The WHERE clause of a partial index.")
        static let renamedFrom = Key("renamed_from", "The index's former name, or a list of former names.")
        static let all = [columns, unique, condition, renamedFrom]
    }

    // MARK: Other objects

    /// A view written as a mapping.
    package enum View {
        static let columns = Key("columns", "The names the view gives its columns (CREATE VIEW v (a, b) AS …).")
        static let select = Key("select", "The view's SELECT statement.")
        static let all = [columns, select]
    }

    /// A virtual table written as a mapping.
    package enum VirtualTable {
        static let module = Key("module", "The module: fts5, fts4, fts3, rtree, or any module SQLite has.")
        static let arguments = Key("arguments", "The module's arguments, each as written.")
        static let all = [module, arguments]
    }

    /// `drop`.
    package enum Drop {
        static let tables = Key("tables", "Tables (and virtual tables) a sync may drop.")
        static let columns = Key("columns", "Declared table name → the columns a sync may drop from it.")
        static let indexes = Key("indexes", "Indexes a sync may drop.")
        static let views = Key("views", "Views a sync may drop.")
        static let triggers = Key("triggers", "Triggers a sync may drop.")
        static let all = [tables, columns, indexes, views, triggers]
    }
}

extension Array where Element == SchemaFormat.Key {
    /// The keys' names.
    var names: [String] { map(\.name) }
}
