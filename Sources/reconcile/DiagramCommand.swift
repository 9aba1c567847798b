import ArgumentParser
import Foundation
import SchemaReconciler

// MARK: - diagram

/// `reconcile diagram`: draws the tables, views and foreign keys of schema.yaml, or of a live
/// database, as a Mermaid `erDiagram` (which GitHub renders) or a Graphviz digraph.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw the tables, views and foreign keys of schema.yaml, or of a database, as an ER diagram.",
        discussion: """
            Mermaid (the default) renders as it is on GitHub; markdown wraps it in a ```mermaid block; \
            dot is Graphviz. Exit status: 0 when the diagram is printed, 1 when the database cannot be \
            read, 2 when schema.yaml does not load or --tables names a table that does not exist.
            """)

    /// The ways the diagram can be written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid
        case markdown
        case dot
    }

    @Option(name: .long, help: "The schema file to draw.")
    var schema: String = "schema.yaml"

    @Option(name: .long, help: "A database file to draw as it is, instead of schema.yaml.")
    var database: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(
        "Draw only these tables or views and the tables their foreign keys relate them to.", valueName: "name"))
    var tables: [String] = []

    @Option(name: .long, help: "How to write the diagram: mermaid, markdown or dot.")
    var format: Format = .mermaid

    func run() throws {
        var diagram = try drawnDiagram()
        if !tables.isEmpty {
            let unknown = diagram.unknownNames(in: tables)
            guard unknown.isEmpty else {
                ErrorText.printLine("error: --tables: no table or view named \(unknown.map { "'\($0)'" }.joined(separator: ", "))")
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
            diagram = diagram.neighbourhood(of: tables)
        }
        switch format {
        case .mermaid: print(MermaidText(diagram).text, terminator: "")
        case .markdown: print("```mermaid\n" + MermaidText(diagram).text + "```\n", terminator: "")
        case .dot: print(DotText(diagram).text, terminator: "")
        }
    }

    /// The diagram of `--database` when given, else of `--schema`, with the columns of each view
    /// as SQLite read them when the file was loaded.
    private func drawnDiagram() throws -> EntityDiagram {
        let file: SchemaFile
        if let database {
            let path = DatabasePattern.literalPath(database)
            let inspected = try Reconciler(schemaPath: schema).inspect(databaseAt: path)
            // A database whose schema.yaml would not load is drawn without its views' columns.
            guard let loaded = inspected.file else { return EntityDiagram(schema: inspected.schema) }
            file = loaded
        } else {
            file = try Self.declaredFile(at: schema)
        }
        return EntityDiagram(schema: file.schema, viewColumns: file.viewColumns)
    }

    /// The schema file at `path`, loaded as a sync loads it but for its upgrade scripts, which
    /// draw nothing, with stand-ins for the app's own collations and functions.
    static func declaredFile(at path: String) throws -> SchemaFile {
        var loader = SchemaLoader()
        loader.readsScripts = false
        loader.standsInForUnregisteredSQL = true
        do {
            return try loader.load(contentsOf: URL(fileURLWithPath: path))
        } catch let error as SchemaError {
            throw ReconcileError.invalidSchema(error)
        }
    }
}
