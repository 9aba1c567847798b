// MARK: - LegacyVersionMap

/// schema.yaml's `legacy` section: where the migration tool the app used before kept a
/// database's version, and the app version each of its records stands for. It places the
/// records a database holds at an app version.
///
/// ```swift
/// let map = LegacyVersionMap(source: .schemaMigrations,
///                            entries: [.init(key: .number(3), version: "1.1.0"), .init(key: .number(5), version: "1.2.0")])
/// map.place([.number(4)])  // .placed(legacy record schema_migrations = 4 → 1.1.0)
/// map.place([.number(2)])  // .placed(… = 2 → 0.0.0): below every key, every upgrade runs
/// map.place([.number(7)])  // .notMapped([.number(7)])
/// map.place([])            // .noRecord
/// ```
package struct LegacyVersionMap: Sendable, Equatable {
    /// One entry of `legacy.versions`.
    ///
    /// ```swift
    /// LegacyVersionMap.Entry(key: .identifier("v2-tags"), version: "1.2.0")
    /// ```
    package struct Entry: Sendable, Equatable {
        /// The old tool's record.
        package var key: LegacyRecord.Value
        /// The app version it stands for.
        package var version: SemanticVersion

        /// Creates an entry.
        package init(key: LegacyRecord.Value, version: SemanticVersion) {
            self.key = key
            self.version = version
        }
    }

    /// What the records of a database say about its version.
    ///
    /// ```swift
    /// if case .notMapped(let records) = map.place(records) { throw … }
    /// ```
    package enum Placement: Sendable, Equatable {
        /// The database holds no record: no table, an empty one, or `user_version` 0.
        case noRecord
        /// The records stand for this version.
        case placed(LegacyRecord)
        /// Records the map cannot place: above every key of a numeric source, not a whole number
        /// in one, or identifiers it does not list.
        case notMapped([LegacyRecord.Value])
    }

    /// `source`.
    package var source: LegacyRecord.Source
    /// `versions`, in file order.
    package var entries: [Entry]

    /// Creates a map.
    package init(source: LegacyRecord.Source, entries: [Entry]) {
        self.source = source
        self.entries = entries
    }

    // MARK: Placing records

    /// The version the records of a database stand for. A numeric source's records are its
    /// highest value; `grdb_migrations`' are every identifier in the table.
    ///
    /// ```swift
    /// map.place([.number(5)]) // .placed(legacy record schema_migrations = 5 → 1.2.0)
    /// ```
    package func place(_ records: [LegacyRecord.Value]) -> Placement {
        guard !records.isEmpty else { return .noRecord }
        return source.isNumeric ? placeNumber(records) : placeIdentifiers(records)
    }

    /// The highest key at or below the highest record; 0.0.0 below every key.
    private func placeNumber(_ records: [LegacyRecord.Value]) -> Placement {
        var numbers: [Int64] = []
        var others: [LegacyRecord.Value] = []
        for record in records {
            if case .number(let number) = record { numbers.append(number) } else { others.append(record) }
        }
        guard others.isEmpty, let record = numbers.max() else { return .notMapped(others) }
        let keyed = entries.compactMap { entry -> (Int64, SemanticVersion)? in
            guard case .number(let key) = entry.key else { return nil }
            return (key, entry.version)
        }
        if let highest = keyed.map(\.0).max(), record > highest { return .notMapped([.number(record)]) }
        guard let match = keyed.filter({ $0.0 <= record }).max(by: { $0.0 < $1.0 }) else {
            return .placed(LegacyRecord(source: source, record: .number(record), key: nil, version: .zero))
        }
        return .placed(LegacyRecord(source: source, record: .number(record), key: .number(match.0), version: match.1))
    }

    // MARK: Upgrades keyed at or below the map

    /// The entry that the upgrades at or below its version are measured against: for a numeric
    /// source, the lowest key (a record below it is placed at 0.0.0, so that every upgrade runs
    /// on its database); for migration identifiers, the entry of the lowest version, the first
    /// listed among equals (every database the old tool versioned is placed at that version or
    /// above). Nil when the map has no entry.
    package var lowestEntry: Entry? {
        guard source.isNumeric else {
            return entries.reduce(nil) { lowest, entry in
                lowest.map { entry.version < $0.version ? entry : $0 } ?? entry
            }
        }
        return entries.filter { if case .number = $0.key { true } else { false } }
            .min { lhs, rhs in
                guard case .number(let left) = lhs.key, case .number(let right) = rhs.key else { return false }
                return left < right
            }
    }

    /// The upgrades of `upgrades` keyed at or below the version of ``lowestEntry``. For a
    /// numeric source, a database whose record is below that key runs them, though the old
    /// tool's releases that shipped them may have run them already: its records are not mapped,
    /// so the sync cannot tell. For migration identifiers, they never run on a database the old
    /// tool versioned: each is placed at that version or above.
    ///
    /// ```swift
    /// // legacy: { source: user_version, versions: { 53: 1.53.0 } }, an upgrade keyed 1.6.0
    /// map.upgradesAtOrBelowLowestEntry(upgrades) // [upgrade 1.6.0: upgrades/1.6.0.sql]
    /// ```
    package func upgradesAtOrBelowLowestEntry(_ upgrades: [Upgrade]) -> [Upgrade] {
        guard let lowest = lowestEntry else { return [] }
        return upgrades.filter { $0.version <= lowest.version }
    }

    /// The highest version among the identifiers present, the last one listed among equals;
    /// every one must be listed.
    private func placeIdentifiers(_ records: [LegacyRecord.Value]) -> Placement {
        let unknown = records.filter { record in !entries.contains { $0.key == record } }
        guard unknown.isEmpty else { return .notMapped(unknown) }
        var best: Entry?
        for entry in entries where records.contains(entry.key) {
            if best.map({ entry.version >= $0.version }) ?? true { best = entry }
        }
        guard let best else { return .noRecord }
        return .placed(LegacyRecord(source: source, record: best.key, key: best.key, version: best.version))
    }
}
