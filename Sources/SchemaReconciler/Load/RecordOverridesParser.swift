import Yams

// MARK: - RecordOverridesParser

/// Reads the `swift` keys of schema.yaml, which only code generation reads: the top level's
/// (`access`), each table's (`name`), each column's (`name`, `type`, `stored_as`) and each view's
/// (`name`, `columns`). It runs on a document that ``SchemaParser`` has read, so the mappings
/// that hold these keys are known to be well formed; what is wrong in a `swift` mapping is a
/// ``SchemaError`` at its line, as anywhere else in the file.
///
/// ```swift
/// let overrides = try RecordOverridesParser(reader: reader).parse(root)
/// overrides.record(named: "authors")?.typeName // "Writer"
/// ```
struct RecordOverridesParser {
    /// Reads the nodes.
    var reader: YAMLReader

    /// The overrides written in the document.
    func parse(_ root: Node) throws -> RecordOverrides {
        var overrides = RecordOverrides()
        let top = try reader.mapping(root, key: "", in: "the file")
        if let swift = top.first(where: { $0.key == SchemaFormat.TopLevel.swift.name }), !reader.isNull(swift.value) {
            try file(swift, into: &overrides)
        }
        if let tables = top.first(where: { $0.key == SchemaFormat.TopLevel.tables.name }) {
            for table in try reader.mapping(tables.value, key: tables.key, in: SchemaParser.topLevel) {
                if let record = try self.table(table) { overrides.records[table.key] = record }
            }
        }
        if let views = top.first(where: { $0.key == SchemaFormat.TopLevel.views.name }), !reader.isNull(views.value) {
            for view in try reader.mapping(views.value, key: views.key, in: SchemaParser.topLevel) {
                if let record = try self.view(view) { overrides.records[view.key] = record }
            }
        }
        return overrides
    }

    // MARK: Mappings

    /// The top level's `swift: { access }`.
    private func file(_ entry: YAMLEntry, into overrides: inout RecordOverrides) throws {
        let context = "'swift' of \(SchemaParser.topLevel)"
        for option in try entries(of: entry, in: SchemaParser.topLevel, owner: context, keys: SchemaFormat.SwiftFile.all) {
            guard option.key == SchemaFormat.SwiftFile.access.name else { continue }
            overrides.access = try choice(option, in: context, as: RecordOverrides.AccessLevel.self)
            overrides.accessLocation = reader.location(of: option.value)
        }
    }

    /// A table's `swift: { name }`, and its columns' `swift`; nil when it has none.
    private func table(_ entry: YAMLEntry) throws -> RecordOverrides.Record? {
        guard case .mapping = entry.value else { return nil }
        let context = "table '\(entry.key)'"
        var record = RecordOverrides.Record()
        let options = try reader.mapping(entry.value, key: entry.key, in: "'tables'")
        if let swift = options.first(where: { $0.key == SchemaFormat.Table.swift.name }) {
            for option in try entries(of: swift, in: context, owner: "'swift' of \(context)", keys: SchemaFormat.SwiftTable.all) {
                guard option.key == SchemaFormat.SwiftTable.name.name else { continue }
                record.typeName = try reader.name(option.value, key: option.key, in: "'swift' of \(context)")
                record.typeNameLocation = reader.location(of: option.value)
            }
        }
        if let columns = options.first(where: { $0.key == SchemaFormat.Table.columns.name }) {
            for column in try reader.mapping(columns.value, key: columns.key, in: context) {
                guard case .mapping = column.value else { continue }
                let swift = try reader.mapping(column.value, key: column.key, in: context)
                    .first { $0.key == SchemaFormat.Column.swift.name }
                if let swift {
                    record.properties[column.key] = try property(swift, in: "column '\(column.key)' of \(context)")
                }
            }
        }
        return record == RecordOverrides.Record() ? nil : record
    }

    /// A view's `swift: { name, columns }`; nil when it has none.
    private func view(_ entry: YAMLEntry) throws -> RecordOverrides.Record? {
        guard case .mapping = entry.value else { return nil }
        let context = "view '\(entry.key)'"
        guard let swift = try reader.mapping(entry.value, key: entry.key, in: "'views'")
            .first(where: { $0.key == SchemaFormat.View.swift.name }) else { return nil }
        var record = RecordOverrides.Record()
        let owner = "'swift' of \(context)"
        for option in try entries(of: swift, in: context, owner: owner, keys: SchemaFormat.SwiftView.all) {
            switch option.key {
            case SchemaFormat.SwiftView.name.name:
                record.typeName = try reader.name(option.value, key: option.key, in: owner)
                record.typeNameLocation = reader.location(of: option.value)
            case SchemaFormat.SwiftView.columns.name:
                for column in try reader.namedEntries(of: option.value, key: option.key, in: owner,
                                                      expected: "a mapping of column names to { name, type }") {
                    record.properties[column.key] = try property(column, in: "column '\(column.key)' of \(owner)")
                }
            default: break
            }
        }
        return record
    }

    /// A column's `swift: { name, type, stored_as }`.
    private func property(_ entry: YAMLEntry, in context: String) throws -> RecordOverrides.Property {
        var property = RecordOverrides.Property()
        let owner = entry.key == SchemaFormat.Column.swift.name ? "'swift' of \(context)" : context
        for option in try entries(of: entry, in: context, owner: owner, keys: SchemaFormat.SwiftProperty.all) {
            let location = reader.location(of: option.value)
            switch option.key {
            case SchemaFormat.SwiftProperty.name.name:
                property.name = try reader.name(option.value, key: option.key, in: owner)
                property.nameLocation = location
            case SchemaFormat.SwiftProperty.type.name:
                property.type = try reader.text(option, in: owner, expected: "a Swift type such as UUID")
                property.typeLocation = location
            case SchemaFormat.SwiftProperty.storedAs.name:
                property.storage = try choice(option, in: owner, as: RecordOverrides.Storage.self)
                property.storageLocation = location
            default: break
            }
        }
        return property
    }

    // MARK: Values

    /// The entries of a `swift` mapping, whose keys must be among `keys`.
    private func entries(of entry: YAMLEntry, in context: String, owner: String,
                         keys: [SchemaFormat.Key]) throws -> [YAMLEntry] {
        try reader.entries(of: entry.value, key: entry.key, in: context, owner: owner, allowed: keys.names,
                           expected: "a mapping with " + keys.names.map { "'\($0)'" }.joined(separator: ", "))
    }

    /// One of the words of `Choice`, as written.
    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ entry: YAMLEntry, in context: String, as: Choice.Type
    ) throws -> Choice where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        let text = try reader.string(entry, in: context, expected: words.joined(separator: ", ", lastSeparator: " or "))
        guard let value = Choice(rawValue: text) else {
            throw SchemaError.invalidValue(
                text, for: entry.key, in: context,
                reason: "write " + words.joined(separator: ", ", lastSeparator: " or "), at: reader.location(of: entry.value))
        }
        return value
    }
}

extension Array where Element == String {
    /// The words joined by `separator`, the last two by `lastSeparator`: `a, b or c`.
    fileprivate func joined(separator: String, lastSeparator: String) -> String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: separator) + lastSeparator + last!
    }
}
