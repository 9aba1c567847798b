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
        /// CloudKit sync (SQLiteData's SyncEngine): a primary key on one column that is not an
        /// integer, no column named like a CloudKit system field, no UNIQUE constraint but the
        /// primary key, on each NOT NULL column but the key a default with ON CONFLICT REPLACE, no
        /// ON DELETE RESTRICT or NO ACTION, and no foreign key to a table that is not synced.
        case cloudKit = "cloudkit"
    }

    /// The fields CloudKit keeps in every record for itself, which a synced column cannot be
    /// named (compared as SQLite compares names): SQLiteData's list, from its article "Getting
    /// started with CloudKit" (Avoid reserved CloudKit keywords).
    ///
    /// ```swift
    /// Compatibility.cloudKitSystemFields.contains("modificationDate") // true
    /// ```
    package static let cloudKitSystemFields = [
        "creationDate", "creatorUserRecordID", "etag", "lastModifiedUserRecordID", "modificationDate",
        "modifiedByDevice", "recordChangeTag", "recordID", "recordType",
    ]

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
