// MARK: - A table's record

extension RecordGenerator {
    /// The record of a table, without its associations.
    func record(of table: Schema.Table, typeName: String) throws -> GeneratedRecord {
        let overrides = file.recordOverrides.record(named: table.name)
        var properties: [GeneratedRecord.Property] = []
        for column in table.columns {
            let property = try self.property(of: column, in: table, override: overrides?.property(named: column.name))
            if let other = properties.first(where: { $0.name == property.name }) {
                throw SchemaError.conflict(
                    "columns '\(other.column)' and '\(column.name)' of table '\(table.name)' would both be the "
                        + "property '\(property.name)' of \(typeName); give one of them another name with "
                        + "swift: { name: … }",
                    at: overrides?.property(named: column.name)?.nameLocation
                        ?? location(.column(table: table.name, column: column.name)))
            }
            properties.append(property)
        }
        let rowID = table.rowIDAliasColumn.flatMap { column in properties.first { $0.column == column.name } }
        let kind: GeneratedRecord.Kind = rowID.map { $0.type == "Int64" && $0.isOptional } == true
            ? .autoIncremented(property: rowID!.name) : .persistable
        return GeneratedRecord(typeName: typeName, databaseName: table.name, kind: kind, properties: properties,
                               identity: identity(of: table, properties: properties), foreignKeys: [], associations: [])
    }

    /// The property of a column.
    private func property(of column: Schema.Column, in table: Schema.Table,
                          override: RecordOverrides.Property?) throws -> GeneratedRecord.Property {
        let context = "column '\(column.name)' of table '\(table.name)'"
        let name = try propertyName(of: column.name, override: override, in: context,
                                    at: location(.column(table: table.name, column: column.name)))
        var type = PropertyType.swiftType(forDeclaredType: column.type)
        if let written = override?.type {
            guard !written.hasSuffix("?") else {
                throw SchemaError.invalidValue(
                    written, for: "type", in: "'swift' of \(context)",
                    reason: "write the type without '?': the property is optional when the column may be NULL "
                        + "(it has no not_null: true)", at: override?.typeLocation ?? location(.table(table.name)))
            }
            type = written
        }
        let isKey = table.primaryKeyColumns.contains { $0.isSameName(as: column.name) }
        let isOptional = column.generated != nil
            || (table.rowIDAliasColumn?.name == column.name && override?.type == nil)
            || (!isKey && !column.isNotNull)
            || Self.replacesNull(column, of: table)
        return GeneratedRecord.Property(
            name: name, column: column.name, type: type, isOptional: isOptional,
            defaultValue: column.generated == nil ? PropertyType.literal(for: column.defaultValue, swiftType: type) : nil,
            isGenerated: column.generated != nil,
            storage: try storage(of: type, declaredType: column.type, override: override, in: context))
    }

    /// A property's name: the one written in `swift: { name }`, checked, or the one made from
    /// the column's name.
    func propertyName(of column: String, override: RecordOverrides.Property?, in context: String,
                      at fallback: SourceLocation) throws -> String {
        if let written = override?.name {
            guard SwiftName.isIdentifier(written) else {
                throw SchemaError.invalidValue(
                    written, for: "name", in: "'swift' of \(context)",
                    reason: "a property name is a Swift name: letters, digits and _, not starting with a digit",
                    at: override?.nameLocation ?? fallback)
            }
            return written
        }
        let made = SwiftName.property(forColumn: column)
        guard !made.isEmpty else {
            throw SchemaError.conflict("\(context) has no letter or digit to make a Swift name of; "
                                           + "give it one with swift: { name: … }", at: fallback)
        }
        return made
    }

    /// How a `Date` or `UUID` property is stored, when not as GRDB stores it by default: a
    /// `Date` in an INTEGER or REAL column as a number, a `UUID` in a TEXT column as text, unless
    /// `stored_as` says otherwise.
    private func storage(of type: String, declaredType: String?, override: RecordOverrides.Property?,
                         in context: String) throws -> GeneratedRecord.Property.Storage? {
        let affinity = TypeAffinity(declaredType: declaredType)
        let written = override?.storage
        func refuse(_ reason: String) -> SchemaError {
            .invalidValue(written?.rawValue ?? "", for: "stored_as", in: "'swift' of \(context)", reason: reason,
                          at: override?.storageLocation ?? location(.version))
        }
        switch type {
        case "Date":
            switch written ?? (affinity == .integer || affinity == .real ? .number : .text) {
            case .text: return nil
            case .number: return affinity == .integer ? .dateAsSeconds : .dateAsTimeInterval
            case .blob: throw refuse("a Date is stored as text or as a number")
            }
        case "UUID":
            switch written ?? (affinity == .text ? .text : .blob) {
            case .text: return .uuidAsText
            case .blob: return nil
            case .number: throw refuse("a UUID is stored as text or as a blob")
            }
        default:
            guard written == nil else {
                throw refuse("stored_as says how a Date or a UUID is stored; the property is a \(type)")
            }
            return nil
        }
    }

    // MARK: Keys

    /// Whether an insert may leave the column out, or give it NULL, and get its default: it is
    /// `NOT NULL ON CONFLICT REPLACE` with a default that is not NULL, as SQLiteData writes
    /// its columns (`"id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())`).
    private static func replacesNull(_ column: Schema.Column, of table: Schema.Table) -> Bool {
        guard column.isNotNull, column.generated == nil, let value = column.defaultValue, !value.isNull else { return false }
        return table.conflictResolutions[.notNull(column: column.name)] == .replace
    }

    /// How the record is `Identifiable`: when its primary key is one column, by that column's
    /// property, `id` or another name.
    private func identity(of table: Schema.Table, properties: [GeneratedRecord.Property]) -> GeneratedRecord.Identity? {
        let key = table.primaryKeyColumns
        guard key.count == 1, let property = properties.first(where: { $0.column.isSameName(as: key[0]) }) else {
            return nil
        }
        if property.name == "id" { return .stored }
        guard !properties.contains(where: { $0.name == "id" }) else { return nil }
        return .computed(property: property.name, type: property.type + (property.isOptional ? "?" : ""))
    }
}
