import Foundation
import GRDB

// MARK: - Fixture

/// A temporary folder with a schema.yaml and database files, removed at the end.
///
/// ```swift
/// let fixture = try Fixture()
/// try fixture.writeSchema(Fixture.tables(50))
/// ```
final class Fixture {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reconcile-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var schemaURL: URL { folder.appendingPathComponent("schema.yaml") }

    /// A path in the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes schema.yaml.
    func writeSchema(_ yaml: String) throws {
        try yaml.write(to: schemaURL, atomically: true, encoding: .utf8)
    }

    /// Copies the database `source` to `name` (replacing it), and returns the copy's path.
    func copy(_ source: String, to name: String) throws -> String {
        let target = path(name)
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    /// Copies the database `source` to `name` as ``copy(_:to:)`` does, and flushes the copy to
    /// disk (its pages stay in the page cache), so that the next process does not pay for
    /// writing it back.
    func copyToDisk(_ source: String, to name: String) throws -> String {
        let target = try copy(source, to: name)
        guard let file = FileHandle(forUpdatingAtPath: target) else {
            throw BenchmarkError(description: "cannot open \(target)")
        }
        defer { try? file.close() }
        try file.synchronize()
        return target
    }

    /// Removes the database `name` and its side files, and returns its path.
    func remove(_ name: String) -> String {
        let target = path(name)
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
        return target
    }

    // MARK: Schemas

    /// A schema of `count` tables like an app's: a key, a foreign key to the table before, text,
    /// numbers, a default, a check, an index; with `extra`, each table ends with that column.
    static func tables(_ count: Int, version: String = "1.0.0", extra: String? = nil) -> String {
        var yaml = "version: \(version)\ntables:\n"
        for index in 0..<count {
            yaml += """
                  t\(index):
                    columns:
                      id: { type: INTEGER, primary_key: true }
                      parent_id: { type: INTEGER, references: \(index == 0 ? "t0" : "t\(index - 1)").id }
                      name: { type: TEXT, not_null: true }
                      score: { type: REAL, not_null: true, default: 0 }
                      status: { type: TEXT, not_null: true, default: active, check: "status IN ('active', 'archived')" }
                      created_at: { type: TEXT, default_sql: CURRENT_TIMESTAMP }
                """ + "\n"
            if let extra { yaml += "      \(extra)\n" }
            yaml += "    indexes:\n      t\(index)_by_name: [name]\n"
        }
        return yaml
    }

    /// One table of `rows` rows: an INTEGER PRIMARY KEY, a TEXT, a REAL, a 32-byte BLOB, an index
    /// (`name` and `score` declared with these types).
    static func items(nameType: String, scoreType: String = "REAL", notNull: Bool = false) -> String {
        """
        version: 1.0.0
        tables:
          items:
            columns:
              id:      { type: INTEGER, primary_key: true }
              name:    { type: \(nameType), not_null: \(notNull) }
              score:   \(scoreType)
              payload: BLOB
            indexes:
              items_by_name: [name]
        """
    }

    /// Fills `items` with `rows` rows in one transaction through one prepared statement.
    static func fillItems(_ path: String, rows: Int) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let insert = try db.makeStatement(sql: "INSERT INTO items (id, name, score, payload) VALUES (?, ?, ?, ?)")
            var payload = Data((0..<32).map { UInt8($0) })
            for id in stride(from: 1, through: rows, by: 1) {
                payload.withUnsafeMutableBytes { bytes in
                    withUnsafeBytes(of: UInt64(id).littleEndian) { bytes.copyMemory(from: $0) }
                }
                insert.setUncheckedArguments([id, "item \(id)", Double(id) / 7, payload])
                try insert.execute()
            }
        }
        try queue.close()
    }
}
