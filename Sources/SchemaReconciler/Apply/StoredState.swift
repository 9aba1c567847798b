import Foundation
import GRDB

// MARK: - StoredState

/// What the database remembers about its syncs, in the reconciler's own tables
/// (`_reconciler_state` and `_reconciler_upgrades`), written in the same transaction as the
/// schema changes.
///
/// ```swift
/// let state = try StoredState.read(db)
/// state?.version          // 1.2.0
/// state?.appliedUpgrades  // the upgrades that ran, oldest first
/// ```
package struct StoredState: Sendable, Equatable {
    /// The version the database was last synced to.
    package var version: SemanticVersion?
    /// The fingerprint of schema.yaml and its scripts at the last sync.
    package var fingerprint: String?
    /// `PRAGMA schema_version` right after the last sync.
    package var schemaVersion: Int?
    /// The script paths the fingerprint covers, so that the no-op check can read them without parsing YAML.
    package var scriptPaths: [String]
    /// The upgrades that ran, oldest first.
    package var appliedUpgrades: [Upgrade.Applied]
    /// The warnings of the last sync, which hold as long as its fingerprint and schema version
    /// do; nil when they cannot be read.
    package var warnings: [SyncWarning]?
    /// The ``FileSignature`` of schema.yaml and its scripts when their contents were read for
    /// the fingerprint; nil when they had none.
    package var fileSignature: String?
    /// What the last sync left for later (`finishDeferredWork(databaseAt:)`).
    package var deferred = Plan.DeferredWork()
    /// The names that the file of the last sync ignores (its `ignore` patterns and legacy
    /// table), so that a dry run with nothing to do counts orphan rows without reading the file
    /// or the tables of other tools; nil when the state was written before they were stored.
    package var ignored: IgnoredNames?
    /// The floor the last sync recorded (`floor` and `floor_set_by`); nil when the state was
    /// written before floors were stored (see ``effectiveFloor``).
    package var floor: DatabaseFloor?

    /// The state table's name.
    package static let stateTable = ReservedName.stateTable
    /// The applied upgrades table's name.
    package static let upgradesTable = ReservedName.upgradesTable

    /// Creates a state value.
    package init(version: SemanticVersion? = nil, fingerprint: String? = nil, schemaVersion: Int? = nil,
                 scriptPaths: [String] = [], appliedUpgrades: [Upgrade.Applied] = [], warnings: [SyncWarning]? = [],
                 fileSignature: String? = nil, deferred: Plan.DeferredWork = Plan.DeferredWork(),
                 ignored: IgnoredNames? = nil, floor: DatabaseFloor? = nil) {
        self.floor = floor
        self.fileSignature = fileSignature
        self.deferred = deferred
        self.ignored = ignored
        self.version = version
        self.fingerprint = fingerprint
        self.schemaVersion = schemaVersion
        self.scriptPaths = scriptPaths
        self.appliedUpgrades = appliedUpgrades
        self.warnings = warnings
    }

    /// The plan of a sync with nothing to do: at the stored version, with the stored warnings
    /// and the work that waits.
    package var plan: Plan {
        let version = version ?? .zero
        var plan = Plan(fromVersion: version, toVersion: version, warnings: warnings ?? [])
        plan.deferred = deferred
        plan.floor = effectiveFloor
        return plan
    }

    /// The database's floor: the one recorded, or, for a database synced before floors were
    /// stored, its version (nothing older is assumed to read it).
    package var effectiveFloor: DatabaseFloor? {
        floor ?? version.map { DatabaseFloor(version: $0, setBy: $0) }
    }

    /// The floor of a database at `version` whose recorded state is `state`: the state's
    /// ``effectiveFloor``, or, for a database never synced (at its legacy version), the version
    /// itself: it serves no older one.
    ///
    /// ```swift
    /// StoredState.floor(of: nil, at: "0.0.0")  // 0.0.0 (set by 0.0.0)
    /// ```
    package static func floor(of state: StoredState?, at version: SemanticVersion) -> DatabaseFloor {
        state?.effectiveFloor ?? DatabaseFloor(version: version, setBy: version)
    }

    /// Whether `upgrade` ran.
    package func hasApplied(_ upgrade: Upgrade) -> Bool {
        appliedUpgrades.contains { $0.upgrade.version == upgrade.version && $0.upgrade.name == upgrade.name }
    }

    // MARK: Reading

    /// The stored state, or nil when the database has never been synced.
    package static func read(_ db: Database) throws -> StoredState? {
        // Asked of SQLite each time: another connection may have created the tables since.
        let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)",
                                         arguments: [stateTable, upgradesTable])
        guard tables.contains(stateTable) else { return nil }
        var state = StoredState(values: try storedValues(db))
        if tables.contains(upgradesTable) {
            state.appliedUpgrades = try Row.fetchAll(
                db, sql: "SELECT version, name, kind, checksum, applied_at FROM \(SQLText.quote(upgradesTable)) ORDER BY rowid"
            ).map { row in
                let kind: Upgrade.Kind = (row["kind"] as String) == "script" ? .script : .code
                let upgrade = Upgrade(version: SemanticVersion(row["version"] as String) ?? .zero, name: row["name"], kind: kind)
                return Upgrade.Applied(upgrade: upgrade, checksum: row["checksum"],
                                      appliedAt: Self.date(row["applied_at"]) ?? Date(timeIntervalSince1970: 0))
            }
        }
        return state
    }

    /// The rows of the state table, by key.
    private static func storedValues(_ db: Database) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM \(SQLText.quote(stateTable))") {
            values[row[0]] = row[1]
        }
        return values
    }

    /// The state the key-value rows say, without the applied upgrades.
    init(values: [String: String]) {
        version = values["version"].flatMap(SemanticVersion.init)
        fingerprint = values["fingerprint"]
        schemaVersion = values["schema_version"].flatMap { Int($0) }
        scriptPaths = values["scripts"].map { $0.split(separator: "\n").map(String.init) } ?? []
        appliedUpgrades = []
        fileSignature = values["file_signature"]
        warnings = values["warnings"].flatMap { text in
            text == "[]" ? [] : try? JSONCoding.decoder.decode([SyncWarning].self, from: Data(text.utf8))
        }
        if let version = values["floor"].flatMap(SemanticVersion.init) {
            floor = DatabaseFloor(version: version, setBy: values["floor_set_by"].flatMap(SemanticVersion.init) ?? version)
        }
        ignored = values["ignored"].flatMap { try? JSONCoding.decoder.decode(IgnoredNames.self, from: Data($0.utf8)) }
        // Stored only while something waits. One that cannot be read still says so.
        if let text = values["deferred"] {
            deferred = (try? JSONCoding.decoder.decode(Plan.DeferredWork.self, from: Data(text.utf8))) ?? Self.unreadableDeferredWork
        }
    }

    /// What a record of deferred work that cannot be read stands for: something waits.
    private static var unreadableDeferredWork: Plan.DeferredWork {
        var work = Plan.DeferredWork()
        work.isUnreadable = true
        return work
    }

    // MARK: Writing

    /// The statements that create the state tables when they are missing.
    static let createStatements = [
        "CREATE TABLE IF NOT EXISTS \(SQLText.quote(stateTable)) (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS \(SQLText.quote(upgradesTable)) (version TEXT NOT NULL, name TEXT NOT NULL, "
            + "kind TEXT NOT NULL, checksum TEXT, applied_at TEXT NOT NULL, PRIMARY KEY (version, name))",
    ]

    /// Creates the tables when they are missing, then stores version, fingerprint, script paths,
    /// warnings, the ignored names, and the schema version as it is once the tables exist (so that the next sync's
    /// no-op check finds it unchanged).
    func write(_ db: Database) throws {
        for sql in Self.createStatements {
            try db.execute(sql: sql)
        }
        let schemaVersion = Int(try db.schemaVersion())
        let warningsText = String(decoding: try JSONCoding.encoder.encode(warnings ?? []), as: UTF8.self)
        let deferredText = deferred.isEmpty ? nil : String(decoding: try JSONCoding.encoder.encode(deferred), as: UTF8.self)
        let ignoredText = try ignored.map { String(decoding: try JSONCoding.encoder.encode($0), as: UTF8.self) }
        let values: [(String, String?)] = [
            ("version", version?.description), ("fingerprint", fingerprint),
            ("schema_version", String(schemaVersion)), ("scripts", scriptPaths.joined(separator: "\n")),
            ("warnings", warningsText), ("file_signature", fileSignature), ("deferred", deferredText),
            ("ignored", ignoredText), ("floor", floor?.version.description), ("floor_set_by", floor?.setBy.description),
        ]
        for (key, value) in values {
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO \(SQLText.quote(Self.stateTable)) (key, value) VALUES (?, ?)",
                               arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM \(SQLText.quote(Self.stateTable)) WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Records one upgrade that ran.
    static func record(_ applied: Upgrade.Applied, in db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(SQLText.quote(upgradesTable)) (version, name, kind, checksum, applied_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [applied.upgrade.version.description, applied.upgrade.name, applied.upgrade.kind.rawValue,
                        applied.checksum, Self.text(applied.appliedAt)])
    }

    // MARK: Dates

    /// A date as stored: ISO 8601, UTC, to the second.
    static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func date(_ text: String?) -> Date? {
        text.flatMap { try? Date($0, strategy: .iso8601) }
    }
}
