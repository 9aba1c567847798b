import Foundation
import Yams

// MARK: - SchemaParser

/// Reads the composed YAML document of schema.yaml into the declared schema, the drop list and
/// the upgrades (whose scripts are read afterwards by ``UpgradeScriptReader``), and runs every
/// check that needs no file but schema.yaml.
///
/// ```swift
/// let parsed = try SchemaParser(reader: YAMLReader(file: "schema.yaml")).parse(root)
/// parsed.schema.tables.map(\.name)
/// ```
struct SchemaParser {
    /// The keys allowed at the top level.
    static let keys = SchemaFormat.TopLevel.all.names
    /// The keys a view mapping accepts.
    static let viewKeys = SchemaFormat.View.all.names
    /// The keys a virtual table mapping accepts.
    static let virtualTableKeys = SchemaFormat.VirtualTable.all.names
    /// The keys allowed under `drop`.
    static let dropKeys = SchemaFormat.Drop.all.names
    /// How errors name the top level.
    static let topLevel = "the top level of the file"

    /// Reads the nodes.
    var reader: YAMLReader

    // MARK: Result

    /// What schema.yaml declares, before the upgrade scripts are read.
    struct Declarations {
        /// `version`.
        var version: SemanticVersion
        /// The tables, views and triggers.
        var schema: Schema
        /// `drop`.
        var drop: DropList
        /// `upgrades`, in ascending version order.
        var upgrades: [DeclaredUpgrade]
        /// `seed`: the script paths, in their written order.
        var seeds: [Located<String>] = []
        /// Where each object is written (see ``SchemaFile/locations``).
        var locations: [Declaration: SourceLocation]
        /// `legacy`, when the file has it.
        var legacy: LegacyVersionMap?
        /// `compatibility`, when the file has it.
        var compatibility: Compatibility?
        /// `ignore`, in its written order.
        var ignore: [NamePattern]
        /// `compatible_from`, when the file has it.
        var compatibleFrom: SemanticVersion?
    }

    /// An `upgrades` entry: its version and the script paths as written.
    struct DeclaredUpgrade {
        /// The key, read as a version.
        var version: SemanticVersion
        /// The key's node.
        var keyNode: Node
        /// The script paths, in their written order.
        var paths: [Located<String>]
        /// `older_builds_read_it` of an entry written as a mapping.
        var olderBuildsReadIt = false
    }

    // MARK: Parsing

    /// Reads the document; `root` is nil for an empty file.
    func parse(_ root: Node?) throws -> Declarations {
        guard let root else {
            throw SchemaError.missingKey("version", in: "the file, which is empty",
                                         at: SourceLocation(file: reader.file, line: 1, column: 1))
        }
        let byKey = try topLevelEntries(root)
        guard let versionEntry = byKey["version"] else {
            throw SchemaError.missingKey("version", in: Self.topLevel, at: reader.location(of: root))
        }
        let version = try self.version(versionEntry.value, key: "version", in: Self.topLevel)
        guard let tablesEntry = byKey["tables"] else {
            throw SchemaError.missingKey("tables", in: Self.topLevel, at: reader.location(of: root))
        }

        var found = Found(checker: SchemaChecker(reader: reader), locations: [.version: reader.location(of: versionEntry.value)])
        try tables(tablesEntry, into: &found)
        if let entry = byKey["views"] { try views(entry, into: &found) }
        if let entry = byKey["virtual_tables"] { try virtualTables(entry, into: &found) }
        if let entry = byKey["triggers"] { try triggers(entry, into: &found) }
        if let entry = byKey["drop"] { found.checker.drop = try drop(entry) }
        if let entry = byKey["compatibility"] { found.checker.compatibility = try compatibility(entry) }
        let upgrades = try byKey["upgrades"].map { try self.upgrades($0, version: version) } ?? []
        for upgrade in upgrades {
            found.locations[.upgrade(upgrade.version)] = reader.location(of: upgrade.keyNode)
        }
        let legacy = try byKey["legacy"].map { try LegacyParser(reader: reader).parse($0, version: version) }
        let ignore = try byKey["ignore"].map(ignorePatterns) ?? []
        let compatibleFrom = try byKey["compatible_from"].map { try self.compatibleFrom($0, version: version) }
        found.checker.ignored = SchemaFile.ignoredNames(ignore, legacy: legacy, drop: found.checker.dropList)

        try found.checker.check()
        for (path, location) in found.checker.dropLocations { found.locations[path] = location }
        let checker = found.checker
        return Declarations(
            version: version,
            schema: Schema(tables: checker.tables.map(\.table), views: checker.views.map(\.value),
                           triggers: checker.triggers.map(\.value), virtualTables: checker.virtualTables.map(\.value)),
            drop: checker.dropList,
            upgrades: upgrades,
            seeds: try byKey["seed"].map { try scriptPaths($0.value, key: "seed", in: Self.topLevel) } ?? [],
            locations: found.locations,
            legacy: legacy,
            compatibility: checker.compatibility?.compatibility,
            ignore: ignore,
            compatibleFrom: compatibleFrom)
    }

    /// `compatible_from`: a version no higher than `version`.
    private func compatibleFrom(_ entry: YAMLEntry, version: SemanticVersion) throws -> SemanticVersion {
        let floor = try self.version(entry.value, key: entry.key, in: Self.topLevel)
        if floor > version {
            throw SchemaError.invalidValue(floor.description, for: entry.key, in: Self.topLevel,
                                           reason: "the floor cannot be above version \(version): builds from "
                                               + "\(floor) on could never have written this schema",
                                           at: reader.location(of: entry.value))
        }
        return floor
    }

    /// What the sections read so far declare: the objects, for the checks across them, and where
    /// each is written.
    private struct Found {
        var checker: SchemaChecker
        var locations: [Declaration: SourceLocation]
    }

    /// The top-level entries by key. An optional section left empty (every entry commented out,
    /// say) declares nothing, as if it were not there.
    private func topLevelEntries(_ root: Node) throws -> [String: YAMLEntry] {
        let entries = try reader.entries(of: root, key: "", in: "the file", owner: Self.topLevel, allowed: Self.keys,
                                         expected: "a mapping with 'version' and 'tables'")
        let optional: Set<String> = ["virtual_tables", "views", "triggers", "drop", "ignore", "upgrades", "seed", "legacy",
                                     "compatibility"]
        var byKey: [String: YAMLEntry] = [:]
        for entry in entries where !(optional.contains(entry.key) && reader.isNull(entry.value)) {
            byKey[entry.key] = entry
        }
        return byKey
    }

    // MARK: Sections

    /// `tables:` name → table, each with where its columns, defaults and indexes are written.
    private func tables(_ entry: YAMLEntry, into found: inout Found) throws {
        let tableParser = TableParser(reader: reader)
        let tableEntries = try reader.namedEntries(
            of: entry.value, key: "tables", in: Self.topLevel,
            expected: "a mapping of table names to tables ({} for none)")
        for entry in tableEntries {
            let declared = try tableParser.parse(entry)
            found.checker.tables.append(declared)
            let table = declared.table.name
            found.locations[.table(table)] = reader.location(of: declared.keyNode)
            for column in declared.columns {
                found.locations[.column(table: table, column: column.column.name)] = reader.location(of: column.keyNode)
                if let value = (column.entries["default"] ?? column.entries["default_sql"])?.value {
                    found.locations[.columnDefault(table: table, column: column.column.name)] = reader.location(of: value)
                }
            }
            for (index, node) in zip(declared.table.indexes, declared.indexKeyNodes) {
                found.locations[.index(table: table, index: index.name)] = reader.location(of: node)
            }
        }
    }

    /// `views:` name → SELECT, or name → {columns, select}.
    private func views(_ entry: YAMLEntry, into found: inout Found) throws {
        for view in try reader.namedEntries(of: entry.value, key: "views", in: Self.topLevel,
                                            expected: "a mapping of view names to SELECT statements") {
            found.checker.views.append(try self.view(view))
            found.locations[.view(view.key)] = reader.location(of: view.keyNode)
        }
    }

    /// `virtual_tables:` name → module(arguments…), or name → {module, arguments}.
    private func virtualTables(_ entry: YAMLEntry, into found: inout Found) throws {
        for table in try reader.namedEntries(of: entry.value, key: "virtual_tables", in: Self.topLevel,
                                             expected: "a mapping of table names to virtual tables") {
            found.checker.virtualTables.append(try virtualTable(table))
            found.locations[.virtualTable(table.key)] = reader.location(of: table.keyNode)
        }
    }

    /// `triggers:` name → CREATE TRIGGER statement.
    private func triggers(_ entry: YAMLEntry, into found: inout Found) throws {
        for trigger in try reader.namedEntries(of: entry.value, key: "triggers", in: Self.topLevel,
                                               expected: "a mapping of trigger names to CREATE TRIGGER statements") {
            found.checker.triggers.append(try self.trigger(trigger))
            found.checker.triggerStatementNodes.append(trigger.value)
            found.locations[.trigger(trigger.key)] = reader.location(of: trigger.keyNode)
        }
    }

    /// `ignore:` a list of name patterns, each a name in which `*` matches any run of characters.
    private func ignorePatterns(_ entry: YAMLEntry) throws -> [NamePattern] {
        try reader.nameList(entry, in: Self.topLevel, example: "[_audit_*, cache_entries]").map { NamePattern($0.name) }
    }

    // MARK: Versions

    /// A semantic version (`1.4` means `1.4.0`).
    private func version(_ node: Node, key: String, in context: String) throws -> SemanticVersion {
        let text = try reader.string(node, key: key, in: context, expected: "a version such as 1.4.0")
        guard let version = SemanticVersion(text) else {
            throw SchemaError.invalidVersion(text, at: reader.location(of: node))
        }
        return version
    }

    // MARK: One view, trigger or virtual table

    /// `name: SELECT …`, or `name: {columns: [a, b], select: SELECT …}` for a view that names its
    /// columns itself (`CREATE VIEW name (a, b) AS SELECT …`).
    private func view(_ entry: YAMLEntry) throws -> Located<Schema.View> {
        let context = "'views'"
        guard case .mapping = entry.value else {
            return Located(value: Schema.View(name: entry.key, select: try select(entry, in: context)), node: entry.keyNode)
        }
        let viewContext = "view '\(entry.key)'"
        let options = try reader.entries(of: entry.value, key: entry.key, in: context, owner: viewContext,
                                         allowed: Self.viewKeys, expected: "a SELECT statement, or a mapping with 'select'")
        var view = Schema.View(name: entry.key, select: "")
        for option in options {
            switch option.key {
            case SchemaFormat.View.select.name: view.select = try select(option, in: viewContext)
            case SchemaFormat.View.columns.name: view.columnNames = try reader.nameList(option, in: viewContext, example: "[id, title]").map(\.name)
            default: break
            }
        }
        if view.select.isEmpty {
            throw SchemaError.missingKey("select", in: viewContext, at: reader.location(of: entry.keyNode))
        }
        return Located(value: view, node: entry.keyNode)
    }

    /// A view's SELECT statement.
    private func select(_ entry: YAMLEntry, in context: String) throws -> String {
        let select = try reader.text(entry, in: context, expected: "a SELECT statement")
        let first = SQLTokenizer.tokens(in: select).first
        guard let first, ["SELECT", "WITH", "VALUES"].contains(first.keyword ?? "") else {
            throw SchemaError.invalidValue(
                Self.abbreviated(select), for: entry.key, in: context,
                reason: "a view is written as its SELECT statement alone, without CREATE VIEW … AS",
                at: reader.location(of: entry.value))
        }
        return select
    }

    /// `name: CREATE TRIGGER name … ON table BEGIN … END`.
    private func trigger(_ entry: YAMLEntry) throws -> Located<Schema.Trigger> {
        let context = "'triggers'"
        let sql = try reader.text(entry, in: context, expected: "a CREATE TRIGGER statement")
        switch TriggerStatement.parse(sql) {
        case .failure(.notCreateTrigger):
            throw SchemaError.invalidValue(
                Self.abbreviated(sql), for: entry.key, in: context,
                reason: "a trigger is written as its whole statement: "
                    + "CREATE TRIGGER \(entry.key) … ON table BEGIN … END",
                at: reader.location(of: entry.value))
        case .failure(.temporary):
            throw SchemaError.invalidValue(
                Self.abbreviated(sql), for: entry.key, in: context,
                reason: "a TEMP trigger lives only as long as the connection that creates it; "
                    + "declare it without TEMP", at: reader.location(of: entry.value))
        case .failure(.missingTable):
            throw SchemaError.invalidValue(
                Self.abbreviated(sql), for: entry.key, in: context,
                reason: "the statement has no 'ON table' before BEGIN", at: reader.location(of: entry.value))
        case .success(let head):
            guard head.name.isSameName(as: entry.key) else {
                throw SchemaError.conflict(
                    "trigger '\(entry.key)' is declared with a statement that creates trigger '\(head.name)'; "
                        + "the key and the name in CREATE TRIGGER must be the same",
                    at: reader.location(of: entry.value))
            }
            // The statement's spelling of the name is the one SQLite stores.
            return Located(value: Schema.Trigger(name: head.name, table: head.table, sql: sql), node: entry.keyNode)
        }
    }

    /// `name: module(arguments…)`, or `name: {module: …, arguments: […]}`.
    private func virtualTable(_ entry: YAMLEntry) throws -> Located<Schema.VirtualTable> {
        let context = "virtual table '\(entry.key)'"
        if case .scalar = entry.value, !reader.isNull(entry.value) {
            let text = try reader.text(entry, in: "'virtual_tables'", expected: "a module and its arguments, such as fts5(title, body)")
            guard let statement = try? CreateVirtualTableStatement(
                sql: "CREATE VIRTUAL TABLE \(SQLText.quote(entry.key)) USING " + text) else {
                throw SchemaError.invalidValue(
                    Self.abbreviated(text), for: entry.key, in: "'virtual_tables'",
                    reason: "a virtual table is written as its module and arguments, such as fts5(title, body, tokenize='porter')",
                    at: reader.location(of: entry.value))
            }
            return Located(value: Schema.VirtualTable(name: entry.key, module: statement.module,
                                                      arguments: statement.arguments), node: entry.keyNode)
        }
        let options = try reader.entries(of: entry.value, key: entry.key, in: "'virtual_tables'", owner: context,
                                         allowed: Self.virtualTableKeys,
                                         expected: "a module and its arguments, such as fts5(title, body), or a mapping with 'module'")
        var table = Schema.VirtualTable(name: entry.key, module: "")
        for option in options {
            switch option.key {
            case SchemaFormat.VirtualTable.module.name: table.module = try reader.name(option.value, key: option.key, in: context)
            case SchemaFormat.VirtualTable.arguments.name:
                table.arguments = try reader.nameList(option, in: context, example: "[title, body, \"tokenize='porter'\"]")
                    .map { $0.name.trimmingCharacters(in: .whitespacesAndNewlines) }
            default: break
            }
        }
        if table.module.isEmpty {
            throw SchemaError.missingKey("module", in: context, at: reader.location(of: entry.keyNode))
        }
        return Located(value: table, node: entry.keyNode)
    }

    /// The first line of a long value, shortened for a message.
    static func abbreviated(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        if line.count <= 50, line.count == text.count { return line }
        return String(line.prefix(50)) + "…"
    }

    // MARK: Drop

    /// `drop: {tables, columns, indexes, views, triggers}`.
    private func drop(_ entry: YAMLEntry) throws -> SchemaChecker.DeclaredDrop {
        let context = "'drop'"
        var drop = SchemaChecker.DeclaredDrop()
        let entries = try reader.entries(of: entry.value, key: "drop", in: Self.topLevel, owner: context, allowed: Self.dropKeys,
                                         expected: "a mapping with 'tables', 'columns', 'indexes', 'views' or 'triggers'")
        func names(_ option: YAMLEntry, in context: String) throws -> [Located<String>] {
            try reader.nameList(option, in: context, example: "[a, b]").map { Located(value: $0.name, node: $0.node) }
        }
        for option in entries {
            switch option.key {
            case SchemaFormat.Drop.tables.name: drop.tables = try names(option, in: context)
            case SchemaFormat.Drop.indexes.name: drop.indexes = try names(option, in: context)
            case SchemaFormat.Drop.views.name: drop.views = try names(option, in: context)
            case SchemaFormat.Drop.triggers.name: drop.triggers = try names(option, in: context)
            case SchemaFormat.Drop.columns.name:
                let tables = try reader.namedEntries(of: option.value, key: "columns", in: context,
                                                     expected: "a mapping of table names to column lists")
                for table in tables {
                    drop.columns.append((Located(value: table.key, node: table.keyNode),
                                         try names(table, in: "'drop.columns'")))
                }
            default: break
            }
        }
        return drop
    }

    // MARK: Upgrades

    /// `upgrades:` version → path or list of paths, sorted by version.
    private func upgrades(_ entry: YAMLEntry, version: SemanticVersion) throws -> [DeclaredUpgrade] {
        let context = "'upgrades'"
        let entries = try reader.mapping(entry.value, key: "upgrades", in: Self.topLevel,
                                         expected: "a mapping of versions to script paths")
        var upgrades: [DeclaredUpgrade] = []
        var seen: [SemanticVersion: YAMLEntry] = [:]
        for option in entries {
            let key = try self.version(option.keyNode, key: "upgrades", in: Self.topLevel)
            if let first = seen[key] {
                throw SchemaError.duplicateKey(option.key, in: context, first: first.key,
                                               firstAt: reader.location(of: first.keyNode),
                                               at: reader.location(of: option.keyNode))
            }
            seen[key] = option
            if key > version {
                throw SchemaError.upgradeAboveVersion(upgrade: key, version: version,
                                                      at: reader.location(of: option.keyNode))
            }
            upgrades.append(try upgrade(option, version: key, in: context))
        }
        return upgrades.sorted { $0.version < $1.version }
    }

    /// One `upgrades` entry: a script path, a list of them, or a mapping
    /// `{ script: …, older_builds_read_it: true }`.
    private func upgrade(_ option: YAMLEntry, version: SemanticVersion, in context: String) throws -> DeclaredUpgrade {
        guard case .mapping = option.value else {
            let paths = try scriptPaths(option.value, key: option.key, in: context)
            return DeclaredUpgrade(version: version, keyNode: option.keyNode, paths: paths)
        }
        let owner = "upgrade '\(option.key)'"
        let entries = try reader.entries(of: option.value, key: option.key, in: context, owner: owner,
                                         allowed: SchemaFormat.Upgrade.all.names)
        guard let script = entries.first(where: { $0.key == SchemaFormat.Upgrade.script.name }) else {
            throw SchemaError.missingKey(SchemaFormat.Upgrade.script.name, in: owner, at: reader.location(of: option.value))
        }
        var upgrade = DeclaredUpgrade(version: version, keyNode: option.keyNode,
                                      paths: try scriptPaths(script.value, key: script.key, in: owner))
        if let readable = entries.first(where: { $0.key == SchemaFormat.Upgrade.olderBuildsReadIt.name }) {
            upgrade.olderBuildsReadIt = try reader.bool(readable, in: owner)
        }
        return upgrade
    }

    /// A script path, or a list of at least one, written under `key` in `context`: the scripts
    /// of an upgrade, or `seed`.
    private func scriptPaths(_ node: Node, key: String, in context: String) throws -> [Located<String>] {
        let expected = "a script path or a list of script paths"
        func path(_ node: Node) throws -> Located<String> {
            let path = try reader.string(node, key: key, in: context, expected: expected)
            if path.trimmingCharacters(in: .whitespaces).isEmpty {
                throw SchemaError.invalidValue(path, for: key, in: context,
                                               reason: "a script path cannot be empty", at: reader.location(of: node))
            }
            return Located(value: path, node: node)
        }
        guard case .sequence(let sequence) = node else { return [try path(node)] }
        if sequence.isEmpty {
            let what = key == "seed" ? "the seed" : "the upgrade"
            throw SchemaError.invalidValue("[]", for: key, in: context, reason: "list at least one script, or remove \(what)",
                                           at: reader.location(of: node))
        }
        return try sequence.map(path)
    }
}
