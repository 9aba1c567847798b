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
/// } catch ReconcileError.brokenObjects(let objects) {
///     objects.first?.description // view old_notes: no such table: main.old
/// }
/// ```
public struct BrokenObject: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is broken.
    public enum Kind: Sendable, Hashable, Codable {
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

    /// Decodes a value; one recorded without ``isDeclared`` is not declared.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        message = try container.decode(String.self, forKey: .message)
        isDeclared = try container.decodeIfPresent(Bool.self, forKey: .isDeclared) ?? false
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
