// MARK: - PendingUpgrade

/// An upgrade that a sync will run: a script, or a Swift closure registered with the reconciler.
///
/// ```swift
/// for upgrade in plan.upgrades { print(upgrade.version, upgrade.name) }
/// ```
package struct PendingUpgrade: Sendable, Equatable {
    /// What runs.
    package enum Kind: Sendable, Equatable {
        /// An SQL script from schema.yaml.
        case script(UpgradeScript)
        /// A closure registered in code, by its name.
        case code(name: String)
    }

    /// The version that runs it.
    package var version: SemanticVersion
    /// The script or closure.
    package var kind: Kind

    /// Creates a pending upgrade.
    package init(version: SemanticVersion, kind: Kind) {
        self.version = version
        self.kind = kind
    }

    /// The script path, or the closure's name.
    package var name: String {
        switch kind {
        case .script(let script): return script.path
        case .code(let name): return name
        }
    }
}
