import ArgumentParser
import SchemaReconciler

// MARK: - SemanticVersion as an argument

extension SemanticVersion: ExpressibleByArgument {
    /// Parses `--legacy-version 1.4` as 1.4.0; anything else than a semantic version is refused
    /// by the argument parser, with its own message.
    public init?(argument: String) {
        self.init(argument)
    }

    /// How the default shows in `--help`.
    public var defaultValueDescription: String { description }
}
