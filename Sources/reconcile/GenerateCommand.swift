import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - generate

/// `reconcile generate`: writes the GRDB record types of schema.yaml's tables and views as one
/// Swift file, the one the GenerateRecords build-tool plugin adds to a target at build time.
/// The file is read as a sync reads it (its upgrade scripts aside, which make no record), with
/// stand-ins for the app's own collations and functions.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the GRDB record types of schema.yaml's tables and views as Swift.",
        discussion: """
            One struct per table (Codable, FetchableRecord, PersistableRecord, with CodingKeys, \
            Columns and the associations of its foreign keys) and per view (FetchableRecord). A \
            problem is printed as a compiler prints one (file:line:column: error: …). Exit status: \
            0 when the file is written, 2 when schema.yaml does not load or makes no valid Swift.
            """)

    @Option(name: .long, help: "The schema file.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: ArgumentHelp(
        "The Swift file to write (left as it is when it already holds the same text); standard output when not given.",
        valueName: "file"))
    var output: String?

    func run() throws {
        var loader = SchemaLoader()
        loader.readsScripts = false
        loader.standsInForUnregisteredSQL = true
        let generated: GeneratedRecords
        do {
            let file = try loader.load(contentsOf: URL(fileURLWithPath: schema))
            generated = try RecordGenerator(file: file).records()
        } catch let error as SchemaError {
            throw ReconcileError.invalidSchema(error)
        }
        for warning in generated.warnings {
            ErrorText.printLine((warning.location.map { "\($0): " } ?? "") + "warning: \(warning.message)")
        }
        let text = RecordSource(generated).text
        guard let output else {
            print(text, terminator: "")
            return
        }
        try Self.write(text, to: output)
    }

    /// Writes `text` at `path`, unless the file already holds it: a file that does not change
    /// leaves the build nothing to compile again.
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let data = Data(text.utf8)
        if (try? Data(contentsOf: url)) == data { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            ErrorText.printLine("error: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}
