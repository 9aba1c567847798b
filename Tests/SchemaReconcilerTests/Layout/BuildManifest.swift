import Foundation

// MARK: - BuildManifest

/// The llbuild manifest SwiftPM writes for a build (`.build/debug.yaml`), read just enough to
/// find how it compiled one module: the `swiftc` it ran, its arguments and its Swift sources.
///
/// ```swift
/// let manifest = try BuildManifest.ofRunningBuild(packageRoot: root)
/// let command = try manifest.compileCommand(module: "SchemaReconciler")
/// command.swiftc                                                // /usr/bin/swiftc
/// command.arguments.contains("-swift-version")                  // true
/// ```
struct BuildManifest {
    /// The manifest file.
    let url: URL
    /// Its text.
    let text: String

    /// Why no compile command could be read.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// One module's compile command.
    struct CompileCommand {
        /// The compiler, as SwiftPM ran it.
        var swiftc: URL
        /// Its arguments, sources and outputs included.
        var arguments: [String]
        /// The Swift files among the command's inputs.
        var sources: [String]
    }

    // MARK: Finding it

    /// The manifest of the build the running test binary belongs to: beside the build folder
    /// that holds the binary (`.build/<triple>/debug/…` → `.build/debug.yaml`), else the package's
    /// `.build/debug.yaml`.
    static func ofRunningBuild(packageRoot: URL) throws -> BuildManifest {
        var candidates: [URL] = []
        let binaries = [Bundle.main.executableURL].compactMap { $0 } + [Bundle.main.bundleURL]
            + Bundle.allBundles.map(\.bundleURL)
        for binary in binaries.map({ $0.resolvingSymlinksInPath() }) {
            var folder = binary.deletingLastPathComponent()
            while folder.pathComponents.count > 2 {
                // `<scratch>/<triple>/<configuration>/` is described by `<scratch>/<configuration>.yaml`.
                let scratch = folder.deletingLastPathComponent().deletingLastPathComponent()
                candidates.append(scratch.appendingPathComponent(folder.lastPathComponent + ".yaml"))
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug.yaml"))
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw Missing(description: """
                no SwiftPM build manifest was found beside the test binary (\(binaries[0].path)) \
                nor at \(packageRoot.path)/.build/debug.yaml: build the package with `swift build` (or run the \
                tests with `swift test`) from the package folder first
                """)
        }
        return BuildManifest(url: url, text: try String(contentsOf: url, encoding: .utf8))
    }

    // MARK: Reading it

    /// The command that compiled `module` for the target platform (not the copy built for the
    /// host's plugins, whose key ends with `-tool.module`).
    func compileCommand(module: String) throws -> CompileCommand {
        var found: [(key: String, command: CompileCommand)] = []
        for (key, fields) in commands() {
            guard let argumentsLine = fields["args"], argumentsLine.contains("\"-module-name\",\"\(module)\""),
                  let arguments = Self.strings(argumentsLine),
                  let index = arguments.firstIndex(of: "-module-name"), index + 1 < arguments.count,
                  arguments[index + 1] == module, let swiftc = arguments.first else { continue }
            let inputs = fields["inputs"].flatMap(Self.strings) ?? arguments
            found.append((key, CompileCommand(swiftc: URL(fileURLWithPath: swiftc), arguments: Array(arguments.dropFirst()),
                                              sources: inputs.filter { $0.hasSuffix(".swift") })))
        }
        guard let command = found.first(where: { !$0.key.hasSuffix("-tool.module\"") }) ?? found.first else {
            throw Missing(description: "\(url.path) has no command that compiles module \(module): build it with `swift build` first")
        }
        return command.command
    }

    /// Each command's key line and its one-line fields (`tool`, `inputs`, `args`, …).
    private func commands() -> [(key: String, fields: [String: Substring])] {
        var commands: [(key: String, fields: [String: Substring])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("  \""), line.hasSuffix(":") {
                commands.append((String(line.dropFirst(2).dropLast()), [:]))
            } else if line.hasPrefix("    "), !commands.isEmpty, let colon = line.firstIndex(of: ":") {
                let name = line[line.startIndex..<colon].trimmingCharacters(in: .whitespaces)
                commands[commands.count - 1].fields[name] = line[line.index(after: colon)...]
            }
        }
        return commands
    }

    /// A field's value read as a JSON array of strings, as SwiftPM writes `inputs` and `args`.
    private static func strings(_ value: Substring) -> [String]? {
        let data = Data(value.trimmingCharacters(in: .whitespaces).utf8)
        return (try? JSONSerialization.jsonObject(with: data)) as? [String]
    }
}
