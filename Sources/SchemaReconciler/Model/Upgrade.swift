// MARK: - Upgrade

/// A data migration that a sync runs (or ran): an SQL script that schema.yaml lists, or a Swift
/// closure registered with the reconciler.
///
/// ```swift
/// for upgrade in plan.upgrades { print(upgrade) } // upgrade 1.2.0: upgrades/1.2.0-fill-slugs.sql
/// ```
public struct Upgrade: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What runs.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An SQL script from schema.yaml.
        case script
        /// A closure registered in code.
        case code
    }

    /// The version that runs it.
    public var version: SemanticVersion
    /// The script path, as schema.yaml writes it, or the code upgrade's name.
    public var name: String
    /// A script or a closure.
    public var kind: Kind

    /// Creates a value.
    public init(version: SemanticVersion, name: String, kind: Kind) {
        self.version = version
        self.name = name
        self.kind = kind
    }

    public var description: String {
        "upgrade \(version): " + (kind == .script ? name : "\(name) (code)")
    }
}
