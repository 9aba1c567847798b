// MARK: - Step as JSON

extension Step {
    private enum CodingKeys: String, CodingKey {
        // What the step does: the action's name, and its fields.
        case action, table, from, to, column, index, view, trigger, isUnique, isDeferred
        // How and when.
        case phase, method, changes, rows, droppedIndexes, checks, statements, isCloudKitShared
        // Read only: the name `isCloudKitShared` had before.
        case isSynced
        // Computed, ignored by reading.
        case description, hazards
    }

    /// The fields of an action other than its ``Step/table``, by the key that writes each.
    private struct ActionFields {
        var from, to, column, index, view, trigger: String?
        var isUnique, isDeferred: Bool?
    }

    /// Writes the step as one object: its `action` (`createTable`, `addColumn`, `rebuildTable`…)
    /// with the action's fields beside it (`table`, `column`, `from`, `to`, `index`, `isUnique`,
    /// `isDeferred`, `view`, `trigger`), then `phase`, `method`, `changes`, `rows`,
    /// `droppedIndexes`, the `checks` that count the rows it would refuse, `statements`, and
    /// `isCloudKitShared` when CloudKit shares its table (left out otherwise); and, for people and
    /// scripts, the `description` and the `hazards`, which reading ignores.
    ///
    /// ```json
    /// {"action": "addColumn", "table": "users", "column": "nickname", "isDeferred": false,
    ///  "phase": "expand", "method": "native", "description": "add column users.nickname (native ALTER)", …}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        let (name, fields) = actionParts
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .action)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(fields.from, forKey: .from)
        try container.encodeIfPresent(fields.to, forKey: .to)
        try container.encodeIfPresent(fields.column, forKey: .column)
        try container.encodeIfPresent(fields.index, forKey: .index)
        try container.encodeIfPresent(fields.view, forKey: .view)
        try container.encodeIfPresent(fields.trigger, forKey: .trigger)
        try container.encodeIfPresent(fields.isUnique, forKey: .isUnique)
        try container.encodeIfPresent(fields.isDeferred, forKey: .isDeferred)
        try container.encode(phase, forKey: .phase)
        try container.encode(method, forKey: .method)
        try container.encode(changes, forKey: .changes)
        try container.encodeIfPresent(rows, forKey: .rows)
        try container.encode(droppedIndexes, forKey: .droppedIndexes)
        try container.encode(statements, forKey: .statements)
        try container.encode(checks, forKey: .checks)
        if isCloudKitShared { try container.encode(true, forKey: .isCloudKitShared) }
        try container.encode(description, forKey: .description)
        try container.encode(hazards, forKey: .hazards)
    }

    /// Reads what ``encode(to:)`` writes, and `isSynced`, the name `isCloudKitShared` had before.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try Self.action(in: container), phase: try container.decode(Phase.self, forKey: .phase),
                  method: try container.decode(Method.self, forKey: .method),
                  changes: try container.decode([Change].self, forKey: .changes),
                  rows: try container.decodeIfPresent(Int.self, forKey: .rows),
                  droppedIndexes: try container.decode([String].self, forKey: .droppedIndexes),
                  statements: try container.decode([String].self, forKey: .statements),
                  checks: try container.decode([DataCheck].self, forKey: .checks))
        isCloudKitShared = try container.decodeIfPresent(Bool.self, forKey: .isCloudKitShared)
            ?? container.decodeIfPresent(Bool.self, forKey: .isSynced) ?? false
    }

    /// The action that `container` names, from its fields.
    private static func action(in container: KeyedDecodingContainer<CodingKeys>) throws -> Action {
        func name(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func flag(_ key: CodingKeys) throws -> Bool { try container.decode(Bool.self, forKey: key) }
        let action = try name(.action)
        switch action {
        case "createTable": return .createTable(table: try name(.table))
        case "renameTable": return .renameTable(from: try name(.from), to: try name(.to))
        case "renameColumn": return .renameColumn(table: try name(.table), from: try name(.from), to: try name(.to))
        case "addColumn": return .addColumn(table: try name(.table), column: try name(.column), isDeferred: try flag(.isDeferred))
        case "rebuildTable": return .rebuildTable(table: try name(.table))
        case "editTable": return .editTable(table: try name(.table))
        case "reindexTable": return .reindexTable(table: try name(.table))
        case "dropColumn": return .dropColumn(table: try name(.table), column: try name(.column))
        case "dropTable": return .dropTable(table: try name(.table))
        case "createVirtualTable": return .createVirtualTable(table: try name(.table))
        case "rebuildVirtualTable": return .rebuildVirtualTable(table: try name(.table))
        case "createIndex": return .createIndex(table: try name(.table), index: try name(.index), isUnique: try flag(.isUnique))
        case "dropIndex": return .dropIndex(index: try name(.index))
        case "createView": return .createView(view: try name(.view))
        case "dropView": return .dropView(view: try name(.view))
        case "createTrigger": return .createTrigger(trigger: try name(.trigger), table: try name(.table))
        case "dropTrigger": return .dropTrigger(trigger: try name(.trigger))
        default:
            throw DecodingError.dataCorruptedError(forKey: .action, in: container, debugDescription: "not a step's action: \(action)")
        }
    }

    /// The action's name and its fields other than the table.
    private var actionParts: (String, ActionFields) {
        switch action {
        case .createTable: ("createTable", ActionFields())
        case .renameTable(let from, let to): ("renameTable", ActionFields(from: from, to: to))
        case .renameColumn(_, let from, let to): ("renameColumn", ActionFields(from: from, to: to))
        case .addColumn(_, let column, let isDeferred): ("addColumn", ActionFields(column: column, isDeferred: isDeferred))
        case .rebuildTable: ("rebuildTable", ActionFields())
        case .editTable: ("editTable", ActionFields())
        case .reindexTable: ("reindexTable", ActionFields())
        case .dropColumn(_, let column): ("dropColumn", ActionFields(column: column))
        case .dropTable: ("dropTable", ActionFields())
        case .createVirtualTable: ("createVirtualTable", ActionFields())
        case .rebuildVirtualTable: ("rebuildVirtualTable", ActionFields())
        case .createIndex(_, let index, let isUnique): ("createIndex", ActionFields(index: index, isUnique: isUnique))
        case .dropIndex(let index): ("dropIndex", ActionFields(index: index))
        case .createView(let view): ("createView", ActionFields(view: view))
        case .dropView(let view): ("dropView", ActionFields(view: view))
        case .createTrigger(let trigger, _): ("createTrigger", ActionFields(trigger: trigger))
        case .dropTrigger(let trigger): ("dropTrigger", ActionFields(trigger: trigger))
        }
    }
}
