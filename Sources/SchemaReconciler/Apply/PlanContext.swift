import Foundation

// MARK: - PlanContext

/// What ``PlanExecutor`` needs from what made the plan, besides the plan: the file, the code
/// upgrades, the settings of the sync, and what to record.
///
/// ```swift
/// let report = try PlanExecutor(prepared: prepared, planning: planning).run(in: db)
/// ```
protocol PlanContext {
    /// The loaded schema.yaml.
    var file: SchemaFile { get }
    /// The upgrades registered in code.
    var codeUpgrades: [CodeUpgrade] { get }
    /// Called with where the sync stands; nil when the app set no handler.
    var progress: (@Sendable (SyncProgress) -> Void)? { get }
    /// What stops the sync from another thread, if anything.
    var cancellation: SyncCancellation? { get }
    /// Whether an edit session may turn defensive mode off.
    var allowsDefensiveModeOff: Bool { get }
    /// Whether changes that leave the rows as they are may be made without a copy.
    var editsInPlace: Bool { get }
    /// Tells the free space of the volume holding a file, in place of the volume itself; nil
    /// asks the volume.
    var availableSpace: (@Sendable (URL) -> Int64?)? { get }
    /// The live schemas that the syncs of one command over many databases share; nil for a
    /// sync of its own.
    var liveSchemas: LiveSchemaMemo? { get }

    /// The fingerprint to record, for the no-op check of the next sync.
    func fingerprint(acceptsNewerDatabase: Bool) -> String
    /// The signature of the inputs of the fingerprint, when the files had one.
    func inputSignature(acceptsNewerDatabase: Bool) -> String?
}
