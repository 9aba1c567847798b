import Foundation
import Testing

// MARK: - Running the built `reconcile`

/// The result of running the `reconcile` executable.
struct CommandResult {
    var status: Int32
    var output: String
    var error: String
}

enum ReconcileCommand {
    /// The built `reconcile` executable, next to the test bundle.
    static var url: URL {
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let file = directory.appendingPathComponent("reconcile")
            if FileManager.default.isExecutableFile(atPath: file.path) { return file }
        }
        return candidates[0].appendingPathComponent("reconcile")
    }

    /// Starts `reconcile` with `arguments` in `directory`.
    static func start(_ arguments: [String], in directory: URL) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Runs `reconcile` with `arguments` in `directory` and waits for it.
    static func run(_ arguments: [String], in directory: URL) throws -> CommandResult {
        let (process, output, error) = try start(arguments, in: directory)
        return finish(process, output, error)
    }

    /// Runs `reconcile` with `arguments` in `space` and returns what it printed on standard output.
    ///
    /// The test fails, at `sourceLocation`, unless it exits with `status`, and, when
    /// `expectsNoErrors`, unless it printed nothing on standard error.
    ///
    ///     let script = try ReconcileCommand.output(of: ["--dry-run"], in: space, expectsNoErrors: true)
    static func output(of arguments: [String], in space: Workspace, status: Int32 = 0, expectsNoErrors: Bool,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, in: space.url)
        #expect(result.status == status, "\(arguments): \(result.error)", sourceLocation: sourceLocation)
        if expectsNoErrors {
            #expect(result.error.isEmpty, "\(arguments): \(result.error)", sourceLocation: sourceLocation)
        }
        return result.output
    }

    static func finish(_ process: Process, _ output: Pipe, _ error: Pipe) -> CommandResult {
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                             error: String(decoding: err, as: UTF8.self))
    }
}

// MARK: - Reading what it printed as JSON

/// The one JSON object `text` holds, as Foundation reads it; the test fails when it holds anything else.
///
///     let plan = try object(result.output)
///     #expect(plan["isNothingToDo"] as? Bool == true)
func object(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not one JSON object: \(text)")
}
