import Foundation
import GRDB

// MARK: - Reconciler.InspectedSchema

extension Reconciler {
    /// The schema.yaml of a database as it is.
    ///
    /// Every table, column, index, view, trigger and virtual table, exactly as the database defines
    /// them, for an app that adopts the reconciler with a database its own code built.
    ///
    /// A new database synced from it has the same schema, and a sync of the database itself (with
    /// the legacy version it is at) changes nothing but the version it records.
    ///
    /// ```swift
    /// let inspected = try reconciler.inspect(databaseAt: "app.sqlite", appVersion: "3.2.0")
    /// try inspected.yaml.write(to: reconciler.schemaURL, atomically: true, encoding: .utf8)
    /// ```
    public struct InspectedSchema: Sendable {
        /// The schema.yaml text.
        ///
        /// The same database always gives the same bytes.
        public var yaml: String
        /// The database's schema as the model holds it, other tools' objects (Litestream's, the
        /// old migration tool's table) left out, as ``yaml`` declares it: what a diagram of the
        /// live database draws.
        package var schema: Schema
        /// What the database holds that the format cannot say, written as comments in ``yaml``.
        package var undeclarable: [UndeclarableClause]
        /// The text, loaded as the reconciler loads schema.yaml; nil when the loader refuses it.
        ///
        /// A collation or function of the app's own that it uses needs no registering here: the
        /// database holds the objects that use it, so SQLite accepted them where they were made.
        public var file: SchemaFile?
        /// Why the loader refuses the text, when it does.
        ///
        /// The migrations of GRDB's migrator that ``yaml`` lists without their app versions, for
        /// the user to fill in (``SchemaError/legacyVersionsMissing(_:source:lines:at:)``);
        /// otherwise something of the database that the writer does not know how to say (please
        /// report it).
        public var loadError: SchemaError?

        /// The record of the migration tool that versioned the database before (GRDB's migrator,
        /// FMDBMigrationManager, fmdb-migration-manager, an `app_version(version_num)` table, or a
        /// `PRAGMA user_version` other than 0).
        ///
        /// ``yaml`` then has a `legacy` section, and does not declare the old tool's table.
        ///
        /// The section maps a number to the app version of the file; it lists GRDB's migrations
        /// without a version, for the user to write the release that first ran each (the file does
        /// not load until then). Nil when there is none.
        ///
        /// ```swift
        /// inspected.legacyRecord?.description // "legacy record schema_migrations = 5 → 4.2.0"
        /// ```
        public var legacyRecord: LegacyRecord?

        /// Whether the file says everything the database holds: nothing is left to comments, and it loads.
        public var isComplete: Bool { undeclarable.isEmpty && loadError == nil }

        /// Inspects the database file at `path`, read only; it must exist.
        ///
        /// - Parameters:
        ///   - path: The database file.
        ///   - appVersion: The `version` the file says it belongs to.
        ///   - prepareDatabase: What prepares the connection opened on the file, as
        ///     ``Reconciler/Options/prepareDatabase`` does; nil for none.
        /// - Throws: ``ReconcileError`` when the database cannot be read.
        package init(databaseAt path: String, appVersion: SemanticVersion, schemaURL: URL, busyTimeout: Duration,
                     prepareDatabase: (@Sendable (Database) throws -> Void)?) throws {
            try DatabaseFile.check(path)
            guard FileManager.default.fileExists(atPath: path) else {
                throw ReconcileError.invalidDatabasePath(path, problem: .fileMissing)
            }
            try self.init(DatabaseFile.open(path, readonly: true, busyTimeout: busyTimeout, preparedBy: prepareDatabase),
                          appVersion: appVersion, schemaURL: schemaURL)
        }

        /// Inspects the database behind an app's GRDB connection; reads only.
        ///
        /// - Parameters:
        ///   - reader: The app's GRDB `DatabaseQueue` or `DatabasePool`.
        ///   - appVersion: The `version` the file says it belongs to.
        ///   - schemaURL: Where the file would be, to load it.
        /// - Throws: ``ReconcileError`` when the database cannot be read.
        package init(_ reader: any DatabaseReader, appVersion: SemanticVersion, schemaURL: URL) throws {
            // Other tools' objects are left out, as a sync of the file leaves them alone: SQLite's,
            // Litestream's, and the old migration tool's table, which the `legacy` section names.
            let (schema, detected) = try SyncSession.reporting(path: reader.path) {
                try reader.read { db in
                    let detected = try LegacyRecord.Source.detected(in: db)
                    let ignored = IgnoredNames(legacyTable: detected?.records.isEmpty == false ? detected?.source.table : nil)
                    return (try SchemaInspector().inspect(db, ignoring: ignored), detected)
                }
            }
            var writer = SchemaWriter(version: appVersion)
            if let (source, records) = detected, let last = records.last {
                // A number is the database's own release; which release ran each of GRDB's
                // migrations, only the app's history knows: the user writes it.
                let mapped = source.isNumeric ? records : []
                writer.legacy = LegacyVersionMap(source: source, entries: mapped.map { .init(key: $0, version: appVersion) })
                writer.legacyRecordsWithoutVersion = source.isNumeric ? [] : records
                legacyRecord = LegacyRecord(source: source, record: last, key: last, version: appVersion)
            }
            self.schema = schema
            yaml = writer.yaml(for: schema)
            undeclarable = writer.notes
            var loader = SchemaLoader()
            loader.standsInForUnregisteredSQL = true
            do {
                file = try SchemaError.catching { try loader.load(yaml: yaml, url: schemaURL) }
            } catch {
                file = nil
                loadError = error
            }
        }
    }
}
