import ArgumentParser
import SchemaReconciler

// MARK: - Hazard kinds as arguments

extension Hazard.Kind: ExpressibleByArgument {
    /// `--deny drops-data copies-rows`: the kinds by their documented names, or the name one had
    /// before (`breaks-sync`); the argument parser lists the documented names in `--help` and
    /// refuses any other word.
    public init?(argument: String) {
        self.init(name: argument)
    }
}
