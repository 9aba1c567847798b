// MARK: - Associations

extension RecordGenerator {
    /// Names that GRDB's record protocols give static members: an association is never one.
    static let reservedStaticNames: Set = [
        "databaseTableName", "databaseSelection", "databaseColumnDecodingStrategy", "databaseColumnEncodingStrategy",
        "persistenceConflictPolicy", "databaseEncodingUserInfo", "databaseDecodingUserInfo", "all", "none",
    ]

    /// Adds the associations of each foreign key between declared tables: `belongsTo` on the
    /// child, named after the parent (`Book.author`), and `hasMany` on the parent, named after
    /// the child (`Author.books`), or `hasOne` when the key's columns are unique in the child.
    ///
    /// When two keys of a child reach the same parent, or a key reaches its own table, each
    /// `belongsTo` is named after its columns (`translator_id`: `Book.translator`), the other side
    /// after the child and that name (`Person.booksAsTranslator`), and a key that two keys
    /// could be is spelled out on the child (`Book.translatorForeignKey`).
    func associate(_ records: inout [GeneratedRecord]) throws {
        let tables = file.schema.tables
        var toParent = Array(repeating: [GeneratedRecord.Association](), count: records.count)
        for (childIndex, child) in tables.enumerated() {
            let keys = child.allForeignKeys.compactMap { key in
                tables.firstIndex { $0.name.isSameName(as: key.table) }.map { (key: key, parent: $0) }
            }
            for (key, parentIndex) in keys {
                let parent = tables[parentIndex]
                let isAmbiguous = keys.filter { $0.parent == parentIndex }.count > 1
                let role = Self.role(of: key, in: records[childIndex])
                let isNamedByRole = isAmbiguous || parentIndex == childIndex
                let isUnique = Self.isUnique(key.columns, in: child)
                var foreignKey: String?
                if isAmbiguous {
                    let name = role + "ForeignKey"
                    records[childIndex].foreignKeys.append(GeneratedRecord.ForeignKey(
                        name: name, properties: Self.properties(of: key.columns, in: records[childIndex]),
                        destination: destination(of: key, parent: parent, record: records[parentIndex])))
                    foreignKey = records[childIndex].typeName + "." + name
                }
                let name = isNamedByRole ? role : SwiftName.association(forTable: parent.name, toMany: false)
                records[childIndex].associations.append(GeneratedRecord.Association(
                    kind: .belongsTo, name: Self.belongsToName(name, of: key, in: records[childIndex]),
                    destination: records[parentIndex].typeName, foreignKey: foreignKey))
                let childName = SwiftName.association(forTable: child.name, toMany: !isUnique)
                toParent[parentIndex].append(GeneratedRecord.Association(
                    kind: isUnique ? .hasOne : .hasMany,
                    name: isNamedByRole ? childName + "As" + SwiftName.capitalized(role) : childName,
                    destination: records[childIndex].typeName, foreignKey: foreignKey))
            }
        }
        for index in records.indices {
            records[index].associations += toParent[index]
            Self.settleNames(of: &records[index])
            try refuseClashes(in: records[index], of: tables[index])
        }
    }

    /// The name of the part a key plays, from its columns: `translator_id` → `translator`,
    /// `[author_first, author_last]` → `authorFirstAuthorLast`.
    private static func role(of key: Schema.ForeignKey, in record: GeneratedRecord) -> String {
        var words = key.columns.flatMap(SwiftName.words(of:))
        if key.columns.count == 1, words.count > 1, words.last?.lowercased() == "id" {
            words.removeLast()
        } else if key.columns.count == 1, words.count == 1, let word = words.first, word.count > 2,
                  word.hasSuffix("Id") || word.hasSuffix("ID") {
            words = [String(word.dropLast(2))]
        }
        return SwiftName.lowerCamelCase(words)
    }

    /// The name of a `belongsTo`: `name`, or `nameRecord` when the key is one column whose
    /// property already has that name (`parent REFERENCES notes` in `notes`, `author REFERENCES
    /// authors`): the key's own column is no clash to refuse, and the association steps aside.
    ///
    /// ```swift
    /// belongsToName("parent", of: key, in: note) // "parentRecord"
    /// ```
    private static func belongsToName(_ name: String, of key: Schema.ForeignKey, in record: GeneratedRecord) -> String {
        properties(of: key.columns, in: record) == [name] ? name + "Record" : name
    }

    /// The parent's columns of a key that names columns other than the parent's primary key.
    private func destination(of key: Schema.ForeignKey, parent: Schema.Table,
                             record: GeneratedRecord) -> (type: String, properties: [String])? {
        let referenced = key.referencedColumns
        guard !referenced.isEmpty,
              !referenced.elementsEqual(parent.primaryKeyColumns, by: { $0.isSameName(as: $1) }) else { return nil }
        return (record.typeName, Self.properties(of: referenced, in: record))
    }

    /// The properties of `columns`.
    private static func properties(of columns: [String], in record: GeneratedRecord) -> [String] {
        columns.map { column in record.properties.first { $0.column.isSameName(as: column) }?.name ?? column }
    }

    /// Whether `columns` are unique in `table`: its primary key, a column's `unique`, a
    /// table-level `unique`, or a unique index over those columns without a `where`.
    static func isUnique(_ columns: [String], in table: Schema.Table) -> Bool {
        let names = Set(columns.map(\.sqlName))
        var uniqueSets = [table.primaryKeyColumns] + table.uniqueConstraints
        uniqueSets += table.columns.filter(\.isUnique).map { [$0.name] }
        uniqueSets += table.indexes.filter { $0.isUnique && $0.condition == nil }.compactMap(\.columnNames)
        return uniqueSets.contains { !$0.isEmpty && Set($0.map(\.sqlName)) == names }
    }

    /// Gives each static member its own name (an association that would take another's, or one
    /// of GRDB's, gets a number after it).
    private static func settleNames(of record: inout GeneratedRecord) {
        var taken = reservedStaticNames.union(record.foreignKeys.map(\.name))
        for index in record.associations.indices {
            let base = record.associations[index].name
            var name = base
            var number = 2
            while taken.contains(name) {
                name = base + String(number)
                number += 1
            }
            taken.insert(name)
            record.associations[index].name = name
        }
    }

    /// Refuses a column whose property has the name of an association of its record: the
    /// record's request property for the association (`var author: QueryInterfaceRequest<Author>`)
    /// would have the column's name too. The error is at the column (or at its `swift: { name }`),
    /// the name a user can change.
    private func refuseClashes(in record: GeneratedRecord, of table: Schema.Table) throws {
        for association in record.associations {
            guard let property = record.properties.first(where: { $0.name == association.name }) else {
                guard association.name == "id", case .computed(let key, _) = record.identity else { continue }
                throw SchemaError.conflict(
                    "the association 'id' of \(record.typeName) (\(association.kind.rawValue) \(association.destination), "
                        + "made from a foreign key) would have the name of its id, the property '\(key)' of its primary "
                        + "key; rename the foreign key's columns or the table", at: location(.table(table.name)))
            }
            let override = file.recordOverrides.record(named: table.name)?.property(named: property.column)
            throw SchemaError.conflict(
                "column '\(property.column)' of table '\(table.name)' would be the property '\(property.name)' of "
                    + "\(record.typeName), the name of its association '\(association.name)' "
                    + "(\(association.kind.rawValue) \(association.destination), made from a foreign key); rename the "
                    + "column, or give its property another name with swift: { name: … }",
                at: override?.nameLocation ?? location(.column(table: table.name, column: property.column)))
        }
    }
}
