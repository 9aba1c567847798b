// MARK: - RecordOverrides

/// What schema.yaml's `swift` keys say of the Swift record types generated from it: the access
/// level, a record's type name, and a property's name, type and storage. A sync never reads
/// them; only code generation does.
///
/// ```swift
/// var overrides = RecordOverrides()
/// overrides.access = .public
/// overrides.records["authors"] = RecordOverrides.Record(typeName: "Writer")
/// overrides.records["authors"]?.properties["born_on"] = RecordOverrides.Property(name: "birthday")
/// overrides.record(named: "AUTHORS")?.typeName // "Writer"
/// ```
package struct RecordOverrides: Sendable, Equatable {
    /// The access level of the generated types and their members; nil for the default, internal.
    package var access: AccessLevel?
    /// Where `access` is written.
    package var accessLocation: SourceLocation?
    /// The overrides of each table or view, by its name as declared.
    package var records: [String: Record] = [:]

    /// No override at all.
    package init() {}

    /// The overrides of the table or view with this name, compared as SQLite compares names.
    package func record(named name: String) -> Record? {
        records.first { $0.key.isSameName(as: name) }?.value
    }

    // MARK: Access levels

    /// The access level of the generated code: `public` for the types of a library target.
    ///
    /// ```swift
    /// RecordOverrides.AccessLevel(rawValue: "public") // .public
    /// ```
    package enum AccessLevel: String, Sendable, CaseIterable {
        case `internal`, `package`, `public`
    }

    // MARK: Records

    /// The overrides of one table or view.
    ///
    /// ```swift
    /// let record = RecordOverrides.Record(typeName: "Writer", typeNameLocation: nil)
    /// ```
    package struct Record: Sendable, Equatable {
        /// The record type's name, in place of the one made from the table's name.
        package var typeName: String?
        /// Where `typeName` is written.
        package var typeNameLocation: SourceLocation?
        /// The overrides of each column, by its name as declared.
        package var properties: [String: Property] = [:]

        /// Creates the overrides of a record.
        package init(typeName: String? = nil, typeNameLocation: SourceLocation? = nil,
                     properties: [String: Property] = [:]) {
            self.typeName = typeName
            self.typeNameLocation = typeNameLocation
            self.properties = properties
        }

        /// The overrides of the column with this name, compared as SQLite compares names.
        package func property(named column: String) -> Property? {
            properties.first { $0.key.isSameName(as: column) }?.value
        }
    }

    // MARK: Properties

    /// The overrides of one column's property.
    ///
    /// ```swift
    /// let uuid = RecordOverrides.Property(type: "UUID", storage: .text)
    /// ```
    package struct Property: Sendable, Equatable {
        /// The property's name, in place of the one made from the column's name.
        package var name: String?
        /// Where `name` is written.
        package var nameLocation: SourceLocation?
        /// The property's Swift type, in place of the one made from the column's declared type.
        package var type: String?
        /// Where `type` is written.
        package var typeLocation: SourceLocation?
        /// How a `Date` or `UUID` is stored; nil for the storage the column's type calls for.
        package var storage: Storage?
        /// Where `storage` is written.
        package var storageLocation: SourceLocation?

        /// Creates the overrides of a property.
        package init(name: String? = nil, nameLocation: SourceLocation? = nil, type: String? = nil,
                     typeLocation: SourceLocation? = nil, storage: Storage? = nil, storageLocation: SourceLocation? = nil) {
            self.name = name
            self.nameLocation = nameLocation
            self.type = type
            self.typeLocation = typeLocation
            self.storage = storage
            self.storageLocation = storageLocation
        }
    }

    /// How a `Date` (text or number) or a `UUID` (text or blob) is stored.
    ///
    /// ```swift
    /// RecordOverrides.Storage(rawValue: "number") // .number
    /// ```
    package enum Storage: String, Sendable, CaseIterable {
        case text, number, blob
    }
}
