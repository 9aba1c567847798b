// MARK: - compatibility

extension SchemaFormat {
    /// `compatibility`: the rules of a sync engine that shares the database's rows between
    /// devices, and so between app versions, which the file must follow. `cloudkit` alone, or a
    /// mapping:
    ///
    /// ```yaml
    /// compatibility: { profile: cloudkit, except: [search_cache] }
    /// ```
    package enum Compatibility {
        /// The profiles there are.
        static let profiles = ["cloudkit"]
        static let profile = Key("profile", .choice(profiles), required: true,
                                 "The rules to follow: cloudkit, those of CloudKit sync (SQLiteData's SyncEngine).")
        static let except = Key("except", .list(of: .name),
                                "Tables that stay on the device and are not synced: the profile does not cover them.")
        static let all = [profile, except]

        /// What the section is, in one sentence.
        static let summary = "The rules of a sync engine the tables must follow (cloudkit), checked when the file "
            + "loads: cloudkit, or {profile: cloudkit, except: [local-only tables]}."
    }
}
