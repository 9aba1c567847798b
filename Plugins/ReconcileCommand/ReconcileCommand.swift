import Foundation
import PackagePlugin

// MARK: - ReconcileCommand

/// `swift package reconcile …`: runs the reconcile command line with the same arguments, from
/// the package directory, so that a repository that is a Swift package needs nothing installed.
///
/// The plugin declares no permission, so that what writes nothing (`--dry-run`, `--check`,
/// `status`, `inspect`, `verify`, `check`) runs without asking. SwiftPM gives a command plugin
/// the package directory to write to only when asked to, with
/// `swift package --allow-writing-to-package-directory reconcile …` (macOS enforces it with a
/// sandbox; on Linux SwiftPM runs plugins unsandboxed): a command that writes (a sync, `finish`)
/// and finds that it may not write where the database is says so, with the command to run
/// instead, before it starts.
///
/// SwiftPM writes all a command plugin prints, on either stream, on its standard output; the
/// command's standard error is passed on as diagnostics, which SwiftPM writes on standard
/// error, so that the output of `swift package reconcile --dry-run` or `--format json` can be
/// piped as the command's own can.
@main
struct ReconcileCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let directory = context.package.directoryURL
        let access = WriteAccess(arguments: arguments, packageDirectory: directory)
        if let refusal = access.refusal() {
            Diagnostics.error(refusal)
            return
        }
        let process = Process()
        process.executableURL = try context.tool(named: "reconcile").url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var forwarder = DiagnosticForwarder()
        forwarder.forward(errors.fileHandleForReading)
        process.waitUntilExit()
        // SwiftPM reports a plugin's status as "Plugin ended with exit code N", and exits 1.
        if process.terminationReason == .uncaughtSignal {
            exit(128 + process.terminationStatus)
        }
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}

// MARK: - WriteAccess

/// Whether a `reconcile` command writes a database file, and whether the plugin may write
/// where it is.
struct WriteAccess {
    /// The command's arguments.
    var arguments: [String]
    /// The package directory, where the command runs.
    var packageDirectory: URL

    /// Arguments that make any command print and exit.
    static let informational: Set = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]

    /// Whether the command writes: a sync (the default subcommand) without `--dry-run` or
    /// `--check`, `finish`, and `check --stamp`.
    var writes: Bool {
        if arguments.contains(where: { Self.informational.contains($0.split(separator: "=").first.map(String.init) ?? $0) }) {
            return false
        }
        switch arguments.first {
        case "finish": return true
        case "check": return value(of: "--stamp") != nil
        case "status", "inspect", "verify", "help": return false
        default: return !arguments.contains("--dry-run") && !arguments.contains("--check")
        }
    }

    /// The folder the command writes in: the database's (the part of a pattern before its
    /// first wildcard), or the stamp's.
    var writtenFolder: URL {
        let path = arguments.first == "check" ? value(of: "--stamp") : value(of: "--database")
        guard var path else { return packageDirectory }
        if let wildcard = path.firstIndex(where: { "*?[".contains($0) }) { path = String(path[..<wildcard]) + "x" }
        return URL(fileURLWithPath: path, relativeTo: packageDirectory).deletingLastPathComponent().standardizedFileURL
    }

    /// The value of `option`, written `--option VALUE` or `--option=VALUE`.
    func value(of option: String) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// Nil when the command writes nothing, or may write where it does; otherwise what to run instead.
    func refusal() -> String? {
        guard writes else { return nil }
        var folder = writtenFolder
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        guard !Self.canWrite(in: folder) else { return nil }
        let command = (["reconcile"] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let isInPackage = folder.path == packageDirectory.standardizedFileURL.path
            || folder.path.hasPrefix(packageDirectory.standardizedFileURL.path + "/")
        let permission = isInPackage ? "--allow-writing-to-package-directory"
            : "--allow-writing-to-directory \(Self.shellQuoted(folder.path))"
        return "`\(command)` writes in \(folder.path), where this plugin may not write: SwiftPM lets a command "
            + "plugin write only where it is allowed to. Run `swift package \(permission) \(command)`, or the built "
            + "command, `swift run \(command)`. (--dry-run, --check, status, inspect, verify and check write nothing.)"
    }

    /// Whether a file can be made in `folder`: what SwiftPM's sandbox forbids, and what the
    /// file system does.
    static func canWrite(in folder: URL) -> Bool {
        let probe = folder.appendingPathComponent(".reconcile-write-check-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: nil) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }

    /// `argument` as a shell reads it back.
    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

// MARK: - DiagnosticForwarder

/// Passes the command's standard error on as SwiftPM diagnostics, one per message: a line and
/// the indented lines under it. `error: …`, `path: error: …` and `path:line:column: error: …`
/// become errors (`error: path:line:column: …`); the rest warnings, `note: …` too. A sync's
/// progress lines go to standard output, with the report.
struct DiagnosticForwarder {
    private var message: [String] = []

    /// Reads `handle` to its end, passing each message on as it completes.
    mutating func forward(_ handle: FileHandle) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                take(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { take(String(decoding: pending, as: UTF8.self)) }
        flush()
    }

    private mutating func take(_ line: String) {
        if Self.isProgress(line) {
            // Progress would be hidden (SwiftPM shows a plugin's only with -v): it goes with the output.
            flush()
            print(line)
        } else if line.first?.isWhitespace == true, !message.isEmpty {
            message.append(line)
        } else {
            flush()
            message = [line]
        }
    }

    private mutating func flush() {
        guard !message.isEmpty else { return }
        let (severity, text) = Self.diagnostic(message.joined(separator: "\n"))
        Diagnostics.emit(severity, text)
        message = []
    }

    /// Whether `line` is a sync's progress, as it writes it where standard error is not a
    /// terminal: `step 2 of 5: …`, `upgrade 1 of 1: …`.
    static func isProgress(_ line: String) -> Bool {
        let words = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard words.count == 5, words[0] == "step" || words[0] == "upgrade", Int(words[1]) != nil, words[2] == "of",
              words[3].hasSuffix(":") else { return false }
        return Int(words[3].dropLast()) != nil
    }

    /// The severity the message's first marker says, and the message without it.
    static func diagnostic(_ text: String) -> (Diagnostics.Severity, String) {
        let markers: [(String, Diagnostics.Severity)] = [("error: ", .error), ("warning: ", .warning), ("note: ", .warning)]
        let firstLine = text.prefix { $0 != "\n" }
        var found: (range: Range<String.Index>, severity: Diagnostics.Severity)?
        for (marker, severity) in markers {
            let range = firstLine.hasPrefix(marker) ? firstLine.startIndex..<firstLine.index(firstLine.startIndex, offsetBy: marker.count)
                : firstLine.range(of: ": " + marker).map { firstLine.index($0.lowerBound, offsetBy: 2)..<$0.upperBound }
            if let range, range.lowerBound < found?.range.lowerBound ?? text.endIndex { found = (range, severity) }
        }
        guard let found else { return (.warning, text) }
        return (found.severity, String(text[..<found.range.lowerBound]) + String(text[found.range.upperBound...]))
    }
}
