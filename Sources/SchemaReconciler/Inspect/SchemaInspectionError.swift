// MARK: - SchemaInspectionError

/// A schema object whose stored definition could not be read.
///
/// ```swift
/// do { _ = try reconciler.plan(databaseAt: "app.sqlite") }
/// catch ReconcileError.Code.cannotInspect { … } // a sync throws it as ReconcileError.CannotInspect
/// ```
package struct SchemaInspectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of object.
    package var kind: SchemaObject.Kind
    /// The object's name.
    package var name: String
    /// What went wrong.
    package var message: String

    /// Creates an error.
    package init(kind: SchemaObject.Kind, name: String, message: String) {
        self.kind = kind
        self.name = name
        self.message = message
    }

    package var description: String { "\(kind) \(SQLText.quote(name)): \(message)" }
}
