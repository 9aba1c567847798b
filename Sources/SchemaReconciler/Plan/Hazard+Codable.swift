// MARK: - Hazard as JSON

extension Hazard {
    private enum CodingKeys: String, CodingKey {
        case kind, table, column, renamedTo, rows, index, objectKind, name, count, message
    }

    /// Writes `{"kind": "copies-rows", "table": "messages", "rows": 120000, "message": "copies 120000 rows of table messages"}`:
    /// the ``kind`` as ``Reconciler/Options/deniedHazards`` and `reconcile --deny` name it, the
    /// case's fields (`objectKind` for the kind of a recreated object, `renamedTo` for the new name
    /// of a table or column CloudKit shares; a nil one left out), and
    /// the description as `message`, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .dropsData(let table, let column, let rows):
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(column, forKey: .column)
            try container.encodeIfPresent(rows, forKey: .rows)
        case .copiesRows(let table, let rows), .scansRows(let table, let rows):
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(rows, forKey: .rows)
        case .buildsIndex(let table, let index, let rows):
            try container.encode(table, forKey: .table)
            try container.encode(index, forKey: .index)
            try container.encodeIfPresent(rows, forKey: .rows)
        case .recreates(let kind, let name):
            try container.encode(kind, forKey: .objectKind)
            try container.encode(name, forKey: .name)
        case .runsUpgrades(let count):
            try container.encode(count, forKey: .count)
        case .breaksCloudKitSharing(let table, let column, let newName, let rows):
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(column, forKey: .column)
            try container.encodeIfPresent(newName, forKey: .renamedTo)
            try container.encodeIfPresent(rows, forKey: .rows)
        }
        try container.encode(description, forKey: .message)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func table() throws -> String { try container.decode(String.self, forKey: .table) }
        func rows() throws -> Int? { try container.decodeIfPresent(Int.self, forKey: .rows) }
        switch try container.decode(Kind.self, forKey: .kind) {
        case .dropsData:
            self = .dropsData(table: try table(), column: try container.decodeIfPresent(String.self, forKey: .column), rows: try rows())
        case .copiesRows: self = .copiesRows(table: try table(), rows: try rows())
        case .scansRows: self = .scansRows(table: try table(), rows: try rows())
        case .buildsIndex:
            self = .buildsIndex(table: try table(), index: try container.decode(String.self, forKey: .index), rows: try rows())
        case .recreates:
            self = .recreates(kind: try container.decode(SchemaObject.Kind.self, forKey: .objectKind),
                              name: try container.decode(String.self, forKey: .name))
        case .runsUpgrades: self = .runsUpgrades(count: try container.decode(Int.self, forKey: .count))
        case .breaksCloudKitSharing:
            self = .breaksCloudKitSharing(table: try table(),
                                          column: try container.decodeIfPresent(String.self, forKey: .column),
                                          renamedTo: try container.decodeIfPresent(String.self, forKey: .renamedTo),
                                          rows: try rows())
        }
    }
}

// MARK: - Hazard.Kind as JSON

extension Hazard.Kind {
    /// Reads a kind by its name, or by the name it had before (`breaks-sync`), so that JSON
    /// written then still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let kind = Hazard.Kind(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "no hazard kind is named '\(name)'")
        }
        self = kind
    }
}
