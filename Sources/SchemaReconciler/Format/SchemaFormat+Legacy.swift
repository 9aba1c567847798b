// MARK: - legacy

extension SchemaFormat {
    /// `legacy`: where the migration tool the app used before kept a database's version, and the
    /// app version each of its records stands for.
    ///
    /// ```swift
    /// SchemaFormat.Legacy.all.names // ["source", "versions"]
    /// ```
    package enum Legacy {
        static let source = Key("source", .name, required: true,
                                "Where the old tool kept the version: user_version, schema_migrations, schema_info, "
                                    + "grdb_migrations, or TABLE.COLUMN.")
        static let versions = Key("versions", .dictionary(keyedBy: .name, of: .version, minimumCount: 1), required: true,
                                  "The old tool's record (a migration number, or a GRDB migration identifier) → "
                                      + "the app version it stands for.")
        static let all = [source, versions]

        /// What the section is, in one sentence.
        static let summary = "For a database never synced: where the migration tool the app used before kept its "
            + "version, and the app version each record stands for."
    }
}
