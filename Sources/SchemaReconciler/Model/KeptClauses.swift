// MARK: - KeptClauses

/// The parts of a live table's definition that schema.yaml has no key for: conflict resolutions
/// (`UNIQUE (a, b) ON CONFLICT REPLACE`, `NOT NULL ON CONFLICT IGNORE`), constraint names
/// (`CONSTRAINT ck_qty CHECK (…)`), and key terms written with `COLLATE` or `ASC`/`DESC`
/// (`UNIQUE (email COLLATE NOCASE)`, `id INTEGER PRIMARY KEY DESC`).
///
/// They never count as a difference. When the table is rebuilt, they are written again for each
/// constraint the new table still has, so that it behaves as it did: inserts that were replaced or
/// ignored still are, keys compare as they did, errors name the same constraints.
///
/// ```swift
/// var kept = KeptClauses()
/// kept.conflicts[.unique(columns: ["a", "b"])] = "REPLACE"
/// kept.names[.check(expression: "qty >= 0")] = "ck_qty"
/// ```
package struct KeptClauses: Sendable, Equatable {
    /// A constraint, identified as schema.yaml would declare it, whether it is written on a
    /// column or at table level. Column names and expressions are compared as SQLite compares them.
    package struct Constraint: Hashable, Sendable {
        /// `notNull`, `primaryKey`, `unique`, `check` or `foreignKey`.
        var kind: String
        /// The key of each column it is on (`sqlNameKey`), or of its normalized expression.
        var keys: [String]

        /// A column's NOT NULL.
        package static func notNull(column: String) -> Constraint {
            Constraint(kind: "notNull", keys: [column.sqlNameKey])
        }
        /// The primary key on these columns, in this order.
        package static func primaryKey(columns: [String]) -> Constraint {
            Constraint(kind: "primaryKey", keys: columns.map(\.sqlNameKey))
        }
        /// A UNIQUE constraint on these columns, in this order.
        package static func unique(columns: [String]) -> Constraint {
            Constraint(kind: "unique", keys: columns.map(\.sqlNameKey))
        }
        /// A CHECK constraint.
        package static func check(expression: String) -> Constraint {
            Constraint(kind: "check", keys: [SQLText.normalize(expression)])
        }
        /// A foreign key on these child columns.
        package static func foreignKey(columns: [String]) -> Constraint {
            Constraint(kind: "foreignKey", keys: columns.map(\.sqlNameKey))
        }
    }

    /// One term of a PRIMARY KEY or UNIQUE column list: the column and what follows it
    /// (`COLLATE NOCASE DESC`).
    package struct KeyTerm: Sendable, Equatable {
        /// The column name.
        package var column: String
        /// The rest of the term as written: a `COLLATE` and an `ASC` or `DESC`, or nothing.
        package var suffix: String

        /// Creates a term.
        package init(column: String, suffix: String) {
            self.column = column
            self.suffix = suffix
        }

        /// Whether the suffix is only an order (`ASC`, `DESC`), which a column-level PRIMARY KEY can carry.
        var isOrderOnly: Bool {
            ["", "ASC", "DESC"].contains(suffix.uppercased())
        }
    }

    /// The conflict resolution of each constraint that has one: `ROLLBACK`, `ABORT`, `FAIL`, `IGNORE`, `REPLACE`.
    package var conflicts: [Constraint: String] = [:]
    /// The name of each named constraint, unquoted.
    package var names: [Constraint: String] = [:]
    /// The terms of each PRIMARY KEY or UNIQUE whose terms say more than their column names.
    package var keyTerms: [Constraint: [KeyTerm]] = [:]

    /// Creates an empty value.
    package init() {}

    /// Whether there is nothing to keep.
    package var isEmpty: Bool { conflicts.isEmpty && names.isEmpty && keyTerms.isEmpty }

    /// Whether the primary key on `columns` is written `DESC`, which keeps an INTEGER PRIMARY KEY
    /// from being the rowid.
    func isDescending(primaryKey columns: [String]) -> Bool {
        keyTerms[.primaryKey(columns: columns)]?.contains { $0.suffix.uppercased().hasSuffix("DESC") } ?? false
    }

    // MARK: Renaming

    /// Follows a column rename, as SQLite's `RENAME COLUMN` does in the table's definition.
    mutating func rename(column old: String, to new: String) {
        let oldKey = old.sqlNameKey
        func renamed(_ constraint: Constraint) -> Constraint {
            guard constraint.kind != "check" else { return constraint }
            return Constraint(kind: constraint.kind, keys: constraint.keys.map { $0 == oldKey ? new.sqlNameKey : $0 })
        }
        conflicts = Dictionary(uniqueKeysWithValues: conflicts.map { (renamed($0.key), $0.value) })
        names = Dictionary(uniqueKeysWithValues: names.map { (renamed($0.key), $0.value) })
        keyTerms = Dictionary(uniqueKeysWithValues: keyTerms.map { entry in
            (renamed(entry.key), entry.value.map { term in
                KeyTerm(column: term.column.isSameName(as: old) ? new : term.column, suffix: term.suffix)
            })
        })
    }
}
