import Foundation
import SchemaReconciler

// MARK: - StatusJSON

/// What `reconcile status --format json` prints.
///
/// ```json
/// {"database": "app.sqlite", "databaseExists": true, "isManaged": true, "isInSync": false,
///  "storedVersion": "1.1.0", "declaredVersion": "1.2.0", "appliedUpgrades": [...],
///  "pendingUpgrades": [...], "pendingSteps": [...], "isSchemaCompared": true, "warnings": [...], "problem": null}
/// ```
enum StatusJSON {
    /// The status of `database`.
    static func status(_ status: SyncStatus, database: String) -> JSONValue {
        .object(members: [
            ("database", .string(database)),
            ("databaseExists", .boolean(status.databaseExists)),
            ("isManaged", .boolean(status.isManaged)),
            ("isInSync", .boolean(status.isInSync)),
            ("storedVersion", .text(status.storedVersion)),
            ("declaredVersion", .text(status.declaredVersion)),
            ("appliedUpgrades", .array(status.appliedUpgrades.map(applied))),
            ("pendingUpgrades", .array(status.pendingUpgrades.map(PlanJSON.upgrade))),
            ("pendingSteps", .array(status.pendingSteps.map(PlanJSON.step))),
            ("isSchemaCompared", .boolean(status.isSchemaCompared)),
            ("warnings", .array(status.warnings.map(PlanJSON.warning))),
            ("deferred", PlanJSON.deferred(status.deferred)),
            ("legacyRecord", LegacyJSON.record(status.legacyRecord)),
            ("problem", status.problem.map(ErrorJSON.body) ?? .null),
        ])
    }

    /// An upgrade that ran, with when (ISO 8601) and the checksum of its script.
    private static func applied(_ applied: Upgrade.Applied) -> JSONValue {
        .object(members: [("version", .text(applied.upgrade.version)), ("name", .string(applied.upgrade.name)),
                 ("kind", .string(applied.upgrade.kind.rawValue)),
                 ("appliedAt", .string(applied.appliedAt.formatted(.iso8601))),
                 ("checksum", .string(applied.checksum))])
    }
}
