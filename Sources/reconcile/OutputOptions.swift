import ArgumentParser
import SchemaReconciler

// MARK: - OutputOptions

/// `--format text|json`: how a command writes its result. Text is for people; JSON is one object
/// on standard output, with the keys docs/command-line.md documents, for scripts and CI.
struct OutputOptions: ParsableArguments {
    /// The formats a command can write.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
        case markdown
    }

    @Option(name: .long, help: ArgumentHelp(
        "How to write the result: text, json (one JSON object on standard output) or markdown (the dry run, --check and status).",
        valueName: "format"))
    var format: Format = .text

    /// Whether the result is written as JSON.
    var isJSON: Bool { format == .json }

    /// Whether the result is written as Markdown.
    var isMarkdown: Bool { format == .markdown }

    /// Refuses `--format markdown` where there is no Markdown to write.
    func refuseMarkdown(_ reason: String = "the dry run (--dry-run, --check) and status") throws {
        if isMarkdown { throw ValidationError("--format markdown is only for \(reason).") }
    }

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
