import Foundation
import SchemaReconciler

// MARK: - GitRevision

/// The schema file as a git revision has it, read with `git show REV:./schema.yaml` from the
/// schema file's folder, for `reconcile verify --git REV…`.
///
/// ```swift
/// let release = try GitRevision(revision: "v1.2.0", schemaPath: "db/schema.yaml").release()
/// release.source // "v1.2.0:db/schema.yaml"
/// ```
struct GitRevision {
    /// The revision: a tag, a branch, a commit.
    var revision: String
    /// The current schema file's path.
    var schemaPath: String

    /// The release the revision's schema file declares.
    func release() throws -> SchemaRelease {
        let url = URL(fileURLWithPath: schemaPath)
        let source = "\(revision):\(schemaPath)"
        let text = try show("\(revision):./\(url.lastPathComponent)", in: url.deletingLastPathComponent(), source: source)
        return try SchemaRelease(yaml: text, source: source)
    }

    /// Runs `git show` and returns what it printed; a failure is a schema file that cannot be read.
    private func show(_ object: String, in directory: URL, source: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", object]
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            throw SchemaError.unreadable(path: source, reason: "git could not be run (\(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw SchemaError.unreadable(path: source, reason: "git show failed: \(reason.isEmpty ? "exit \(process.terminationStatus)" : reason)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
