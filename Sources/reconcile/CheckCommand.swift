import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - check

/// `reconcile check`: loads schema.yaml and every upgrade script it names with the loader of a
/// sync, and its load-time SQLite check, and makes the file's record types as `reconcile
/// generate` does, without a database; prints each problem as a compiler does. The CheckSchema build-tool plugin runs it at every build whose inputs changed, with
/// `--stamp` naming the file the build waits for.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check schema.yaml and its upgrade scripts as a sync loads them, without a database.",
        discussion: """
            A problem is printed as a compiler prints one (file:line:column: error: …), what `reconcile \
            generate` would refuse included; a file that loads prints nothing but its warnings. The app's \
            own collations and functions are stood in for, after a warning. Exit status: 0 when the file \
            loads, 2 when it does not.
            """)

    @Option(name: .long, help: "The schema file.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: ArgumentHelp(
        "A file to write when the schema file loads (left as it is when it already holds the same text), "
            + "for a build system that tracks a command by its output.",
        valueName: "file"))
    var stamp: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try output.refuseMarkdown()
    }

    /// What the stamp file holds: a comment, so that it compiles as a Swift file that adds nothing.
    static let stampText = "// schema.yaml loads: written by `reconcile check`. A build stamp; it holds no code.\n"

    func run() throws {
        try output.reportingErrors {
            let checked = try SchemaCheck(schemaPath: schema)
            if output.isJSON {
                try JSONOutput.print(CheckJSON(checked))
            } else {
                for warning in checked.warnings { ErrorText.printLine(StandInText.checkWarning(warning)) }
                for warning in checked.fileWarnings { ErrorText.printLine(checked.located(warning)) }
            }
            if let stamp { try Self.writeStamp(at: stamp) }
        }
    }

    /// Writes the stamp, unless it already holds its text: a file that does not change leaves
    /// the build nothing to compile again.
    static func writeStamp(at path: String) throws {
        let url = URL(fileURLWithPath: path)
        let text = Data(stampText.utf8)
        if (try? Data(contentsOf: url)) == text { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, options: .atomic)
        } catch {
            ErrorText.printLine("error: cannot write the stamp file \(path): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}

// MARK: - SchemaCheck

/// schema.yaml loaded as a sync loads it, with stand-ins for the app's own collations and
/// functions, which the command cannot register, and its record types made as `reconcile
/// generate` makes them.
struct SchemaCheck {
    /// The file as given.
    var schemaPath: String
    /// The loaded file; nil when it uses a tokenizer of the app's own, which has no stand-in:
    /// the loader stops there.
    var file: SchemaFile?
    /// What the command could not check, each as the error a load without stand-ins throws.
    var warnings: [SchemaError]

    /// Loads the file at `schemaPath`.
    ///
    /// - Throws: ``ReconcileError/invalidSchema(_:)``.
    init(schemaPath: String) throws {
        self.schemaPath = schemaPath
        var loader = SchemaLoader()
        loader.standsInForUnregisteredSQL = true
        do {
            let file = try loader.load(contentsOf: URL(fileURLWithPath: schemaPath))
            // What `reconcile generate` and the GenerateRecords plugin would refuse: two tables,
            // or two columns of one table, that make one Swift name; a column named like an
            // association of its record.
            _ = try RecordGenerator(file: file).records()
            self.file = file
            warnings = file.standIns
        } catch let error as SchemaError {
            // The app registers its tokenizer: the file may well load there.
            guard case .unregistered(_, "tokenizer", _, _) = error else { throw ReconcileError.invalidSchema(error) }
            file = nil
            warnings = [error]
        }
    }

    /// Whether the whole file was checked.
    var isComplete: Bool { file != nil }

    /// What the file says that a sync warns about too: upgrades that a database below every
    /// key of `legacy.versions` would run again.
    var fileWarnings: [SyncWarning] {
        file.map { SyncWarning.fileWarnings($0, codeUpgrades: []) } ?? []
    }

    /// `warning` as a compiler prints it, at the line of the first upgrade it names.
    ///
    /// ```
    /// schema.yaml:12:3: warning: upgrade 1.6.0 (upgrades/1.6.0.sql) is keyed at or below 1.53.0, …
    /// ```
    func located(_ warning: SyncWarning) -> String {
        var place = schemaPath
        if let first = warning.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.first,
           let location = file?.locations[.upgrade(first.version)] {
            place = location.description
        }
        return "\(place): warning: \(warning)"
    }

    /// The upgrade scripts read, as schema.yaml names them.
    var scripts: [String] { file?.upgrades.flatMap(\.scripts).map(\.path) ?? [] }
}
