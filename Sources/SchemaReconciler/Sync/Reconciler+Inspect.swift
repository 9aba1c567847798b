import Foundation
import GRDB

// MARK: - Inspecting a database

extension Reconciler {
    /// The schema.yaml of the database file at `path` as it is, for an app that adopts the
    /// reconciler with a database its own code built; reads only, and the file must exist.
    ///
    /// Write ``InspectedSchema/yaml`` to ``schemaURL``: a sync of the database then changes nothing
    /// but the version it records.
    ///
    /// ```swift
    /// let reconciler = Reconciler(schemaURL: schemaURL)
    /// let inspected = try reconciler.inspect(databaseAt: "app.sqlite", appVersion: "3.2.0")
    /// try inspected.yaml.write(to: reconciler.schemaURL, atomically: true, encoding: .utf8)
    /// ```
    /// - Parameters:
    /// - path: The database file.
    /// - appVersion: The `version` the file says it belongs to.
    /// - Throws: ``ReconcileError`` when the database cannot be read.
    public func inspect(databaseAt path: String, appVersion: SemanticVersion = "1.0.0") throws -> InspectedSchema {
        try options.cancellation.check()
        return try InspectedSchema(databaseAt: path, appVersion: appVersion, schemaURL: schemaURL,
                                   busyTimeout: options.busyTimeout, prepareDatabase: options.prepareDatabase)
    }

    /// The schema.yaml of the database behind an app's GRDB connection, as it is; reads only.
    ///
    /// ```swift
    /// let inspected = try reconciler.inspect(dbQueue, appVersion: "3.2.0")
    /// ```
    /// - Throws: ``ReconcileError`` when the database cannot be read.
    public func inspect(_ reader: any DatabaseReader, appVersion: SemanticVersion = "1.0.0") throws -> InspectedSchema {
        try options.cancellation.check()
        return try InspectedSchema(reader, appVersion: appVersion, schemaURL: schemaURL)
    }

    /// ``inspect(databaseAt:appVersion:)-7ep3f``, off the caller's actor, cancelled with the Task.
    ///
    /// ```swift
    /// let inspected = try await reconciler.inspect(databaseAt: "app.sqlite", appVersion: "3.2.0")
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func inspect(databaseAt path: String, appVersion: SemanticVersion = "1.0.0") async throws -> InspectedSchema {
        try await cancellable { try $0.inspect(databaseAt: path, appVersion: appVersion) }
    }

    /// ``inspect(_:appVersion:)-51kxd``, off the caller's actor, cancelled with the Task.
    ///
    /// ```swift
    /// let inspected = try await reconciler.inspect(dbPool)
    /// ```
    /// - Throws: ``ReconcileError``, or `CancellationError` when the Task was cancelled.
    public func inspect(_ reader: any DatabaseReader, appVersion: SemanticVersion = "1.0.0") async throws -> InspectedSchema {
        try await cancellable { try $0.inspect(reader, appVersion: appVersion) }
    }
}
