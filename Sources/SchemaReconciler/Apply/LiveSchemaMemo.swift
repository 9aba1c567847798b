import Foundation
import GRDB

// MARK: - LiveSchemaMemo

/// The live schemas that the syncs of many databases with one schema.yaml read, by catalog, and
/// how each differs from the file, so that one command over many databases reads and compares
/// each schema it meets once.
///
/// Databases whose catalogs are the same (the tenants of one app, created and synced by the
/// same versions of it) have the same live schema: every PRAGMA the inspector reads, SQLite
/// derives from the statements the catalog holds. So the first sync that meets a catalog
/// inspects it and compares it with the file, and each sync that meets it again reads the
/// catalog alone, before its plan and after it (the check that the database is now as
/// declared). The last few catalogs met are kept; it is shared by the threads of the command.
///
/// ```swift
/// let memo = LiveSchemaMemo(file: file)
/// let live = try memo.schema(of: catalog, in: db)
/// let diff = try memo.diff(of: catalog, live: live, drop: file.drop)
/// ```
package final class LiveSchemaMemo: @unchecked Sendable {
    /// What one catalog gave.
    private struct Entry {
        var catalog: Catalog
        var schema: Schema
        var renames: RenameDiff?
        var diffs: [(drop: DropList, diff: SchemaDiff)] = []
    }

    /// How many catalogs are kept: a sync meets two (before and after it), and the databases of
    /// one command rarely more than a few.
    static let capacity = 4

    /// The schema.yaml bytes whose schema every comparison is made with.
    private let contents: Data
    /// The declared schema.
    private let declared: Schema
    private let lock = NSLock()
    /// The catalogs kept, the one met last at the end.
    private var entries: [Entry] = []

    /// An empty memo for the syncs with `file`.
    package init(file: SchemaFile) {
        contents = file.contents
        declared = file.schema
    }

    /// Whether the comparisons kept are those of `file`: its bytes are those of the memo's file.
    func serves(_ file: SchemaFile) -> Bool {
        file.contents == contents
    }

    // MARK: Reading and comparing

    /// The live schema of `catalog`, which `db` holds, as ``SchemaInspector`` reads it: read the
    /// first time the catalog is met.
    ///
    /// - Throws: ``ReconcileError/cannotInspect(_:)``, or SQLite's error.
    func schema(of catalog: Catalog, in db: Database) throws -> Schema {
        if let schema = kept(catalog, { $0.schema }) { return schema }
        let schema = try ReconcileError.inspecting { try SchemaInspector().inspect(catalog, in: db) }
        keep(catalog, schema: schema) { _ in }
        return schema
    }

    /// The renames from `live`, the schema of `catalog`, to the declared schema.
    ///
    /// - Throws: ``ReconcileError/cannotDiff(_:)``.
    func renames(of catalog: Catalog, live: Schema) throws -> RenameDiff {
        if let renames = kept(catalog, { $0.renames }) { return renames }
        let renames = try ReconcileError.renames(declared, live: live)
        keep(catalog, schema: live) { $0.renames = renames }
        return renames
    }

    /// The differences between the declared schema, dropping `drop`, and `live`, the schema of
    /// `catalog`.
    ///
    /// - Throws: ``ReconcileError/cannotDiff(_:)``.
    func diff(of catalog: Catalog, live: Schema, drop: DropList) throws -> SchemaDiff {
        if let diff = kept(catalog, { $0.diffs.first { $0.drop == drop }?.diff }) { return diff }
        let diff = try ReconcileError.diff(declared, drop: drop, live: live)
        keep(catalog, schema: live) { $0.diffs.append((drop, diff)) }
        return diff
    }

    // MARK: The entries

    /// What `read` finds in the entry of `catalog`, when it is kept; the entry is then the one
    /// met last.
    private func kept<T>(_ catalog: Catalog, _ read: (Entry) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = entries.lastIndex(where: { $0.catalog == catalog }) else { return nil }
        entries.append(entries.remove(at: index))
        return read(entries[entries.count - 1])
    }

    /// Applies `change` to the entry of `catalog`, made from `schema` when none is kept, which
    /// becomes the one met last; the one met first goes beyond ``capacity``.
    private func keep(_ catalog: Catalog, schema: Schema, _ change: (inout Entry) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        var entry = entries.lastIndex { $0.catalog == catalog }.map { entries.remove(at: $0) }
            ?? Entry(catalog: catalog, schema: schema)
        change(&entry)
        entries.append(entry)
        if entries.count > Self.capacity { entries.removeFirst() }
    }
}
