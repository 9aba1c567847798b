import Foundation
import GRDB

// MARK: - SyncStatus

/// Where a database stands against schema.yaml: versions, upgrades applied and pending, and how
/// the live schema differs from the declared one.
///
/// ```swift
/// let status = try reconciler.status(databaseAt: "app.sqlite")
/// status.storedVersion        // 1.1.0
/// status.pendingUpgrades      // the 1.2.0 scripts
/// status.isInSync             // false
/// ```
public struct SyncStatus: Sendable, Codable {
    /// The database: its path as the status was given it, or as the GRDB connection names it.
    public var databasePath = ""
    /// Whether the database file exists (always true for a GRDB connection).
    public var databaseExists: Bool
    /// Whether the database holds the reconciler's state.
    public var isManaged: Bool
    /// The version stored in the database.
    public var storedVersion: SemanticVersion?
    /// The version schema.yaml declares.
    public var declaredVersion: SemanticVersion
    /// The upgrades that ran.
    public var appliedUpgrades: [Upgrade.Applied]
    /// The upgrades the next sync would run.
    public var pendingUpgrades: [Upgrade]
    /// The schema steps the next sync would run.
    public var pendingSteps: [Step]
    /// For a database the next sync would create (the file does not exist, or holds nothing): the
    /// seed scripts it would run after the schema.
    ///
    /// Empty otherwise.
    public var pendingSeeds: [SeedScript] = []
    /// Warnings: changed scripts, undeclared objects.
    public var warnings: [SyncWarning]
    /// Why the next sync would be refused, if it would.
    public var problem: ReconcileError?
    /// Whether the live schema could be compared with the declared one.
    public var isSchemaCompared: Bool
    /// What the last sync left for `finishDeferredWork(databaseAt:)`.
    public var deferred = Plan.DeferredWork()
    /// For a database never synced: the record of the migration tool the app used before, and
    /// the version schema.yaml's `legacy` section says it stands for; nil otherwise.
    ///
    /// ```swift
    /// status.legacyRecord?.version // 1.1.0, where the next sync starts from
    /// ```
    public var legacyRecord: LegacyRecord?
    /// The database's floor: the oldest app version whose schema it still serves, and the
    /// release that set it; nil for a database never synced. A database synced before floors
    /// were recorded has its stored version as its floor.
    ///
    /// ```swift
    /// status.floor?.version // 1.0.0: builds from 1.0.0 on can open it
    /// ```
    public var floor: DatabaseFloor?

    /// Whether a sync would change nothing and nothing waits: the schema matches, no upgrade is
    /// pending, the stored version is the declared one, no deferred work is left, and no problem
    /// stands in the way.
    public var isInSync: Bool {
        problem == nil && pendingSteps.isEmpty && pendingUpgrades.isEmpty && storedVersion == declaredVersion
            && deferred.isEmpty
    }

    private enum CodingKeys: String, CodingKey {
        case databasePath, databaseExists, isManaged, storedVersion, declaredVersion, appliedUpgrades, pendingUpgrades
        case pendingSteps, pendingSeeds, warnings, problem, isSchemaCompared, deferred, legacyRecord, floor
    }

    private enum Computed: String, CodingKey {
        case isInSync
    }

    /// Writes the status's values (``storedVersion``, ``problem`` and ``legacyRecord`` left out
    /// when nil), with ``isInSync``, which reading ignores.
    ///
    /// ```json
    /// {"databasePath": "app.sqlite", "databaseExists": true, "isManaged": true, "isInSync": false,
    ///  "storedVersion": "1.1.0", "declaredVersion": "1.2.0", "appliedUpgrades": [...], "pendingUpgrades": [...],
    ///  "pendingSteps": [...], "pendingSeeds": [], "isSchemaCompared": true, "warnings": [...], "deferred": {"steps": []}}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(databasePath, forKey: .databasePath)
        try container.encode(databaseExists, forKey: .databaseExists)
        try container.encode(isManaged, forKey: .isManaged)
        try container.encodeIfPresent(storedVersion, forKey: .storedVersion)
        try container.encode(declaredVersion, forKey: .declaredVersion)
        try container.encode(appliedUpgrades, forKey: .appliedUpgrades)
        try container.encode(pendingUpgrades, forKey: .pendingUpgrades)
        try container.encode(pendingSteps, forKey: .pendingSteps)
        try container.encode(pendingSeeds, forKey: .pendingSeeds)
        try container.encode(warnings, forKey: .warnings)
        try container.encodeIfPresent(problem, forKey: .problem)
        try container.encode(isSchemaCompared, forKey: .isSchemaCompared)
        try container.encode(deferred, forKey: .deferred)
        try container.encodeIfPresent(legacyRecord, forKey: .legacyRecord)
        try container.encodeIfPresent(floor, forKey: .floor)
        var computed = encoder.container(keyedBy: Computed.self)
        try computed.encode(isInSync, forKey: .isInSync)
    }
}

// MARK: - Reconciler.status

extension Reconciler {
    /// Where the database at `path` stands; reads only, and never creates the file.
    ///
    /// ```swift
    /// let status = try reconciler.status(databaseAt: "app.sqlite")
    /// print(status.storedVersion ?? "never synced", status.pendingSteps.count)
    /// ```
    /// - Throws: ``ReconcileError`` when schema.yaml is invalid or the database cannot be read.
    public func status(databaseAt path: String) throws -> SyncStatus {
        let exists = try DatabaseFile.check(path)
        let file = try loadedSchema()
        guard exists else {
            var status = try status(inMemoryDatabase(), file: file)
            status.databaseExists = false
            status.databasePath = path
            return status
        }
        return try status(openDatabase(at: path, readonly: true), file: file)
    }

    /// Where the database behind an app's GRDB connection stands; reads only.
    /// - Throws: ``ReconcileError`` when schema.yaml is invalid or the database cannot be read.
    public func status(_ reader: any DatabaseReader) throws -> SyncStatus {
        try status(reader, file: try loadedSchema())
    }

    private func status(_ reader: any DatabaseReader, file: SchemaFile) throws -> SyncStatus {
        try SyncSession.reporting(path: reader.path, cancellation: options.cancellation) {
            var read = try reader.read { db in try options.cancellation.interrupting(db) { try status(in: db, file: file) } }
            read.databasePath = reader.path
            return read
        }
    }

    /// Where the database stands, read in `db`: the stored state, and what a sync would do.
    private func status(in db: Database, file: SchemaFile) throws -> SyncStatus {
        let state = try StoredState.read(db)
        var status = SyncStatus(databaseExists: true, isManaged: state != nil, storedVersion: state?.version,
                                declaredVersion: file.version, appliedUpgrades: state?.appliedUpgrades ?? [],
                                pendingUpgrades: [], pendingSteps: [], warnings: [], problem: nil,
                                isSchemaCompared: true)
        status.deferred = state?.deferred ?? Plan.DeferredWork()
        status.floor = state?.effectiveFloor
        do {
            let planning = planning(file)
            var plan = try planning.prepare(db).plan
            planning.countRowsThatWouldNotFit(in: &plan, db: db, everyTable: true)
            status.pendingUpgrades = plan.upgrades
            status.legacyRecord = plan.legacyRecord
            status.pendingSteps = plan.steps
            status.pendingSeeds = plan.seeds
            status.warnings = plan.warnings
        } catch let error as ReconcileError {
            status.problem = error
            status.isSchemaCompared = false
            // A newer database can still be compared: as a sync that accepted it would see it.
            guard error.code == .databaseIsNewer else { return status }
            var accepting = self
            accepting.options.allowsNewerDatabase = true
            if let prepared = try? accepting.planning(file).prepare(db) {
                status.pendingSteps = prepared.plan.steps
                status.warnings = prepared.plan.warnings
                status.isSchemaCompared = true
            }
        }
        return status
    }
}
