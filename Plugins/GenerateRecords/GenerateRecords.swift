import Foundation
import PackagePlugin

// MARK: - GenerateRecords

/// The build-tool plugin that writes a target's GRDB record types from its schema.yaml: for
/// each schema.yaml among the target's files (those of a folder it copies as a resource too),
/// a build command runs `reconcile generate` on it, which writes one Swift file into the
/// build's generated sources: a struct per table and view. A problem in schema.yaml is printed
/// as a compiler prints one (`…/schema.yaml:12:7: error: …`), and fails the build.
///
/// The command's one input is schema.yaml, and its output the Swift file: the build runs it
/// again only when schema.yaml changed. (Upgrade scripts make no record: unlike CheckSchema's,
/// its inputs leave them out.)
///
/// ```swift
/// .executableTarget(name: "App", resources: [.copy("schema.yaml")],
///                   plugins: [.plugin(name: "GenerateRecords", package: "sqlite-reconciler")])
/// ```
@main
struct GenerateRecords: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try RecordCommands(
            files: module.sourceFiles.map(\.url), base: module.directoryURL, targetName: target.name,
            tool: context.tool(named: "reconcile").url, workDirectory: context.pluginWorkDirectoryURL
        ).commands
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GenerateRecords: XcodeBuildToolPlugin {
    /// The same commands for a target of an Xcode project: its files are those of its build
    /// phases, schema.yaml among its bundle resources.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try RecordCommands(
            files: target.inputFiles.map(\.url), base: context.xcodeProject.directoryURL,
            targetName: target.displayName, tool: context.tool(named: "reconcile").url,
            workDirectory: context.pluginWorkDirectoryURL
        ).commands
    }
}
#endif

// MARK: - RecordCommands

/// The build commands that write the record types of the schema.yaml files among a target's
/// files.
struct RecordCommands {
    /// The target's files; a folder among them (a resource copied whole) stands for the files in it.
    var files: [URL]
    /// The folder the output names are made from: the target's, or the Xcode project's.
    var base: URL
    /// The target's name, for the build log.
    var targetName: String
    /// The `reconcile` executable.
    var tool: URL
    /// The plugin's work directory, where the Swift files go.
    var workDirectory: URL

    /// One command per schema.yaml, each writing `Records-<path>.swift`: `Records-schema.swift`
    /// for the target's own schema.yaml.
    var commands: [Command] {
        schemas.map { schema in
            let folder = base.standardizedFileURL.path + "/"
            let path = schema.path.hasPrefix(folder) ? String(schema.path.dropFirst(folder.count)) : schema.lastPathComponent
            let name = path.split(separator: "/").joined(separator: "-").replacingOccurrences(of: ".yaml", with: "")
            let output = workDirectory.appendingPathComponent("Records-\(name).swift")
            return .buildCommand(
                displayName: "Generating records from \(path) of \(targetName)",
                executable: tool,
                arguments: ["generate", "--schema", schema.path, "--output", output.path],
                inputFiles: [schema],
                outputFiles: [output])
        }
    }

    /// The files named schema.yaml, in path order, but those in a folder below another one's
    /// folder (`history/1.3.0/schema.yaml`, a past release's).
    var schemas: [URL] {
        var found = Set<URL>()
        for file in files {
            let values = try? file.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values?.isDirectory == true {
                guard let enumerator = FileManager.default.enumerator(
                    at: file, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { continue }
                for case let inner as URL in enumerator where inner.lastPathComponent == "schema.yaml" {
                    found.insert(inner.standardizedFileURL)
                }
            } else if values?.isRegularFile == true, file.lastPathComponent == "schema.yaml" {
                found.insert(file.standardizedFileURL)
            }
        }
        let folders = found.map { $0.deletingLastPathComponent().path + "/" }
        return found.filter { schema in
            let folder = schema.deletingLastPathComponent().path + "/"
            return !folders.contains { $0 != folder && folder.hasPrefix($0) }
        }.sorted { $0.path < $1.path }
    }
}
