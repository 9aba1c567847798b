import Foundation

// MARK: - RecordGenerator

/// Makes the GRDB record types of a loaded schema.yaml, as values (``GeneratedRecords``): one
/// per table, then one per view, named by ``SwiftName`` and typed by ``PropertyType``, as the
/// file's `swift` keys (``RecordOverrides``) do not say otherwise. It reads the declared model
/// only; what the model cannot say, the columns of a view and their types, it takes from what
/// SQLite told the loader (``SchemaFile/viewColumns``).
///
/// What the generated code cannot be (two tables that make one type name, a `swift` name that
/// is not a Swift name) is a ``SchemaError`` at the line of schema.yaml to change.
///
/// ```swift
/// var loader = SchemaLoader()
/// loader.readsScripts = false
/// let file = try loader.load(contentsOf: URL(fileURLWithPath: "schema.yaml"))
/// let generated = try RecordGenerator(file: file).records()
/// generated.records.map(\.typeName) // ["Author", "Book", "BookTitle"]
/// ```
package struct RecordGenerator {
    /// The loaded file, with its views' columns as SQLite read them (``SchemaFile/viewColumns``).
    package var file: SchemaFile

    /// A generator for `file`.
    package init(file: SchemaFile) {
        self.file = file
    }

    /// Type names the generated code uses itself, or that would hide, in the app's module, a type
    /// of Swift, Foundation or SwiftUI that apps use every day (`tasks` would hide Swift's `Task`):
    /// a table whose type would have one of them gets `Record` after it (`rows` → `RowRecord`,
    /// `tasks` → `TaskRecord`).
    static let reservedTypeNames: Set = [
        "Any", "Bool", "Codable", "CodingKey", "Column", "Columns", "CodingKeys", "Data", "Database", "Date",
        "Decodable", "Double", "Encodable", "Error", "FetchableRecord", "ForeignKey", "Foundation", "GRDB", "Hashable",
        "Identifiable", "InsertionSuccess", "Int", "Int64", "MutablePersistableRecord", "Never", "Optional",
        "PersistableRecord", "Protocol", "QueryInterfaceRequest", "Record", "Row", "Self", "Sendable", "String",
        "TableRecord", "Type", "UUID",
        // Swift and Foundation
        "Actor", "Array", "Bundle", "Calendar", "Character", "Decimal", "Dictionary", "Float", "Locale",
        "MainActor", "Notification", "Operation", "Range", "Result", "Set", "Task", "Thread", "Timer", "TimeZone",
        "URL", "Void",
        // SwiftUI
        "App", "Binding", "Button", "Color", "Environment", "Font", "Form", "Group", "Image", "Label", "Link",
        "List", "Menu", "Scene", "Section", "State", "Table", "Text", "Toggle", "View", "Window",
    ]

    // MARK: Generating

    /// The records of every table and view.
    ///
    /// - Throws: ``SchemaError``, located at the key of schema.yaml to change.
    package func records() throws -> GeneratedRecords {
        let schema = file.schema
        let typeNames = try self.typeNames()
        var records: [GeneratedRecord] = []
        for (table, typeName) in zip(schema.tables, typeNames) {
            records.append(try record(of: table, typeName: typeName))
        }
        try associate(&records)
        var warnings: [SchemaError] = []
        for (view, typeName) in zip(schema.views, typeNames.dropFirst(schema.tables.count)) {
            records.append(try record(of: view, typeName: typeName, warnings: &warnings))
        }
        return GeneratedRecords(sourceName: file.url.lastPathComponent, access: file.recordOverrides.access ?? .internal,
                                records: records, warnings: warnings)
    }

    // MARK: Type names

    /// The type name of each table, then of each view: each its own.
    private func typeNames() throws -> [String] {
        let named = file.schema.tables.map { ($0.name, Declaration.table($0.name.sqlName), "table") }
            + file.schema.views.map { ($0.name, Declaration.view($0.name.sqlName), "view") }
        var names: [String] = []
        var owners: [String: String] = [:]
        for (name, declaration, kind) in named {
            let override = file.recordOverrides.record(named: name)
            let typeName: String
            if let written = override?.typeName {
                guard SwiftName.isIdentifier(written), !SwiftName.keywords.contains(written) else {
                    throw SchemaError.invalidValue(
                        written, for: "name", in: "'swift' of \(kind) '\(name)'",
                        reason: "a type name is a Swift name: letters, digits and _, not starting with a digit",
                        at: override?.typeNameLocation ?? location(declaration))
                }
                typeName = written
            } else {
                let made = SwiftName.type(forTable: name)
                guard !made.isEmpty else {
                    throw SchemaError.conflict(
                        "\(kind) '\(name)' has no letter or digit to make a Swift type name of; "
                            + "give it one with swift: { name: … }", at: location(declaration))
                }
                typeName = Self.reservedTypeNames.contains(made) ? made + "Record" : made
            }
            if let other = owners[typeName] {
                throw SchemaError.conflict(
                    "\(kind) '\(name)' and \(other) would both be the Swift type '\(typeName)'; "
                        + "give one of them another name with swift: { name: … }",
                    at: override?.typeNameLocation ?? location(declaration))
            }
            owners[typeName] = "\(kind) '\(name)'"
            names.append(typeName)
        }
        return names
    }

    // MARK: Locations

    /// Where `declaration` is written in the file.
    func location(_ declaration: Declaration) -> SourceLocation {
        file.locations.location(of: declaration)
    }
}
