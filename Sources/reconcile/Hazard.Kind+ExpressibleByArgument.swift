import ArgumentParser
import SchemaReconciler

// MARK: - Hazard kinds as arguments

extension Hazard.Kind: ExpressibleByArgument {
    /// `--deny drops-data copies-rows`: the kinds by their documented names; the argument parser
    /// lists them in `--help` and refuses any other word.
    public init?(argument: String) {
        self.init(rawValue: argument)
    }
}
