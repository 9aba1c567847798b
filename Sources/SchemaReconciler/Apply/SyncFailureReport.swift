import Foundation

// MARK: - SyncFailureReport

/// What an app can send home when a sync fails: the error's stable code, the phase it failed
/// in when the code tells, and the fingerprint the database had.
///
/// It holds no message, path, statement or row: only what stays the same from device to
/// device for the same failure, so that an app's analytics can count failures by kind. The
/// database is exactly as it was before the sync, so its fingerprint is still the one the last
/// sync that succeeded reported as ``SyncReport/fingerprintAfter``; an app that keeps that one
/// passes it. Nothing is sent by the package: the app encodes the value and hands it to its own
/// uploader.
///
/// ```swift
/// do {
///     try reconciler.sync(databaseAt: path)
/// } catch let error as ReconcileError {
///     let failure = SyncFailureReport(error, fingerprintBefore: lastFingerprint)
///     failure.code      // .dataDoesNotFit
///     failure.phase     // .applyingSteps
///     upload(try JSONEncoder().encode(failure))
/// }
/// ```
public struct SyncFailureReport: Sendable, Hashable {
    /// The error's code: its number and name stay the same across versions.
    public var code: ReconcileError.Code
    /// The phase the sync failed in; nil when the code does not tell (an SQLite error, a
    /// cancellation, a busy database can come in any phase) and the app did not say.
    public var phase: SyncProgress.Phase?
    /// The fingerprint the database recorded before the failed sync, as the app gave it (see
    /// ``SyncReport/fingerprintBefore``); nil when it gave none.
    public var fingerprintBefore: String?

    /// The report of a sync that failed with `error`.
    ///
    /// `phase` defaults to the phase the error's code comes from, when a code comes from one
    /// phase only (``phase(of:)``); an app that follows the sync's progress may pass the last
    /// phase it was told instead.
    ///
    /// ```swift
    /// SyncFailureReport(error, fingerprintBefore: defaults.string(forKey: "schemaFingerprint"))
    /// ```
    public init(_ error: ReconcileError, phase: SyncProgress.Phase? = nil, fingerprintBefore: String? = nil) {
        self.init(code: error.code, phase: phase ?? Self.phase(of: error.code), fingerprintBefore: fingerprintBefore)
    }

    /// A report of `code`, failed in `phase`.
    ///
    /// ```swift
    /// SyncFailureReport(code: .upgradeFailed, phase: .runningUpgrades, fingerprintBefore: nil)
    /// ```
    public init(code: ReconcileError.Code, phase: SyncProgress.Phase?, fingerprintBefore: String?) {
        self.code = code
        self.phase = phase
        self.fingerprintBefore = fingerprintBefore
    }

    // MARK: Phases

    /// The phase that errors of `code` come from, for the library's codes that come from one
    /// phase only; nil for the others and for an app's own codes.
    ///
    /// ```swift
    /// SyncFailureReport.phase(of: .upgradeFailed)  // .runningUpgrades
    /// SyncFailureReport.phase(of: .database)       // nil: SQLite can fail anywhere
    /// ```
    public static func phase(of code: ReconcileError.Code) -> SyncProgress.Phase? {
        phases.first { $0.codes.contains(code) }?.phase
    }

    /// The library's codes that come from one phase only, by phase. Every library code is here
    /// or in ``codesOfNoOnePhase``, as a test checks, so that a new code is given its phase.
    package static let phases: [(phase: SyncProgress.Phase, codes: Set<ReconcileError.Code>)] = [
        (.planning, [.invalidSchema, .databaseIsNewer, .legacyVersionTooHigh, .codeUpgradeAboveVersion, .cannotInspect,
                     .cannotDiff, .cannotPlan, .hazardsDenied, .syncNeededBeforeFinish, .legacyRecordNotMapped,
                     .legacyColumnMissing]),
        (.applyingSteps, [.stepFailed, .dataDoesNotFit, .seedFailed]),
        (.runningUpgrades, [.upgradeFailed, .codeUpgradeFailed]),
        (.checking, [.notEnoughDiskSpace, .brokenObjects, .verificationFailed]),
    ]

    /// The library's codes that come from no one phase: SQLite's own errors, a full disk, a
    /// cancellation, a foreign key checked after the steps or after the upgrades; and those that
    /// come before the first phase, when the database is opened.
    package static let codesOfNoOnePhase: Set<ReconcileError.Code> = [
        .database, .databaseFull, .cancelled, .foreignKeyViolation, .invalidDatabasePath, .cannotOpenDatabase,
        .insideTransaction, .foreignKeysLeftOff,
    ]
}

// MARK: - Codable

extension SyncFailureReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, code, phase, fingerprintBefore
    }

    /// Writes `{"kind": "dataDoesNotFit", "code": 13, "phase": "applyingSteps", "fingerprintBefore": "3f5a…"}`:
    /// the code's name and number as ``ReconcileError``'s JSON writes them, the phase's name
    /// (null when unknown), and the fingerprint (null when not given).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.name, forKey: .kind)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(phase?.rawValue, forKey: .phase)
        try container.encode(fingerprintBefore, forKey: .fingerprintBefore)
    }

    /// Reads what ``encode(to:)`` writes; a phase this version does not know reads as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = ReconcileError.Code(rawValue: try container.decode(Int.self, forKey: .code),
                                       name: try container.decode(String.self, forKey: .kind))
        self.init(code: code, phase: try container.decodeIfPresent(String.self, forKey: .phase).flatMap(SyncProgress.Phase.init),
                  fingerprintBefore: try container.decodeIfPresent(String.self, forKey: .fingerprintBefore))
    }
}
