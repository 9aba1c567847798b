// MARK: - NameIndex

/// The positions of named elements in a list, by their names as SQLite compares them, so that a
/// lookup by name costs the same for a schema of ten tables and one of ten thousand. When two
/// elements share a name, the first one wins, as a lookup by scanning would find it.
///
/// ```swift
/// let index = NameIndex(["users", "Teams"])
/// index["TEAMS"] // 1
/// index["notes"] // nil
/// ```
package struct NameIndex: Sendable, Equatable {
    private var positions: [SQLName: Int] = [:]

    /// Indexes `names`, in order.
    package init(_ names: some Sequence<String>) {
        for (position, name) in names.enumerated() where positions[name.sqlName] == nil {
            positions[name.sqlName] = position
        }
    }

    /// The position of the first element named `name`.
    package subscript(name: String) -> Int? {
        positions[name.sqlName]
    }

    /// Whether an element is named `name`.
    package func contains(_ name: String) -> Bool {
        positions[name.sqlName] != nil
    }
}
