// MARK: - Schema.Table

extension Schema {
    /// A table: its columns in order, its table-level constraints, its indexes and its options.
    ///
    /// ```swift
    /// var users = Schema.Table(name: "users")
    /// users.columns = [Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true), Schema.Column(name: "email", type: "TEXT")]
    /// users.indexes = [Schema.Index(name: "users_by_email", columns: ["email"], isUnique: true)]
    /// ```
    package struct Table: Sendable, Equatable {
        /// The table name, as declared (or as stored in `sqlite_master`).
        package var name: String
        /// Former names of this table (`renamed_from`); empty for an inspected table.
        package var renamedFrom: [String]
        /// The columns, in order.
        package var columns: [Schema.Column] { didSet { columnIndex = NameIndex(columns.lazy.map(\.name)) } }
        /// A composite primary key (`primary_key: [a, b]`), empty when none is declared at table level.
        package var primaryKey: [String]
        /// Table-level UNIQUE constraints, each a list of column names.
        package var uniqueConstraints: [[String]]
        /// Table-level CHECK expressions.
        package var checks: [String]
        /// Table-level foreign keys.
        package var foreignKeys: [Schema.ForeignKey]
        /// Named indexes on this table (not the automatic indexes of UNIQUE and PRIMARY KEY).
        package var indexes: [Schema.Index] { didSet { indexIndex = NameIndex(indexes.lazy.map(\.name)) } }
        /// `CREATE TABLE … STRICT`.
        package var isStrict: Bool
        /// `CREATE TABLE … WITHOUT ROWID`.
        package var isWithoutRowID: Bool
        /// What the live definition says that schema.yaml need not (constraint names, key terms
        /// with COLLATE or DESC): kept by a rebuild, never a difference. Empty for a declared table.
        package var keptClauses: KeptClauses
        /// The names the file gives the table's constraints (`name:`), written over the kept
        /// ones. Empty for an inspected table, whose names are in `keptClauses`.
        package var constraintNames: ConstraintNames
        /// The `ON CONFLICT` resolution of each NOT NULL, PRIMARY KEY and UNIQUE constraint that
        /// has one other than ABORT (which is SQLite's default, and never stored): declared with
        /// `on_conflict`, or read from the live definition. Part of the table's value, compared
        /// like its other clauses.
        package private(set) var conflictResolutions: [KeptClauses.Constraint: ConflictResolution] = [:]
        /// For a live table, its statement as stored (not part of its value).
        package var storedDefinition = StoredDefinition()

        private var columnIndex = NameIndex([])
        private var indexIndex = NameIndex([])

        /// Creates a table.
        package init(
            name: String,
            renamedFrom: [String] = [],
            columns: [Schema.Column] = [],
            primaryKey: [String] = [],
            uniqueConstraints: [[String]] = [],
            checks: [String] = [],
            foreignKeys: [Schema.ForeignKey] = [],
            indexes: [Schema.Index] = [],
            isStrict: Bool = false,
            isWithoutRowID: Bool = false,
            keptClauses: KeptClauses = KeptClauses(),
            constraintNames: ConstraintNames = ConstraintNames(),
            conflictResolutions: [KeptClauses.Constraint: ConflictResolution] = [:]
        ) {
            self.name = name
            self.renamedFrom = renamedFrom
            self.columns = columns
            self.primaryKey = primaryKey
            self.uniqueConstraints = uniqueConstraints
            self.checks = checks
            self.foreignKeys = foreignKeys
            self.indexes = indexes
            self.isStrict = isStrict
            self.isWithoutRowID = isWithoutRowID
            self.keptClauses = keptClauses
            self.constraintNames = constraintNames
            self.conflictResolutions = conflictResolutions.filter { $0.value != .abort }
            columnIndex = NameIndex(columns.lazy.map(\.name))
            indexIndex = NameIndex(indexes.lazy.map(\.name))
        }

        /// Gives `constraint` the resolution `resolution`; nil or ``ConflictResolution/abort``
        /// removes its clause, as both mean SQLite's default.
        ///
        /// ```swift
        /// table.setConflictResolution(.replace, for: .notNull(column: "title"))
        /// ```
        package mutating func setConflictResolution(_ resolution: ConflictResolution?, for constraint: KeptClauses.Constraint) {
            conflictResolutions[constraint] = resolution?.stored
        }

        /// The column with this name, compared case-insensitively.
        package func column(named name: String) -> Schema.Column? {
            columnIndex[name].map { columns[$0] }
        }

        /// The index with this name, compared case-insensitively.
        package func index(named name: String) -> Schema.Index? {
            indexIndex[name].map { indexes[$0] }
        }

        /// The primary key columns, whether declared on a column or at table level.
        package var primaryKeyColumns: [String] {
            if !primaryKey.isEmpty { return primaryKey }
            return columns.filter(\.isPrimaryKey).map(\.name)
        }

        /// Every foreign key of the table: column-level `references` first, then table-level ones.
        package var allForeignKeys: [Schema.ForeignKey] {
            columns.compactMap { column in
                column.reference.map { reference in
                    Schema.ForeignKey(
                        columns: [column.name], table: reference.table,
                        referencedColumns: reference.column.map { [$0] } ?? [],
                        onDelete: reference.onDelete, onUpdate: reference.onUpdate,
                        isDeferred: reference.isDeferred)
                }
            } + foreignKeys
        }
    }
}
