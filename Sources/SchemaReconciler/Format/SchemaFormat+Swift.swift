// MARK: - swift

extension SchemaFormat {
    /// The top level's `swift`: what the record types that `reconcile generate` and the
    /// GenerateRecords plugin write from the file share. A sync ignores every `swift` key.
    ///
    /// ```swift
    /// SchemaFormat.SwiftFile.all.names // ["access"]
    /// ```
    package enum SwiftFile {
        static let access = Key("access", .choice(RecordOverrides.AccessLevel.allCases.map(\.rawValue)),
                                "The access level of the generated types: internal (the default), package, or public "
                                    + "for a library target.")
        static let all = [access]

        /// What the mapping is, in one sentence.
        static let summary = "The Swift record types generated from the file (reconcile generate, the GenerateRecords "
            + "plugin); a sync ignores it."
    }

    /// A table's `swift`: its record type.
    ///
    /// ```swift
    /// SchemaFormat.SwiftTable.all.names // ["name"]
    /// ```
    package enum SwiftTable {
        static let name = Key("name", .name,
                              "The record type's name, in place of the one made from the table's name (books: Book).")
        static let all = [name]

        /// What the mapping is, in one sentence.
        static let summary = "The table's generated record type; a sync ignores it."
    }

    /// A view's `swift`: its record type, and what SQLite cannot tell of its columns.
    ///
    /// ```swift
    /// SchemaFormat.SwiftView.all.names // ["name", "columns"]
    /// ```
    package enum SwiftView {
        static let name = Key("name", .name,
                              "The record type's name, in place of the one made from the view's name.")
        static let columns = Key("columns", .dictionary(keyedBy: .name, of: .mapping(of: .swiftProperty)),
                                 "Column name → its property: a name, or a type written whole (Int, String?) "
                                     + "where SQLite cannot tell the column's type.")
        static let all = [name, columns]

        /// What the mapping is, in one sentence.
        static let summary = "The view's generated record type; a sync ignores it."
    }

    /// A column's `swift`: its property in the record type.
    ///
    /// ```swift
    /// SchemaFormat.SwiftProperty.all.names // ["name", "type", "stored_as"]
    /// ```
    package enum SwiftProperty {
        static let name = Key("name", .name,
                              "The property's name, in place of the one made from the column's name (born_on: bornOn).")
        static let type = Key("type", .text,
                              "The property's Swift type, in place of the one made from the column's type: UUID, Date, "
                                  + "or a Codable type of the app's own, such as an enum.")
        static let storedAs = Key("stored_as", .choice(RecordOverrides.Storage.allCases.map(\.rawValue)),
                                  "How a Date (text or number) or a UUID (text or blob) is stored; by default, as the "
                                      + "column's type calls for.")
        static let all = [name, type, storedAs]

        /// What the mapping is, in one sentence.
        static let summary = "The column's property in the generated record type; a sync ignores it."
    }
}
