import GRDB

// MARK: - Standing in, then trying again

extension UnregisteredSQL {
    /// Runs `attempt` until SQLite refuses nothing that a stand-in can fix: each time, every
    /// collation and function that its messages name and `db` lacks gets a stand-in that does
    /// nothing (``registerStandIn(in:)``), and `attempt` runs again. It stops when a pass
    /// finds nothing new to stand in for, so it ends.
    ///
    /// - Parameters:
    ///   - db: the connection to register the stand-ins on: one of the reconciler's own, never
    ///     the app's.
    ///   - isFixable: which of SQLite's messages a stand-in may answer.
    ///   - attempt: SQLite's messages for one try; empty when it succeeded.
    /// - Returns: the stand-ins registered, and the messages of the last try.
    ///
    /// ```swift
    /// let (standIns, failures) = UnregisteredSQL.standingIn(in: db) {
    ///     db.compilationError(of: "SELECT initials('Ada Lovelace')").map { [$0] } ?? []
    /// }
    /// // standIns: [initials]; failures: []
    /// ```
    package static func standingIn(
        in db: Database,
        whereMessage isFixable: (String) -> Bool = { _ in true },
        retrying attempt: () throws -> [String]
    ) rethrows -> (standIns: [UnregisteredSQL], failures: [String]) {
        var standIns: [UnregisteredSQL] = []
        while true {
            let failures = try attempt()
            let missing = failures.filter(isFixable).compactMap(UnregisteredSQL.init(message:))
            var registered = false
            for found in missing where !standIns.contains(where: { $0.isSame(as: found) }) {
                guard found.registerStandIn(in: db) else { continue }
                standIns.append(found)
                registered = true
            }
            if !registered { return (standIns, failures) }
        }
    }
}
