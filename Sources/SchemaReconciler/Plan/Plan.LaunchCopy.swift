// MARK: - Plan.LaunchCopy

extension Plan {
    /// A table that a sync letting work wait (``Reconciler/Options/deferring``) copies all the
    /// same, and why: what the new app needs of it now is a change that `ALTER TABLE` cannot make
    /// without a copy.
    ///
    /// The work on the table that could have waited is then done in the same copy, rather than left
    /// for a second one.
    ///
    /// ```swift
    /// for copy in plan.copiedAtLaunch {
    /// print(copy.table)         // books
    /// print(copy.description)   // table books is copied now, for what the app needs at once …
    /// }
    /// ```
    public struct LaunchCopy: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The table.
        public var table: String
        /// What the new app needs now, which the copy makes: why the table is copied.
        package var needs: [Change]
        /// What could have waited, done in the same copy.
        package var waiting: [Change]

        /// Creates a value.
        package init(table: String, needs: [Change], waiting: [Change] = []) {
            self.table = table
            self.needs = needs
            self.waiting = waiting
        }

        /// `table books is copied now, for what the app needs at once and ALTER TABLE cannot make
        /// in place: …; what could have waited is done in the same copy: …`.
        public var description: String {
            let needs = needs.map(\.description).joined(separator: "; ")
            let waiting = waiting.isEmpty ? ""
                : "; what could have waited is done in the same copy: " + waiting.map(\.description).joined(separator: "; ")
            return "table \(table) is copied now, for what the app needs at once and ALTER TABLE cannot make in place: "
                + needs + waiting
        }
    }
}
