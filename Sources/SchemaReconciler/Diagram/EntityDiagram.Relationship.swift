// MARK: - EntityDiagram.Relationship

extension EntityDiagram {
    /// A foreign key, drawn between the parent table and the child table that references it.
    /// Each end says how many rows of that table one row of the other can be related to:
    ///
    /// - At the parent: exactly one when every column of the key is NOT NULL, else zero or one.
    /// - At the child: zero or one when the key's columns are unique in the child (one-to-one),
    ///   else zero or more.
    ///
    /// ```swift
    /// // books.author_id INTEGER NOT NULL REFERENCES authors
    /// relationship.atParent // .exactlyOne
    /// relationship.atChild  // .zeroOrMore
    /// ```
    package struct Relationship: Sendable, Equatable {
        /// The referenced table.
        package var parent: String
        /// The table that declares the foreign key.
        package var child: String
        /// The child's columns that hold the key.
        package var columns: [String]
        /// How many parent rows one child row is related to.
        package var atParent: Cardinality
        /// How many child rows one parent row is related to.
        package var atChild: Cardinality

        /// A relationship with these ends.
        package init(parent: String, child: String, columns: [String], atParent: Cardinality, atChild: Cardinality) {
            self.parent = parent
            self.child = child
            self.columns = columns
            self.atParent = atParent
            self.atChild = atChild
        }

        /// The relationship of `key`, declared by `child`, to `parent`.
        package init(_ key: Schema.ForeignKey, from child: Schema.Table, to parent: Schema.Table) {
            let isRequired = key.columns.allSatisfy { name in
                guard let column = child.column(named: name) else { return false }
                return column.isNotNull || Self.isNeverNull(column, in: child)
            }
            self.init(parent: parent.name, child: child.name, columns: key.columns,
                      atParent: isRequired ? .exactlyOne : .zeroOrOne,
                      atChild: child.isUniqueKey(key.columns) ? .zeroOrOne : .zeroOrMore)
        }

        /// Whether SQLite keeps `column` from holding NULL though it is not declared NOT NULL: the
        /// rowid alias (INTEGER PRIMARY KEY), and the primary key of a WITHOUT ROWID table.
        private static func isNeverNull(_ column: Schema.Column, in table: Schema.Table) -> Bool {
            guard table.primaryKeyColumns.contains(where: { $0.isSameName(as: column.name) }) else { return false }
            return table.isWithoutRowID || table.hasRowIDAlias
        }
    }

    /// How many rows one end of a relationship can count.
    package enum Cardinality: String, Sendable, Equatable {
        case zeroOrOne = "zero-or-one"
        case exactlyOne = "exactly-one"
        case zeroOrMore = "zero-or-more"
    }
}
