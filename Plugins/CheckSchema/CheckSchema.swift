import Foundation
import PackagePlugin

// MARK: - CheckSchema

/// The build-tool plugin that checks a target's schema.yaml at build time: for each schema.yaml
/// among the target's files (those of a folder it copies as a resource too), a build command
/// runs `reconcile check` on it, which loads it and every upgrade script it names as a sync
/// does, SQLite's check of the declarations included, and prints each problem as a compiler
/// does (`…/schema.yaml:12:7: error: unknown key 'not_nul' …`). An error fails the build.
///
/// The command's inputs are schema.yaml and the files a script of it can be; its output, a
/// comment-only Swift file that `reconcile check` writes once, lets the build skip it while
/// they have not changed, and changes nothing in the target.
///
/// ```swift
/// .executableTarget(name: "App", resources: [.copy("schema.yaml"), .copy("upgrades")],
///                   plugins: [.plugin(name: "CheckSchema", package: "sqlite-reconciler")])
/// ```
@main
struct CheckSchema: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try SchemaCheckCommands(
            files: module.sourceFiles.map(\.url), base: module.directoryURL, targetName: target.name,
            tool: context.tool(named: "reconcile").url, workDirectory: context.pluginWorkDirectoryURL
        ).commands
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CheckSchema: XcodeBuildToolPlugin {
    /// The same commands for a target of an Xcode project: its files are those of its build
    /// phases, schema.yaml among its bundle resources.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try SchemaCheckCommands(
            files: target.inputFiles.map(\.url), base: context.xcodeProject.directoryURL,
            targetName: target.displayName, tool: context.tool(named: "reconcile").url,
            workDirectory: context.pluginWorkDirectoryURL
        ).commands
    }
}
#endif

// MARK: - SchemaCheckCommands

/// The build commands that check the schema.yaml files among a target's files.
struct SchemaCheckCommands {
    /// The target's files; a folder among them (a resource copied whole) stands for the files in it.
    var files: [URL]
    /// The folder the stamp names are made from: the target's, or the Xcode project's.
    var base: URL
    /// The target's name, for the build log.
    var targetName: String
    /// The `reconcile` executable.
    var tool: URL
    /// The plugin's work directory, where the stamps go.
    var workDirectory: URL

    /// Source files: never an upgrade script, so never an input of the check.
    static let sourceExtensions: Set = ["swift", "c", "cc", "cpp", "cxx", "m", "mm", "h", "hh", "hpp", "s", "metal"]

    /// One command per schema.yaml.
    var commands: [Command] {
        schemaFiles.map { schema in
            let name = relativeComponents(of: schema).joined(separator: "/")
            // A Swift file with a comment only: SwiftPM and Xcode compile it into the target, which
            // gains nothing; an output of another kind would be copied into its resources.
            let stamp = workDirectory.appendingPathComponent(
                (["CheckSchema"] + relativeComponents(of: schema)).joined(separator: "-") + ".swift")
            return .buildCommand(
                displayName: "Checking \(name) of \(targetName)",
                executable: tool,
                arguments: ["check", "--schema", schema.path, "--stamp", stamp.path],
                inputFiles: [schema] + possibleScripts(of: schema),
                outputFiles: [stamp])
        }
    }

    /// The files named schema.yaml, in path order. One in a folder below another's is a past
    /// release's file (`history/1.3.0/schema.yaml`, for `reconcile verify`), not checked.
    var schemaFiles: [URL] {
        var found: [URL] = []
        for file in files {
            if file.lastPathComponent == "schema.yaml", Self.isRegularFile(file) {
                found.append(file.standardizedFileURL)
            } else if Self.isDirectory(file) {
                found += Self.regularFiles(below: file).filter { $0.lastPathComponent == "schema.yaml" }
            }
        }
        let folders = found.map { $0.deletingLastPathComponent().path }
        let current = found.filter { schema in
            let folder = schema.deletingLastPathComponent().path
            return !folders.contains { folder != $0 && folder.hasPrefix($0 + "/") }
        }
        return Array(Set(current)).sorted { $0.path < $1.path }
    }

    /// Every file an upgrade script of `schema` can be: a script lies in its folder or below.
    func possibleScripts(of schema: URL) -> [URL] {
        Self.regularFiles(below: schema.deletingLastPathComponent()).filter {
            $0 != schema && !Self.sourceExtensions.contains($0.pathExtension.lowercased())
        }
    }

    /// The path of `file` below `base`, or its whole path when it is elsewhere.
    func relativeComponents(of file: URL) -> [String] {
        let components = file.standardizedFileURL.pathComponents.filter { $0 != "/" }
        let baseComponents = base.standardizedFileURL.pathComponents.filter { $0 != "/" }
        guard components.starts(with: baseComponents) else { return components }
        return Array(components.dropFirst(baseComponents.count))
    }

    // MARK: Files

    static func regularFiles(below folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let file as URL in enumerator where isRegularFile(file) {
            files.append(file.standardizedFileURL)
        }
        return files.sorted { $0.path < $1.path }
    }

    static func isRegularFile(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
    }

    static func isDirectory(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
    }
}
