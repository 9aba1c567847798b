// MARK: - IgnoredNames

/// The names of the objects that other tools own, which a sync never reads, compares, counts,
/// warns about, changes or drops, and `inspect` never writes: those that schema.yaml's `ignore`
/// patterns match, Litestream's (`_litestream_*`), and the table of the migration tool that
/// `legacy` names. SQLite's own names (`sqlite_*`) are ``ReservedName``s, which every reader
/// leaves out by that rule: no rule here matches them, whatever the file's patterns.
///
/// A table, index, view or trigger is ignored when its own name matches; an index or trigger is
/// ignored too when the table it belongs to is (see ``ignores(_:table:)``).
///
/// ```swift
/// let ignored = IgnoredNames(patterns: [NamePattern("cache_*")], legacyTable: "grdb_migrations")
/// ignored.contains("_litestream_seq") // true: built in
/// ignored.contains("Cache_Users")     // true: the file's pattern
/// ignored.contains("grdb_migrations") // true: the legacy table
/// ignored.contains("users")           // false
/// ```
package struct IgnoredNames: Sendable, Hashable, Codable {
    /// Why a name is ignored: the rule that matches it.
    ///
    /// ```swift
    /// IgnoredNames().rule(matching: "_litestream_lock") // .litestream
    /// ```
    package enum Rule: Sendable, Hashable, CustomStringConvertible {
        /// Litestream's tables: `_litestream_*`.
        case litestream
        /// The table of the migration tool that `legacy` names.
        case legacyTable(String)
        /// A pattern of the file's `ignore`.
        case pattern(NamePattern)

        /// How a message names the rule: `the ignore pattern 'cache_*'`.
        package var description: String {
            switch self {
            case .litestream: "Litestream's names (_litestream_*)"
            case .legacyTable(let table): "the table '\(table)' of the migration tool that 'legacy' names"
            case .pattern(let pattern): "the ignore pattern '\(pattern)'"
            }
        }

        /// Why a file cannot declare what the rule matches, and what to do instead.
        ///
        /// ```swift
        /// IgnoredNames.Rule.pattern(NamePattern("cache_*")).reason
        /// // "it matches the ignore pattern 'cache_*', and a sync never touches what another tool owns; …"
        /// ```
        package var reason: String {
            switch self {
            case .litestream:
                "Litestream keeps its replication state in tables named _litestream_*, which a sync always "
                    + "ignores; choose another name"
            case .legacyTable(let table):
                "'legacy' reads the old migration tool's record from table '\(table)', which a sync keeps as it is "
                    + "and never compares; leave it out of the file (list it under drop.tables to remove it once read)"
            case .pattern(let pattern):
                "it matches the ignore pattern '\(pattern)', and a sync never touches what another tool owns; "
                    + "choose another name, or narrow the pattern"
            }
        }
    }

    /// Litestream's pattern, which every database ignores with no key.
    private static let litestream = NamePattern("_litestream_*")

    /// The file's `ignore` patterns, in their written order.
    package var patterns: [NamePattern]
    /// The table of the migration tool that `legacy` names; nil for none or for `user_version`.
    package var legacyTable: String?

    /// The built-in names, the file's `patterns` and the `legacyTable`.
    package init(patterns: [NamePattern] = [], legacyTable: String? = nil) {
        self.patterns = patterns
        self.legacyTable = legacyTable
    }

    // MARK: Matching

    /// The rule that ignores `name`, nil when none does: Litestream's first, then the legacy
    /// table, then the file's patterns in order. Nil for SQLite's own names (`sqlite_*`), which
    /// are SQLite's: the automatic index of a key of the user's table goes with its table.
    package func rule(matching name: String) -> Rule? {
        if name.sqlName.hasPrefix("sqlite_") { return nil }
        if Self.litestream.matches(name) { return .litestream }
        if let legacyTable, legacyTable.isSameName(as: name) { return .legacyTable(legacyTable) }
        return patterns.first { $0.matches(name) }.map(Rule.pattern)
    }

    /// Whether an object of this name is ignored.
    package func contains(_ name: String) -> Bool {
        rule(matching: name) != nil
    }

    /// Whether an object named `name` that belongs to `table` (an index's or trigger's table; a
    /// table's or view's own name) is ignored: its name or its table's matches. SQLite's own
    /// objects of a table of the user's (the automatic indexes of its keys) are not, whatever
    /// the patterns: they are the table's, and go with it.
    ///
    /// ```swift
    /// let ignored = IgnoredNames(patterns: [NamePattern("audit_*")])
    /// ignored.ignores("audit_log_by_date", table: "audit_log") // true
    /// ignored.ignores("users_audit", table: "users")           // false
    /// ignored.ignores("audit_users", table: "users")           // true: the trigger's own name
    /// ```
    package func ignores(_ name: String, table: String) -> Bool {
        contains(name) || contains(table)
    }
}
