import Foundation
import GRDB

// MARK: - AppliedUpgrade

/// An upgrade that ran on this database.
///
/// ```swift
/// AppliedUpgrade(version: "1.1.0", name: "upgrades/1.1.0.sql", isScript: true, checksum: "ab12…", appliedAt: "2026-01-01T10:00:00Z")
/// ```
public struct AppliedUpgrade: Sendable, Equatable {
    /// Its version.
    public var version: SemanticVersion
    /// The script path or the code upgrade's name.
    public var name: String
    /// A script (true) or a code upgrade (false).
    public var isScript: Bool
    /// The checksum of the script's text when it ran.
    public var checksum: String?
    /// When it ran (ISO 8601, UTC).
    public var appliedAt: String

    /// Creates a record.
    public init(version: SemanticVersion, name: String, isScript: Bool, checksum: String?, appliedAt: String) {
        self.version = version
        self.name = name
        self.isScript = isScript
        self.checksum = checksum
        self.appliedAt = appliedAt
    }
}
