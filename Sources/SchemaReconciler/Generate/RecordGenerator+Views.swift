// MARK: - A view's record

extension RecordGenerator {
    /// The Swift types of the affinities SQLite gives an expression in `CREATE TABLE … AS`.
    static let affinityTypes: [String: String] = ["INT": "Int64", "REAL": "Double", "TEXT": "String", "NUM": "Double"]

    /// The record of a view: fetch-only, one optional property per column, typed by the column
    /// it selects, else by the expression's affinity, else `String` after a warning, unless its
    /// `swift: { columns }` writes the type whole. The columns are those SQLite told the loader
    /// (``SchemaFile/viewColumns``); a view it could not read, as it names a table the file
    /// does not declare, has no record.
    func record(of view: Schema.View, typeName: String, warnings: inout [SchemaError]) throws -> GeneratedRecord {
        let overrides = file.recordOverrides.record(named: view.name)
        let context = "view '\(view.name)'"
        guard let columns = file.viewColumns[view.name] else {
            throw SchemaError.conflict(
                "SQLite cannot read the columns of \(context), which names a table the file does not declare; "
                    + "declare the table to generate the view's record", at: location(.view(view.name)))
        }
        var properties: [GeneratedRecord.Property] = []
        for column in columns {
            let override = overrides?.property(named: column.name)
            let columnContext = "column '\(column.name)' of \(context)"
            let name = try propertyName(of: column.name, override: override, in: columnContext,
                                        at: location(.view(view.name)))
            if let other = properties.first(where: { $0.name == name }) {
                throw SchemaError.conflict(
                    "columns '\(other.column)' and '\(column.name)' of \(context) would both be the property '\(name)' "
                        + "of \(typeName); give one of them another name with swift: { columns: { \(column.name): { name: … } } }",
                    at: override?.nameLocation ?? location(.view(view.name)))
            }
            if let storage = override?.storageLocation {
                throw SchemaError.invalidValue(
                    override?.storage?.rawValue ?? "", for: "stored_as", in: columnContext,
                    reason: "a view's record only reads its rows, which GRDB decodes however a Date or UUID is stored",
                    at: storage)
            }
            var property = GeneratedRecord.Property(name: name, column: column.name, type: "String", isOptional: true)
            if let written = override?.type {
                property.isOptional = written.hasSuffix("?")
                property.type = property.isOptional ? String(written.dropLast()) : written
            } else if let type = column.declaredType {
                property.type = PropertyType.swiftType(forDeclaredType: type)
            } else if let affinity = column.affinityType, let type = Self.affinityTypes[affinity] {
                property.type = type
            } else {
                warnings.append(.conflict(
                    "SQLite cannot tell the type of \(columnContext): its property \(typeName).\(name) is a String?; "
                        + "write the column as CAST(… AS INTEGER) (or REAL, TEXT), or give it a type with "
                        + "swift: { columns: { \(column.name): { type: Int } } }", at: location(.view(view.name))))
            }
            properties.append(property)
        }
        for (name, property) in overrides?.properties ?? [:] where !columns.contains(where: { $0.name.isSameName(as: name) }) {
            throw SchemaError.undeclaredReference(
                "column '\(name)' of view '\(view.name)'", in: "'swift' of \(context)",
                suggestion: NameSuggestion.closest(to: name, among: columns.map(\.name)),
                at: property.nameLocation ?? property.typeLocation ?? location(.view(view.name)))
        }
        return GeneratedRecord(typeName: typeName, databaseName: view.name, kind: .fetchOnly, properties: properties,
                               identity: nil, foreignKeys: [], associations: [])
    }
}
