// MARK: - Schema.Column

extension Schema {
    /// A column and its column-level constraints.
    ///
    /// ```swift
    /// let email = Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true)
    /// let score = Schema.Column(name: "score", type: "REAL", isNotNull: true, defaultValue: .integer(0))
    /// ```
    package struct Column: Sendable, Equatable {
        /// The column name.
        package var name: String
        /// The declared type as written (`TEXT`, `varchar(255)`), or nil for a column without a type.
        package var type: String?
        /// `PRIMARY KEY` on this column.
        package var isPrimaryKey: Bool
        /// `AUTOINCREMENT` (only on an INTEGER PRIMARY KEY).
        package var isAutoincrement: Bool
        /// `NOT NULL`.
        package var isNotNull: Bool
        /// A column-level `UNIQUE` constraint.
        package var isUnique: Bool
        /// The `DEFAULT` clause.
        package var defaultValue: DefaultValue?
        /// `COLLATE` name, such as `NOCASE`.
        package var collation: String?
        /// A column-level `CHECK` expression.
        package var check: String?
        /// A column-level `REFERENCES` clause.
        package var reference: ColumnReference?
        /// `GENERATED ALWAYS AS (…)`, stored or virtual.
        package var generated: GeneratedColumn?
        /// Former names of this column (`renamed_from`); empty for an inspected column.
        package var renamedFrom: [String]

        /// Creates a column.
        package init(
            name: String,
            type: String? = nil,
            isPrimaryKey: Bool = false,
            isAutoincrement: Bool = false,
            isNotNull: Bool = false,
            isUnique: Bool = false,
            defaultValue: DefaultValue? = nil,
            collation: String? = nil,
            check: String? = nil,
            reference: ColumnReference? = nil,
            generated: GeneratedColumn? = nil,
            renamedFrom: [String] = []
        ) {
            self.name = name
            self.type = type
            self.isPrimaryKey = isPrimaryKey
            self.isAutoincrement = isAutoincrement
            self.isNotNull = isNotNull
            self.isUnique = isUnique
            self.defaultValue = defaultValue
            self.collation = collation
            self.check = check
            self.reference = reference
            self.generated = generated
            self.renamedFrom = renamedFrom
        }
    }
}
