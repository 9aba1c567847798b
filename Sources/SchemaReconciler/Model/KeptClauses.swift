// MARK: - KeptClauses

/// The parts of a live table's definition that schema.yaml need not say: constraint names
/// (`CONSTRAINT ck_qty CHECK (…)`), and key terms written with `COLLATE` or `ASC`/`DESC`
/// (`UNIQUE (email COLLATE NOCASE)`, `id INTEGER PRIMARY KEY DESC`). Its ``Constraint`` also
/// identifies the constraints that the declaration names (``ConstraintNames``) and gives a
/// conflict resolution (``Schema/Table/conflictResolutions``).
///
/// They never count as a difference, but for a name that the declaration gives otherwise (see
/// ``ConstraintNames``, which is written over them). When the table is rebuilt, they are written
/// again for each constraint the new table still has, so that it behaves as it did: keys compare
/// as they did, errors name the same constraints.
///
/// ```swift
/// var kept = KeptClauses()
/// kept.names[.check(expression: "qty >= 0")] = "ck_qty"
/// ```
package struct KeptClauses: Sendable, Equatable {
    /// A constraint, identified as schema.yaml would declare it, whether it is written on a
    /// column or at table level. Column names and expressions are compared as SQLite compares them.
    package struct Constraint: Hashable, Sendable {
        /// The kinds of constraint.
        enum Kind: Hashable, Sendable { case notNull, primaryKey, unique, check, foreignKey }

        /// What kind of constraint it is.
        var kind: Kind
        /// The columns it is on, in order (none for a CHECK).
        var columns: [SQLName]
        /// The normalized expression of a CHECK.
        var expression: String?

        /// A column's NOT NULL.
        package static func notNull(column: String) -> Constraint {
            Constraint(kind: .notNull, columns: [column.sqlName])
        }
        /// The primary key on these columns, in this order.
        package static func primaryKey(columns: [String]) -> Constraint {
            Constraint(kind: .primaryKey, columns: columns.map(\.sqlName))
        }
        /// A UNIQUE constraint on these columns, in this order.
        package static func unique(columns: [String]) -> Constraint {
            Constraint(kind: .unique, columns: columns.map(\.sqlName))
        }
        /// A CHECK constraint (`(qty >= 0)` is the same as `qty >= 0`).
        package static func check(expression: String) -> Constraint {
            let tokens = SQLText.strippingOuterParentheses(SQLTokenizer.tokens(in: expression))
            return Constraint(kind: .check, columns: [], expression: SQLText.normalize(tokens: tokens))
        }
        /// A foreign key on these child columns.
        package static func foreignKey(columns: [String]) -> Constraint {
            Constraint(kind: .foreignKey, columns: columns.map(\.sqlName))
        }

        /// How messages name the constraint, its columns spelt as `table` spells them.
        ///
        /// ```swift
        /// KeptClauses.Constraint.unique(columns: ["EMAIL"]).description(in: users) // "UNIQUE (email)"
        /// ```
        package func description(in table: Schema.Table) -> String {
            let names = columns.map { key in table.columns.first { $0.name.sqlName == key }?.name ?? key.description }
            let list = names.joined(separator: ", ")
            switch kind {
            case .notNull: return "NOT NULL on \(list)"
            case .primaryKey: return "PRIMARY KEY (\(list))"
            case .unique: return "UNIQUE (\(list))"
            case .check: return "CHECK (\(expression ?? ""))"
            case .foreignKey: return "FOREIGN KEY (\(list))"
            }
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

    /// The name of each named constraint, unquoted.
    package var names: [Constraint: String] = [:]
    /// The terms of each PRIMARY KEY or UNIQUE whose terms say more than their column names.
    package var keyTerms: [Constraint: [KeyTerm]] = [:]
    /// Whether the primary key's terms were written in a table constraint, `PRIMARY KEY (id DESC)`,
    /// rather than on the column, `id INTEGER PRIMARY KEY DESC`: SQLite makes the first, not the
    /// second, the alias of the rowid, so a rebuild writes the key where it was.
    package var isPrimaryKeyOnTable = false

    /// Creates an empty value.
    package init() {}

    /// Whether there is nothing to keep.
    package var isEmpty: Bool { names.isEmpty && keyTerms.isEmpty }

    /// Whether the primary key on `columns` is written `DESC`, which keeps an INTEGER PRIMARY KEY
    /// written on its column from being the rowid.
    func isDescending(primaryKey columns: [String]) -> Bool {
        keyTerms[.primaryKey(columns: columns)]?.contains { $0.suffix.uppercased().hasSuffix("DESC") } ?? false
    }

    /// Whether a primary key on `columns` is written as a table constraint, `PRIMARY KEY (a, b)`,
    /// rather than on its column: when it is declared so, when its terms say more than an order
    /// (a `COLLATE`, which only a table constraint can say), or when the live definition wrote
    /// it so (``isPrimaryKeyOnTable``).
    ///
    /// ```swift
    /// kept.writesPrimaryKeyOnTable(["id"], declaredOnTable: false) // true for a kept `PRIMARY KEY (id DESC)`
    /// ```
    package func writesPrimaryKeyOnTable(_ columns: [String], declaredOnTable: Bool) -> Bool {
        if declaredOnTable { return true }
        guard let terms = keyTerms[.primaryKey(columns: columns)] else { return false }
        return isPrimaryKeyOnTable || !terms.allSatisfy(\.isOrderOnly)
    }

    // MARK: Renaming

    /// Follows a column rename, as SQLite's `RENAME COLUMN` does in the table's definition.
    mutating func rename(column old: String, to new: String) {
        let oldKey = old.sqlName
        func renamed(_ constraint: Constraint) -> Constraint {
            var constraint = constraint
            constraint.columns = constraint.columns.map { $0 == oldKey ? new.sqlName : $0 }
            return constraint
        }
        names = Dictionary(uniqueKeysWithValues: names.map { (renamed($0.key), $0.value) })
        keyTerms = Dictionary(uniqueKeysWithValues: keyTerms.map { entry in
            (renamed(entry.key), entry.value.map { term in
                KeyTerm(column: term.column.isSameName(as: old) ? new : term.column, suffix: term.suffix)
            })
        })
    }
}
