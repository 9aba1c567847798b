// MARK: - SchemaInspectionError

/// A schema object whose stored definition could not be read.
///
/// ```swift
/// do { _ = try reconciler.plan(databaseAt: "app.sqlite") }
/// catch ReconcileError.cannotInspect(let error) { print(error) } // table "t": cannot parse …
/// ```
public struct SchemaInspectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of object.
    public var kind: SchemaObjectKind
    /// The object's name.
    public var name: String
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(kind: SchemaObjectKind, name: String, message: String) {
        self.kind = kind
        self.name = name
        self.message = message
    }

    public var description: String { "\(kind) \(SQLText.quote(name)): \(message)" }
}
