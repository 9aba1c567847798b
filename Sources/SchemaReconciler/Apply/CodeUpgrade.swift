import GRDB

// MARK: - CodeUpgrade

/// A data migration written in Swift, registered with
/// ``Reconciler/registerUpgrade(version:named:_:)`` and run like an upgrade script of its
/// version, after that version's scripts.
///
/// ```swift
/// let upgrade = CodeUpgrade(version: "1.3.0", name: "hash-passwords") { db in … }
/// upgrade.key   // "1.3.0 hash-passwords", what the fingerprint holds of it
/// ```
struct CodeUpgrade: Sendable {
    /// The version it belongs to.
    var version: SemanticVersion
    /// Its name, unique within its version.
    var name: String
    /// What it does, in the sync's transaction.
    var body: @Sendable (Database) throws -> Void

    /// What identifies it in the fingerprint.
    var key: String { "\(version) \(name)" }
}
