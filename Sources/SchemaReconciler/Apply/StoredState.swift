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
/// state?.appliedUpgrades  // [AppliedUpgrade(version: 1.1.0, name: "upgrades/1.1.0.sql", …)]
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
    package var appliedUpgrades: [AppliedUpgrade]
    /// The warnings of the last sync, which hold as long as its fingerprint and schema version do.
    package var warnings: [String]

    /// The state table's name.
    package static let stateTable = "_reconciler_state"
    /// The applied upgrades table's name.
    package static let upgradesTable = "_reconciler_upgrades"

    /// Creates a state value.
    package init(version: SemanticVersion? = nil, fingerprint: String? = nil, schemaVersion: Int? = nil,
                scriptPaths: [String] = [], appliedUpgrades: [AppliedUpgrade] = [], warnings: [String] = []) {
        self.version = version
        self.fingerprint = fingerprint
        self.schemaVersion = schemaVersion
        self.scriptPaths = scriptPaths
        self.appliedUpgrades = appliedUpgrades
        self.warnings = warnings
    }

    /// Whether the upgrade of `version` named `name` (a script path or a code upgrade's name) ran.
    func hasApplied(version: SemanticVersion, name: String) -> Bool {
        appliedUpgrades.contains { $0.version == version && $0.name == name }
    }

    // MARK: Reading

    /// The stored state, or nil when the database has never been synced.
    package static func read(_ db: Database) throws -> StoredState? {
        let exists = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                       arguments: [stateTable]) ?? false
        guard exists else { return nil }
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM \(SQLText.quote(stateTable))") {
            values[row["key"]] = row["value"]
        }
        var state = StoredState()
        state.version = values["version"].flatMap(SemanticVersion.init)
        state.fingerprint = values["fingerprint"]
        state.schemaVersion = values["schema_version"].flatMap { Int($0) }
        state.scriptPaths = values["scripts"].map { $0.split(separator: "\n").map(String.init) } ?? []
        state.warnings = values["warnings"].map { $0.split(separator: "\n").map(String.init) } ?? []
        let hasUpgrades = try Bool.fetchOne(
            db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = ?",
            arguments: [upgradesTable]) ?? false
        if hasUpgrades {
            state.appliedUpgrades = try Row.fetchAll(
                db, sql: "SELECT version, name, kind, checksum, applied_at FROM \(SQLText.quote(upgradesTable)) ORDER BY rowid"
            ).map { row in
                AppliedUpgrade(version: SemanticVersion(row["version"] as String) ?? .zero, name: row["name"],
                               isScript: (row["kind"] as String) == "script", checksum: row["checksum"],
                               appliedAt: row["applied_at"])
            }
        }
        return state
    }

    // MARK: Writing

    /// The statements that create the state tables when they are missing.
    static let createStatements = [
        "CREATE TABLE IF NOT EXISTS \(SQLText.quote(stateTable)) (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS \(SQLText.quote(upgradesTable)) (version TEXT NOT NULL, name TEXT NOT NULL, "
            + "kind TEXT NOT NULL, checksum TEXT, applied_at TEXT NOT NULL, PRIMARY KEY (version, name))",
    ]

    /// Stores version, fingerprint and schema version (tables must exist).
    func write(_ db: Database) throws {
        let values: [(String, String?)] = [
            ("version", version?.description), ("fingerprint", fingerprint),
            ("schema_version", schemaVersion.map(String.init)), ("scripts", scriptPaths.joined(separator: "\n")),
            ("warnings", warnings.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")),
        ]
        for (key, value) in values {
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO \(SQLText.quote(Self.stateTable)) (key, value) VALUES (?, ?)",
                               arguments: [key, value])
            }
        }
    }

    /// Records one upgrade that ran.
    static func record(_ upgrade: AppliedUpgrade, in db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(SQLText.quote(upgradesTable)) (version, name, kind, checksum, applied_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [upgrade.version.description, upgrade.name, upgrade.isScript ? "script" : "code",
                        upgrade.checksum, upgrade.appliedAt])
    }
}
