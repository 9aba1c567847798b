// MARK: - Compatibility

/// The rules of a sync engine that shares the database's rows between devices, and so between
/// app versions, which the declared tables follow (`compatibility:` in schema.yaml). The tables
/// listed in ``exceptions`` stay on the device, and the rules do not cover them.
///
/// ```swift
/// let compatibility = Compatibility(profile: .cloudKit, exceptions: ["search_cache"])
/// compatibility.covers("notes")        // true
/// compatibility.covers("Search_Cache") // false
/// ```
package struct Compatibility: Sendable, Equatable {
    /// A set of rules.
    package enum Profile: String, Sendable, Equatable, CaseIterable {
        /// CloudKit sync (SQLiteData's SyncEngine): no UNIQUE constraint but the primary key, no
        /// NOT NULL column without a default, no ON DELETE RESTRICT or NO ACTION, and no foreign
        /// key to a table that is not synced.
        case cloudKit = "cloudkit"
    }

    /// The rules.
    package var profile: Profile
    /// The tables the rules do not cover, as written under `except` (declared tables, and tables
    /// that `drop` removes).
    package var exceptions: [String]

    /// The profile, covering every table but `exceptions`.
    package init(profile: Profile, exceptions: [String] = []) {
        self.profile = profile
        self.exceptions = exceptions
    }

    /// Whether the rules cover the table named `table` (compared as SQLite compares names).
    package func covers(_ table: String) -> Bool {
        !exceptions.contains { $0.isSameName(as: table) }
    }
}
