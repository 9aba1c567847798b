// MARK: - NamedObject

/// A schema object that SQLite knows by its name: a view, a trigger, a virtual table.
///
/// ```swift
/// func names(_ objects: [some NamedObject]) -> [String] { objects.map(\.name) }
/// ```
package protocol NamedObject {
    /// The name, as declared or as stored.
    var name: String { get }
}

extension Schema.View: NamedObject {}
extension Schema.Trigger: NamedObject {}
extension Schema.VirtualTable: NamedObject {}
