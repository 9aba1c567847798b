// MARK: - GeneratedRecord

/// The GRDB record type of one table or view, as a value: what `reconcile generate` writes as
/// a Swift struct.
///
/// ```swift
/// let records = try RecordGenerator(file: file).records()
/// let book = records.records.first { $0.databaseName == "books" }
/// book?.typeName                     // "Book"
/// book?.properties.map(\.name)       // ["id", "title", "authorId", …]
/// book?.associations.map(\.name)     // ["author"]
/// ```
package struct GeneratedRecord: Sendable, Equatable {
    /// The struct's name: `Book`.
    package var typeName: String
    /// The table or view: `databaseTableName`.
    package var databaseName: String
    /// How the record reads and writes.
    package var kind: Kind
    /// One property per column, in column order.
    package var properties: [Property]
    /// How the record is `Identifiable`; nil when it is not.
    package var identity: Identity?
    /// The foreign keys its associations name, declared on it (the child).
    package var foreignKeys: [ForeignKey]
    /// Its associations: `belongsTo` first, then `hasMany` and `hasOne`.
    package var associations: [Association]

    /// How a record reads and writes its rows.
    package enum Kind: Sendable, Equatable {
        /// A table's record, `PersistableRecord`.
        case persistable
        /// A table's record whose `INTEGER PRIMARY KEY` property is filled after an insert,
        /// `MutablePersistableRecord` with `didInsert`.
        case autoIncremented(property: String)
        /// A view's record, `FetchableRecord` and `TableRecord` only.
        case fetchOnly
    }

    /// How a record is `Identifiable`.
    package enum Identity: Sendable, Equatable {
        /// Its primary key's property is `id`.
        case stored
        /// `id` returns the primary key's property, of that type.
        case computed(property: String, type: String)
    }

    /// Whether the record writes only some of its properties: a generated column is read, and
    /// never written.
    package var writesEveryProperty: Bool {
        kind == .fetchOnly || !properties.contains(where: \.isGenerated)
    }

    /// The columns stored otherwise than GRDB stores their type by default, for each strategy.
    package func columns(storedAs storage: Property.Storage) -> [String] {
        properties.filter { $0.storage == storage }.map(\.column)
    }

    // MARK: Properties

    /// A column's stored property.
    ///
    /// ```swift
    /// let price = GeneratedRecord.Property(name: "price", column: "price", type: "Double", isOptional: true)
    /// ```
    package struct Property: Sendable, Equatable {
        /// Its name, without backticks: `authorId`.
        package var name: String
        /// Its column: `author_id`.
        package var column: String
        /// Its type, without the optional: `Int64`.
        package var type: String
        /// Whether it is an `Optional`.
        package var isOptional: Bool
        /// The value it has when the memberwise initializer is not given one: the column's
        /// default, when Swift can write it; nil when the initializer needs a value (or, for an
        /// optional, defaults to nil).
        package var defaultValue: DefaultLiteral?
        /// Whether SQLite computes the column (`generated`): read, never written.
        package var isGenerated: Bool
        /// How a `Date` or `UUID` is stored, when not as GRDB stores it by default.
        package var storage: Storage?

        /// Creates a property.
        package init(name: String, column: String, type: String, isOptional: Bool = false,
                     defaultValue: DefaultLiteral? = nil, isGenerated: Bool = false, storage: Storage? = nil) {
            self.name = name
            self.column = column
            self.type = type
            self.isOptional = isOptional
            self.defaultValue = defaultValue
            self.isGenerated = isGenerated
            self.storage = storage
        }

        /// A storage strategy of GRDB's (`databaseDateEncodingStrategy(for:)`,
        /// `databaseUUIDEncodingStrategy(for:)`) other than the default.
        package enum Storage: String, Sendable, Equatable, CaseIterable {
            /// A `Date` as a whole number of seconds since 1970 (`.secondsSince1970`), for an
            /// INTEGER column.
            case dateAsSeconds = "secondsSince1970"
            /// A `Date` as seconds since 1970 (`.timeIntervalSince1970`), for a REAL column.
            case dateAsTimeInterval = "timeIntervalSince1970"
            /// A `UUID` as text (`.uppercaseString`).
            case uuidAsText = "uppercaseString"

            /// Whether it stores a `Date`.
            package var isDate: Bool { self != .uuidAsText }
        }
    }

    /// A literal the generated code writes as a property's initial value.
    package enum DefaultLiteral: Sendable, Equatable {
        case integer(Int64)
        case real(Double)
        case text(String)
        case boolean(Bool)
    }

    // MARK: Associations

    /// A foreign key from this record's table, for an association that needs it spelled out:
    /// `static let authorForeignKey = ForeignKey([Columns.authorId])`.
    package struct ForeignKey: Sendable, Equatable {
        /// The static property's name: `authorForeignKey`.
        package var name: String
        /// The properties of the child's columns: `["authorId"]`.
        package var properties: [String]
        /// The parent's type, and the properties of the parent's columns, when the key does not
        /// reference the parent's primary key.
        package var destination: (type: String, properties: [String])?

        /// Creates a foreign key.
        package init(name: String, properties: [String], destination: (type: String, properties: [String])? = nil) {
            self.name = name
            self.properties = properties
            self.destination = destination
        }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.properties == rhs.properties
                && lhs.destination?.type == rhs.destination?.type && lhs.destination?.properties == rhs.destination?.properties
        }
    }

    /// An association: `static let author = belongsTo(Author.self, key: "author")`.
    package struct Association: Sendable, Equatable {
        /// `belongsTo`, `hasMany` or `hasOne`.
        package var kind: Kind
        /// The static property's name, and the association's key: `author`.
        package var name: String
        /// The other record's type: `Author`.
        package var destination: String
        /// The foreign key it uses, qualified (`Book.authorForeignKey`); nil when GRDB finds it
        /// in the database's schema.
        package var foreignKey: String?

        /// The kinds of associations.
        package enum Kind: String, Sendable, Equatable {
            case belongsTo, hasMany, hasOne
        }

        /// Creates an association.
        package init(kind: Kind, name: String, destination: String, foreignKey: String? = nil) {
            self.kind = kind
            self.name = name
            self.destination = destination
            self.foreignKey = foreignKey
        }
    }
}

// MARK: - GeneratedRecords

/// Every record type of a schema file, with what the code that declares them shares.
///
/// ```swift
/// let generated = try RecordGenerator(file: file).records()
/// generated.access     // .internal
/// generated.sourceName // "schema.yaml"
/// ```
package struct GeneratedRecords: Sendable, Equatable {
    /// The file's name, without its folder, for the generated file's header.
    package var sourceName: String
    /// The access level of the types and their members.
    package var access: RecordOverrides.AccessLevel
    /// The tables' records in file order, then the views'.
    package var records: [GeneratedRecord]
    /// What the generator could not tell, and guessed (a view's column whose type SQLite does
    /// not know): each a ``SchemaError`` located in the file, to print as a warning.
    package var warnings: [SchemaError]

    /// Creates the records of a file.
    package init(sourceName: String, access: RecordOverrides.AccessLevel, records: [GeneratedRecord],
                 warnings: [SchemaError] = []) {
        self.sourceName = sourceName
        self.access = access
        self.records = records
        self.warnings = warnings
    }
}
