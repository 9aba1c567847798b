import Foundation

// MARK: - RoomLayout

/// The rooms of a library (its top folders) and, for each, the rooms it may use: a directed
/// graph with no cycle, declared once as a dictionary literal in the order data flows.
///
/// ```swift
/// let layout: RoomLayout = ["SQL": [], "Model": ["SQL"], "Diff": ["SQL", "Model"]]
/// try layout.buildOrder() // ["SQL", "Model", "Diff"]
/// layout.mayUse("Diff")  // ["SQL", "Model"]
/// ```
struct RoomLayout: ExpressibleByDictionaryLiteral, Sendable {
    /// Each room and the rooms it may use, as declared.
    let entries: [(room: String, mayUse: [String])]

    init(dictionaryLiteral elements: (String, [String])...) {
        entries = elements.map { (room: $0.0, mayUse: $0.1) }
    }

    /// The rooms, as declared.
    var rooms: [String] { entries.map(\.room) }

    /// The rooms `room` may use (none for a room the layout does not place).
    func mayUse(_ room: String) -> [String] {
        entries.first { $0.room == room }?.mayUse ?? []
    }

    /// The rooms no other room may use: nothing imports what they declare.
    var unusedRooms: Set<String> {
        Set(rooms).subtracting(entries.flatMap(\.mayUse))
    }

    // MARK: Order

    /// What makes a table unusable.
    enum Problem: Error, CustomStringConvertible {
        case declaredTwice(String)
        case unknownRoom(String, usedBy: String)
        case usesItself(String)
        case usesLaterRoom(String, usedBy: String)
        case cycle([String])

        var description: String {
            switch self {
            case .declaredTwice(let room):
                return "room \(room) is declared twice in the layout"
            case .unknownRoom(let room, let user):
                return "\(user) may use \(room), which the layout does not declare"
            case .usesItself(let room):
                return "\(room) is listed among the rooms it may use"
            case .usesLaterRoom(let room, let user):
                return "\(user) may use \(room), which comes after it: data flows one way, so a room may use "
                    + "only rooms declared before it"
            case .cycle(let rooms):
                return "the layout has a cycle: \(rooms.joined(separator: " → ")); "
                    + "a room may use only rooms that do not use it, directly or not"
            }
        }
    }

    /// The rooms in an order where each comes after every room it may use (and, among rooms
    /// free to go, in their declared order); throws when the table names an unknown room, lets a
    /// room use one declared after it, or has a cycle.
    func buildOrder() throws(Problem) -> [String] {
        var seen = Set<String>()
        for (room, uses) in entries {
            guard seen.insert(room).inserted else { throw .declaredTwice(room) }
            if uses.contains(room) { throw .usesItself(room) }
        }
        for (room, uses) in entries {
            if let unknown = uses.first(where: { !seen.contains($0) }) { throw .unknownRoom(unknown, usedBy: room) }
        }
        for (index, entry) in entries.enumerated() {
            let earlier = Set(entries[..<index].map(\.room))
            if let later = entry.mayUse.first(where: { !earlier.contains($0) && $0 != entry.room }) {
                throw .usesLaterRoom(later, usedBy: entry.room)
            }
        }
        var order: [String] = []
        var placed = Set<String>()
        while order.count < entries.count {
            guard let next = entries.first(where: { !placed.contains($0.room) && $0.mayUse.allSatisfy(placed.contains) })
            else { throw .cycle(cycle(avoiding: placed)) }
            order.append(next.room)
            placed.insert(next.room)
        }
        return order
    }

    /// A cycle among the rooms not yet placed, for the message.
    private func cycle(avoiding placed: Set<String>) -> [String] {
        var path: [String] = []
        var room = entries.first { !placed.contains($0.room) }!.room
        while !path.contains(room) {
            path.append(room)
            room = mayUse(room).first { !placed.contains($0) }!
        }
        return Array(path[path.firstIndex(of: room)!...]) + [room]
    }
}
