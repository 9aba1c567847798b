import Foundation

// MARK: - AppFolder

/// A folder with a schema.yaml, its scripts and a database, removed afterwards.
final class AppFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString)")
    var schemaURL: URL { url.appendingPathComponent("schema.yaml") }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    init(schema: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent("upgrades"), withIntermediateDirectories: true)
        try schema.write(to: schemaURL, atomically: true, encoding: .utf8)
    }

    func write(_ text: String, to name: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The names in the folder, sorted.
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    deinit { try? FileManager.default.removeItem(at: url) }
}
