import Foundation

// MARK: - SyncWarning

/// Something a user should know about a sync that does not stop it: an object kept because the
/// file does not declare it, an upgrade script that changed after it ran, a table left behind…
///
/// A warning is a ``code``, which says what kind of warning it is, and a ``payload``, its own
/// fields (a ``Payload`` value: the object kept, the script that changed…), from which its
/// ``message`` is written. As ``ReconcileError``, it is a struct: a new kind of warning adds a
/// code and a payload type, and an app's `switch warning.code` with a `default:` keeps compiling.
///
/// ```swift
/// let report = try reconciler.sync(databaseAt: path)
/// for warning in report.warnings {
///     if let kept = warning.payload(as: SyncWarning.Undeclared.self), kept.object.kind == .column { … }
///     print("warning:", warning)
/// }
/// ```
public struct SyncWarning: Sendable, Hashable, CustomStringConvertible {
    /// What kind of warning it is: compare it with the static members of ``Code``.
    ///
    /// ```swift
    /// report.warnings.filter { $0.code == .undeclared }.count
    /// ```
    public let code: Code

    /// The warning's own fields: a value of the payload type of its ``code``.
    ///
    /// Read them with ``payload(as:)``.
    public let payload: any Payload

    /// A warning with `payload`, of the payload's code.
    ///
    /// ```swift
    /// let warning = SyncWarning(SyncWarning.LeftoverTable(table: "_reconciler_new_notes"))
    /// ```
    public init<P: Payload>(_ payload: P) {
        self.init(code: P.code, payload: payload)
    }

    /// A warning with a payload that does not say the code itself: one read back from JSON.
    package init(code: Code, payload: any Payload) {
        self.code = code
        self.payload = payload
    }

    /// The payload as a value of `type`; nil when the warning is of another kind.
    ///
    /// ```swift
    /// let kept = report.warnings.compactMap { $0.payload(as: SyncWarning.Undeclared.self)?.object }
    /// ```
    public func payload<P: Payload>(as type: P.Type) -> P? {
        payload as? P
    }

    /// What the user should know, in words.
    ///
    /// ```swift
    /// SyncWarning.leftoverTable("_reconciler_new_notes").message // "table _reconciler_new_notes is a leftover of …"
    /// ```
    public var message: String {
        payload.message
    }

    /// The ``message``.
    public var description: String {
        message
    }

    /// Whether the warnings have the same code and the same fields.
    public static func == (lhs: SyncWarning, rhs: SyncWarning) -> Bool {
        lhs.code == rhs.code && lhs.payload.hashable == rhs.payload.hashable
    }

    /// Hashes the code and the fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(payload.hashable)
    }

    // MARK: Before codes

    /// The kinds of warning: ``Code``, under its former name.
    @available(*, deprecated, renamed: "Code")
    public typealias Kind = Code

    /// The warning's ``code``, under its former name.
    @available(*, deprecated, renamed: "code")
    public var kind: Code {
        code
    }
}

// MARK: - Warnings about the file

extension SyncWarning {
    /// What the file says that a sync, a dry run, a status and `reconcile check` warn about,
    /// with or without a database: upgrades (scripts and `codeUpgrades`) keyed at or below the
    /// lowest version `legacy.versions` maps, which a database below every numeric key would run
    /// again, and which no database versioned by GRDB's migrator ever runs.
    ///
    /// ```swift
    /// for warning in SyncWarning.fileWarnings(file, codeUpgrades: []) { print("warning:", warning) }
    /// ```
    package static func fileWarnings(_ file: SchemaFile, codeUpgrades: [Upgrade]) -> [SyncWarning] {
        guard let legacy = file.legacy, let lowest = legacy.lowestEntry else { return [] }
        let scripts = file.upgrades.flatMap { upgrade in
            upgrade.scripts.map { Upgrade(version: upgrade.version, name: $0.path, kind: .script) }
        }
        let upgrades = legacy.upgradesAtOrBelowLowestEntry(scripts + codeUpgrades)
        guard !upgrades.isEmpty else { return [] }
        let record = LegacyRecord(source: legacy.source, record: lowest.key, key: lowest.key, version: lowest.version)
        return [.upgradesBelowLegacyMap(upgrades, lowest: record)]
    }
}

extension SyncWarning.Payload {
    /// The payload as a value `==` and `hash(into:)` of a warning compare and hash.
    fileprivate var hashable: AnyHashable {
        AnyHashable(self)
    }
}
