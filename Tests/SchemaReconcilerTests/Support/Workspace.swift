import Foundation
import GRDB
@testable import SchemaReconciler

// MARK: - Workspace

/// A temporary folder holding a schema.yaml, its upgrade scripts and a database file,
/// removed when the value is released.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("reconcile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var schemaURL: URL { url.appendingPathComponent("schema.yaml") }
    var databasePath: String { url.appendingPathComponent("app.sqlite").path }

    /// Writes schema.yaml.
    func writeSchema(_ yaml: String) throws {
        try yaml.write(to: schemaURL, atomically: true, encoding: .utf8)
    }

    /// Writes a file relative to the folder (an upgrade script).
    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func reconciler(_ options: Reconciler.Options = .init()) -> Reconciler {
        Reconciler(schemaURL: schemaURL, options: options)
    }

    @discardableResult
    func sync(_ options: Reconciler.Options = .init()) throws -> SyncReport {
        try reconciler(options).sync(databaseAt: databasePath)
    }

    /// Runs SQL on the database with a fresh connection.
    func execute(_ sql: String) throws {
        try queue().writeWithoutTransaction { try $0.execute(sql: sql) }
    }

    /// Reads from the database with a fresh connection.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue().read(body)
    }

    /// A fresh connection to the database that, as the last one to close, removes the `-wal`
    /// and `-shm` files of a database in WAL mode, as SQLite does by default (Apple's SQLite
    /// keeps them): a test's own reads and writes leave no file that the sync did not.
    func queue() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { $0.keepsWALFiles = false }
        return try DatabaseQueue(path: databasePath, configuration: configuration)
    }

    /// The database file's bytes (and those of a journal beside it, if any).
    func fileBytes() throws -> Data {
        var data = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        for suffix in ["-journal", "-wal"] {
            if let extra = try? Data(contentsOf: URL(fileURLWithPath: databasePath + suffix)), !extra.isEmpty {
                data.append(extra)
            }
        }
        return data
    }

    func modificationDate() throws -> Date {
        try FileManager.default.attributesOfItem(atPath: databasePath)[.modificationDate] as! Date
    }

    /// The live schema.
    func inspect() throws -> Schema {
        try read { try SchemaInspector().inspect($0) }
    }
}
