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
        /// Every table: the sync runs upgrades, or the seed of a new database, with foreign key
        /// checks deferred to their end (or with enforcement off), which could leave rows without
        /// a parent anywhere, or it finishes the last of the deferred work.
        case wholeDatabase
        /// Only these tables: the ones the plan's steps could have left with rows that reference a
        /// missing parent row. A plain `ADD COLUMN` leaves none: the list is empty.
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
    /// The tables whose rows could reference a missing parent row because of this plan's steps,
    /// in the order first met:
    /// - a table it copies, or whose foreign keys it adds or changes (a new column with a
    ///   reference included);
    /// - a table that references one it copies, drops, renames, or whose key columns it changes.
    ///
    /// A plain `ADD COLUMN` of a column without a reference leaves nothing to check. The
    /// upgrades are not counted here: a sync that runs them, with foreign key checks deferred,
    /// checks the whole database.
    package func tablesToCheckForOrphans(declared: Schema, live: Schema) -> [String] {
        var tables: [String] = []
        func add(_ name: String) {
            if !tables.containsName(name) { tables.append(name) }
        }
        for step in steps {
            for table in step.tablesWithOwnForeignKeysAtRisk(declared: declared) { add(table) }
            for parent in step.tablesWithKeysAtRisk {
                for child in Self.children(of: parent, in: declared) + Self.children(of: parent, in: live) { add(child) }
            }
        }
        return tables
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
