// MARK: - BrokenObject

/// A view, or the triggers that one kind of statement fires on a table, that SQLite can no
/// longer compile: the view selects from a missing table or column, or a trigger body names one.
///
/// SQLite accepts such objects in the schema, and only fails when they are used, or at the next
/// `ALTER TABLE … RENAME` of any table. A sync checks for them before and after it changes the
/// schema, and refuses to leave a new one behind.
///
/// ```swift
/// do {
///     try reconciler.sync(databaseAt: path)
/// } catch let error as ReconcileError where error.code == .brokenObjects {
///     error.payload(as: ReconcileError.BrokenObjects.self)?.objects.first?.description // view old_notes: no such table: main.old
/// }
/// ```
public struct BrokenObject: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is broken.
    public enum Kind: Sendable, Hashable {
        /// A view that cannot be read.
        case view(name: String)
        /// The triggers that an `INSERT`, `UPDATE` or `DELETE` on `table` (a table or a view) fires.
        case triggers(names: [String], table: String, event: String)
    }

    /// What is broken.
    public var kind: Kind
    /// SQLite's message.
    public var message: String
    /// Whether schema.yaml declares it (the fix is then in the file), rather than the database
    /// holding it undeclared.
    public var isDeclared: Bool

    /// Creates a value.
    public init(kind: Kind, message: String, isDeclared: Bool = false) {
        self.kind = kind
        self.message = message
        self.isDeclared = isDeclared
    }


    /// Identifies each object across two checks, whatever the message and even when a rename
    /// moved a trigger to another table name: a view's name, or each trigger's.
    var keys: [Key] {
        switch kind {
        case .view(let name):
            return [.view(name.sqlName)]
        case .triggers(let names, _, _):
            return names.map { .trigger($0.sqlName) }
        }
    }

    /// What identifies a broken view or trigger.
    enum Key: Hashable {
        case view(SQLName)
        case trigger(SQLName)
    }

    /// This object, with ``isDeclared`` set when `schema` declares the view, or every trigger.
    func marked(declaredIn schema: Schema) -> BrokenObject {
        var object = self
        switch kind {
        case .view(let name): object.isDeclared = schema.view(named: name) != nil
        case .triggers(let names, _, _): object.isDeclared = names.allSatisfy { schema.trigger(named: $0) != nil }
        }
        return object
    }

    /// `view v`, or `trigger t (INSERT on table)`.
    public var subject: String {
        switch kind {
        case .view(let name):
            return "view \(name)"
        case .triggers(let names, let table, let event):
            return "\(names.count == 1 ? "trigger" : "triggers") \(names.joined(separator: ", ")) (\(event) on \(table))"
        }
    }

    public var description: String { "\(subject): \(message)" }
}

// MARK: - Codable

extension BrokenObject {
    private enum CodingKeys: String, CodingKey {
        case kind, name, names, table, event, message, isDeclared, subject, description
    }

    /// Writes the object flat.
    ///
    /// `{"kind": "view", "name": "v", "message": …, "isDeclared": false}`, or `{"kind": "triggers",
    /// "names": […], "table": …, "event": "INSERT", …}`, with the ``subject`` and the
    /// ``description``, which reading ignores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .view(let name):
            try container.encode("view", forKey: .kind)
            try container.encode(name, forKey: .name)
        case .triggers(let names, let table, let event):
            try container.encode("triggers", forKey: .kind)
            try container.encode(names, forKey: .names)
            try container.encode(table, forKey: .table)
            try container.encode(event, forKey: .event)
        }
        try container.encode(message, forKey: .message)
        try container.encode(isDeclared, forKey: .isDeclared)
        try container.encode(subject, forKey: .subject)
        try container.encode(description, forKey: .description)
    }

    /// Reads what ``encode(to:)`` writes; one written without `isDeclared` is not declared.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "view":
            self.kind = .view(name: try container.decode(String.self, forKey: .name))
        case "triggers":
            self.kind = .triggers(names: try container.decode([String].self, forKey: .names),
                                  table: try container.decode(String.self, forKey: .table),
                                  event: try container.decode(String.self, forKey: .event))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a broken object: \(kind)")
        }
        message = try container.decode(String.self, forKey: .message)
        isDeclared = try container.decodeIfPresent(Bool.self, forKey: .isDeclared) ?? false
    }
}
