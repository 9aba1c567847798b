// MARK: - Change as JSON

extension Change {
    private enum CodingKeys: String, CodingKey {
        case kind, table, from, to, column, index, view, trigger, difference, description
    }

    /// The names a change carries, by the key that writes each.
    private struct Fields {
        var table, from, to, column, index, view, trigger: String?
        var difference: TableDifference?
    }

    /// Writes `{"kind": "addColumn", "table": "users", "column": "nickname", "description": …}`:
    /// the case's name, its fields, and the description, which reading ignores.
    package func encode(to encoder: any Encoder) throws {
        let (kind, fields) = parts
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(fields.table, forKey: .table)
        try container.encodeIfPresent(fields.from, forKey: .from)
        try container.encodeIfPresent(fields.to, forKey: .to)
        try container.encodeIfPresent(fields.column, forKey: .column)
        try container.encodeIfPresent(fields.index, forKey: .index)
        try container.encodeIfPresent(fields.view, forKey: .view)
        try container.encodeIfPresent(fields.trigger, forKey: .trigger)
        try container.encodeIfPresent(fields.difference, forKey: .difference)
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func name(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        let kind = try name(.kind)
        switch kind {
        case "createTable": self = .createTable(table: try name(.table))
        case "renameTable": self = .renameTable(from: try name(.from), to: try name(.to))
        case "renameColumn": self = .renameColumn(table: try name(.table), from: try name(.from), to: try name(.to))
        case "addColumn": self = .addColumn(table: try name(.table), column: try name(.column))
        case "alterTable":
            self = .alterTable(table: try name(.table), difference: try container.decode(TableDifference.self, forKey: .difference))
        case "dropColumn": self = .dropColumn(table: try name(.table), column: try name(.column))
        case "dropTable": self = .dropTable(table: try name(.table))
        case "createIndex": self = .createIndex(table: try name(.table), index: try name(.index))
        case "recreateIndex": self = .recreateIndex(table: try name(.table), index: try name(.index), from: try name(.from))
        case "dropIndex": self = .dropIndex(table: try name(.table), index: try name(.index))
        case "createVirtualTable": self = .createVirtualTable(table: try name(.table))
        case "recreateVirtualTable": self = .recreateVirtualTable(table: try name(.table))
        case "createView": self = .createView(view: try name(.view))
        case "recreateView": self = .recreateView(view: try name(.view))
        case "dropView": self = .dropView(view: try name(.view))
        case "createTrigger": self = .createTrigger(trigger: try name(.trigger), table: try name(.table))
        case "recreateTrigger": self = .recreateTrigger(trigger: try name(.trigger), table: try name(.table))
        case "dropTrigger": self = .dropTrigger(trigger: try name(.trigger))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a change: \(kind)")
        }
    }

    /// The case's name and its fields.
    private var parts: (String, Fields) {
        switch self {
        case .createTable(let table): ("createTable", Fields(table: table))
        case .renameTable(let from, let to): ("renameTable", Fields(from: from, to: to))
        case .renameColumn(let table, let from, let to): ("renameColumn", Fields(table: table, from: from, to: to))
        case .addColumn(let table, let column): ("addColumn", Fields(table: table, column: column))
        case .alterTable(let table, let difference): ("alterTable", Fields(table: table, difference: difference))
        case .dropColumn(let table, let column): ("dropColumn", Fields(table: table, column: column))
        case .dropTable(let table): ("dropTable", Fields(table: table))
        case .createIndex(let table, let index): ("createIndex", Fields(table: table, index: index))
        case .recreateIndex(let table, let index, let from): ("recreateIndex", Fields(table: table, from: from, index: index))
        case .dropIndex(let table, let index): ("dropIndex", Fields(table: table, index: index))
        case .createVirtualTable(let table): ("createVirtualTable", Fields(table: table))
        case .recreateVirtualTable(let table): ("recreateVirtualTable", Fields(table: table))
        case .createView(let view): ("createView", Fields(view: view))
        case .recreateView(let view): ("recreateView", Fields(view: view))
        case .dropView(let view): ("dropView", Fields(view: view))
        case .createTrigger(let trigger, let table): ("createTrigger", Fields(table: table, trigger: trigger))
        case .recreateTrigger(let trigger, let table): ("recreateTrigger", Fields(table: table, trigger: trigger))
        case .dropTrigger(let trigger): ("dropTrigger", Fields(trigger: trigger))
        }
    }
}
