import ArgumentParser
import SchemaReconciler

// MARK: - OutputOptions

/// `--format text|json`: how a command writes its result. Text is for people; JSON is one object
/// on standard output, with the keys the README documents, for scripts and CI.
struct OutputOptions: ParsableArguments {
    /// The formats a command can write.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Option(name: .long, help: "How to write the result: text, or one JSON object on standard output.")
    var format: Format = .text

    /// Whether the result is written as JSON.
    var isJSON: Bool { format == .json }

    /// Runs `body`; in JSON, an error it throws is printed as `{"error": …}` on standard output
    /// and ends the command with its exit status.
    func reportingErrors(_ body: () throws -> Void) throws {
        guard isJSON else { return try body() }
        do {
            try body()
        } catch let error as ReconcileError {
            try JSONOutput.print(ErrorJSON(error))
            throw ExitCode(ExitStatus(error).rawValue)
        }
    }
}
