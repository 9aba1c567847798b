import Foundation
import GRDB

// MARK: - SyncStatus

/// Where a database stands against schema.yaml: versions, upgrades applied and pending,
/// scripts changed since they ran, and how the live schema differs from the declared one.
///
/// ```swift
/// let status = try reconciler.status(databaseAt: "app.sqlite")
/// status.storedVersion        // 1.1.0
/// status.pendingUpgrades      // the 1.2.0 scripts
/// print(status)               // the report `reconcile status` prints
/// ```
public struct SyncStatus: Sendable, CustomStringConvertible {
    /// The database path.
    public var databasePath: String
    /// Whether the file exists.
    public var databaseExists: Bool
    /// Whether the database holds the reconciler's state.
    public var isManaged: Bool
    /// The version stored in the database.
    public var storedVersion: SemanticVersion?
    /// The version schema.yaml declares.
    public var declaredVersion: SemanticVersion
    /// The upgrades that ran.
    public var appliedUpgrades: [AppliedUpgrade]
    /// The upgrades the next sync would run.
    package var pendingUpgrades: [PendingUpgrade]
    /// The schema steps the next sync would run.
    public var pendingSteps: [Step]
    /// Warnings: changed scripts, undeclared objects.
    public var warnings: [String]
    /// Why the next sync would be refused, if it would.
    public var problem: String?
    /// Whether the live schema could be compared with the declared one.
    public var isSchemaCompared = true

    public var description: String {
        var lines = ["database: \(databasePath)" + (databaseExists ? "" : " (does not exist yet)")]
        lines.append("declared version: \(declaredVersion)")
        if let storedVersion {
            lines.append("stored version:   \(storedVersion)")
        } else {
            lines.append("stored version:   none" + (databaseExists ? " (never synced)" : ""))
        }
        lines.append("applied upgrades:" + (appliedUpgrades.isEmpty ? " none" : ""))
        lines += appliedUpgrades.map { "  \($0.version)  \($0.name)  (\($0.appliedAt))" }
        lines.append("pending upgrades:" + (pendingUpgrades.isEmpty ? " none" : ""))
        lines += pendingUpgrades.map { "  \($0.version)  \($0.name)" }
        if !isSchemaCompared {
            lines.append("schema: not compared (see the problem below)")
        } else if pendingSteps.isEmpty {
            lines.append("schema: matches schema.yaml")
        } else {
            lines.append("schema: differs from schema.yaml; the next sync would:")
            lines += pendingSteps.map { "  " + $0.summary }
        }
        lines += warnings.map { "warning: " + $0 }
        if let problem { lines.append("problem: " + problem) }
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Reconciler.status

extension Reconciler {
    /// Where the database at `path` stands; reads only, and never creates the file.
    public func status(databaseAt path: String) throws -> SyncStatus {
        try Self.checkDatabasePath(path)
        let session = SyncSession(reconciler: self)
        let file = try session.loadSchema()
        var status = SyncStatus(databasePath: path, databaseExists: FileManager.default.fileExists(atPath: path),
                                isManaged: false, storedVersion: nil, declaredVersion: file.version,
                                appliedUpgrades: [], pendingUpgrades: [], pendingSteps: [], warnings: [])
        let reader = status.databaseExists ? try openDatabase(at: path, readonly: true) : try DatabaseQueue()
        try Self.reporting(path: path) { try reader.read { db in
            let state = try StoredState.read(db)
            status.isManaged = state != nil
            status.storedVersion = state?.version
            status.appliedUpgrades = state?.appliedUpgrades ?? []
            do {
                let context = try session.prepare(db, file: file)
                status.pendingUpgrades = context.plan.upgrades
                status.pendingSteps = context.plan.steps
                status.warnings = context.plan.warnings
            } catch let error as ReconcileError {
                status.problem = error.description
                status.isSchemaCompared = false
                // A newer database can still be compared: as a sync that accepted it would see it.
                guard case .databaseIsNewer = error else { return }
                var accepting = self
                accepting.options.allowsNewerDatabase = true
                if let context = try? SyncSession(reconciler: accepting).prepare(db, file: file) {
                    status.pendingSteps = context.plan.steps
                    status.warnings = context.plan.warnings
                    status.isSchemaCompared = true
                }
            }
        } }
        return status
    }
}
