// MARK: - Plan.ForeignKeyCheck

extension Plan {
    /// Where a sync runs `PRAGMA foreign_key_check`, before its steps and after them: it refuses
    /// only the rows it made, and never reads a table its steps cannot affect.
    ///
    /// ```swift
    /// switch plan.foreignKeyCheck {
    /// case .wholeDatabase: print("every table")
    /// case .tables(let tables): print(tables.joined(separator: ", "))   // orders
    /// }
    /// ```
    public enum ForeignKeyCheck: Sendable, Hashable, Codable {
        /// Every table: the sync runs code that could write anywhere with foreign key checks
        /// deferred to its end (or with enforcement off): an upgrade written in Swift, or an
        /// upgrade script that the plan could not run ahead on a copy of the schema; or it seeds
        /// a new database, whose every table it made; or it finishes the last of the deferred work.
        case wholeDatabase
        /// Only these tables: the ones the plan's steps and upgrade scripts could have left with
        /// rows that reference a missing parent row, the tables the scripts write and the tables
        /// that reference them included. A plain `ADD COLUMN` leaves none: the list is empty.
        case tables([String])
    }
}

// MARK: - Codable

extension Plan.ForeignKeyCheck {
    private enum CodingKeys: String, CodingKey {
        case kind, tables
    }

    /// Writes `{"kind": "wholeDatabase"}`, or `{"kind": "tables", "tables": ["orders"]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .wholeDatabase:
            try container.encode("wholeDatabase", forKey: .kind)
        case .tables(let tables):
            try container.encode("tables", forKey: .kind)
            try container.encode(tables, forKey: .tables)
        }
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "wholeDatabase": self = .wholeDatabase
        case "tables": self = .tables(try container.decode([String].self, forKey: .tables))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a foreign key check: \(kind)")
        }
    }
}

// MARK: - Tables a plan could leave with orphans

extension Plan {
    /// The tables whose rows could reference a missing parent row because of this plan's steps
    /// and upgrade scripts, in the order first met:
    /// - a table it copies, or whose foreign keys it adds or changes (a new column with a
    ///   reference included);
    /// - a table that references one it copies, drops, renames, or whose key columns it changes;
    /// - a table the upgrade scripts write, or whose definition they change (`written`, as their
    ///   rehearsal found), and a table that references one of them or one they drop or rename
    ///   (`removed`): a parent row deleted or re-keyed leaves its children without it. A child
    ///   whose rows a foreign key action changes is written (the rehearsal follows the actions),
    ///   so that its own children are met in turn.
    ///
    /// A plain `ADD COLUMN` of a column without a reference leaves nothing to check. The Swift
    /// upgrades are not counted here: a sync that runs them checks the whole database.
    ///
    /// ```swift
    /// plan.tablesToCheckForOrphans(declared: file.schema, live: live, written: ["customers"])
    /// // ["customers", "orders"]
    /// ```
    package func tablesToCheckForOrphans(declared: Schema, live: Schema, written: [String] = [],
                                         removed: [String] = []) -> [String] {
        var tables: [String] = []
        func add(_ name: String) { tables.appendName(name) }
        for step in steps {
            for table in step.tablesWithOwnForeignKeysAtRisk(declared: declared) { add(table) }
            for parent in step.tablesWithKeysAtRisk {
                for child in Self.children(of: parent, in: declared) + Self.children(of: parent, in: live) { add(child) }
            }
        }
        // A table the contract drops, which the scripts may have written, is no longer there to check.
        let dropped = droppedTables.filter { declared.table(named: $0) == nil }
        for table in written where !dropped.containsName(table) { add(table) }
        for parent in written + removed {
            for child in Self.children(of: parent, in: declared) + Self.children(of: parent, in: live)
            where !dropped.containsName(child) {
                add(child)
            }
        }
        return tables
    }

    /// The tables the steps drop.
    private var droppedTables: [String] {
        steps.compactMap { step in
            if case .dropTable(let table) = step.action { return table }
            return nil
        }
    }

    /// The tables of `schema` with a foreign key to `parent`.
    private static func children(of parent: String, in schema: Schema) -> [String] {
        schema.tables.filter { table in table.allForeignKeys.contains { $0.table.isSameName(as: parent) } }.map(\.name)
    }
}

private extension Step {
    /// The tables whose own foreign keys this step adds, changes or copies rows under.
    func tablesWithOwnForeignKeysAtRisk(declared: Schema) -> [String] {
        switch action {
        case .rebuildTable(let table):
            return [table]
        case .addColumn(let table, let column, _):
            let references = declared.table(named: table)?.allForeignKeys.contains { $0.columns.containsName(column) } ?? false
            return references ? [table] : []
        default:
            let adds = changes.contains { change in
                if case .alterTable(_, .foreignKey(_, _, true)) = change { return true }
                return false
            }
            return adds ? table.map { [$0] } ?? [] : []
        }
    }

    /// The tables whose rows or key columns this step changes, so that a row of another table
    /// that references them could lose its parent.
    var tablesWithKeysAtRisk: [String] {
        switch action {
        case .rebuildTable(let table), .dropTable(let table):
            return [table]
        case .renameTable(let from, let to):
            return [from, to]
        case .renameColumn(let table, _, _):
            return [table]
        default:
            let changesKeys = changes.contains { change in
                guard case .alterTable(_, let difference) = change else { return false }
                switch difference {
                case .primaryKey, .unique(_, false), .columnCollation, .columnType, .withoutRowID: return true
                default: return false
                }
            }
            return changesKeys ? table.map { [$0] } ?? [] : []
        }
    }
}
