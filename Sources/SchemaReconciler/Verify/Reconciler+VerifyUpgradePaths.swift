import GRDB

// MARK: - Verifying upgrade paths

extension Reconciler {
    /// Tries the upgrade path from every release in `releases` to this reconciler's schema file,
    /// with data, the way a user who skipped versions meets it.
    ///
    /// For each release: builds its database from its file, fills every table with
    /// `rowsPerTable` generated rows that satisfy its constraints, syncs it with this
    /// reconciler (its upgrade scripts and code upgrades included), then checks that the sync
    /// succeeded; that the schema equals a new database built from the current file; that
    /// every generated value is still there (through `renamed_from`; what `drop` names, and
    /// what upgrades updated or deleted, excepted); that the upgrades that should run ran;
    /// and that a second sync has nothing to do. Nothing is written to disk. Each database is
    /// in memory, prepared by ``Options/prepareDatabase``, as every connection of a sync is.
    ///
    /// From an app's test target, with the schema files of past releases bundled as resources:
    ///
    /// ```swift
    /// @Test func everyReleaseUpgrades() throws {
    ///     let reconciler = Reconciler(schemaURL: Bundle.module.url(forResource: "schema", withExtension: "yaml")!)
    ///     let history = try SchemaRelease.history(in: Bundle.module.url(forResource: "history", withExtension: nil)!)
    ///     let report = try reconciler.verifyUpgradePaths(from: history)
    ///     #expect(report.isPassing, "\(report)")
    /// }
    /// ```
    ///
    /// The paths are verified, and reported, in version order: the releases that predate the package first, then by version.
    ///
    /// The report's ``UpgradePathReport/olderBuilds`` is the other direction: the database of the
    /// oldest release, updated release by release to the current file as a user who took every
    /// update has it, and, for each release's database on the way, whether each earlier
    /// release's build opens it (at or above its floor) or is refused (below it).
    ///
    /// - Throws: ``ReconcileError`` when the current schema file is invalid, or cannot build a
    ///   new database itself. What goes wrong on a path is in the report, not thrown.
    public func verifyUpgradePaths(from releases: [SchemaRelease], rowsPerTable: Int = 4) throws -> UpgradePathReport {
        let file = try loadedSchema()
        var current = self
        current.source = .loaded(file)
        // A path is verified to its end: nothing waits for later.
        current.options.deferring = []
        let expected = try current.newDatabaseSchema()
        var results: [UpgradePathReport.PathResult] = []
        let sorted = releases.sorted(by: SchemaRelease.isOrderedBefore)
        for release in sorted {
            try options.cancellation.check()
            results.append(try SyncSession.reporting(path: release.source) {
                try current.verifyPath(from: release, file: file, expected: expected, rowsPerTable: max(1, rowsPerTable))
            })
        }
        let olderBuilds = try current.olderBuilds(along: sorted, to: file)
        return UpgradePathReport(version: file.version, results: results, olderBuilds: olderBuilds)
    }

    /// ``verifyUpgradePaths(from:rowsPerTable:)-97t5l``, off the caller's actor, cancelled with the Task.
    ///
    /// ```swift
    /// let report = try await reconciler.verifyUpgradePaths(from: SchemaRelease.history(in: historyURL))
    /// ```
    /// - Throws: ``ReconcileError`` when the current schema file is invalid, or `CancellationError`
    ///   when the Task was cancelled.
    public func verifyUpgradePaths(from releases: [SchemaRelease], rowsPerTable: Int = 4) async throws -> UpgradePathReport {
        try await cancellable { try $0.verifyUpgradePaths(from: releases, rowsPerTable: rowsPerTable) }
    }

    // MARK: One path

    /// The schema of a new database built from the current file, as a declared schema.
    private func newDatabaseSchema() throws -> Schema {
        let queue = try inMemoryDatabase()
        _ = try sync(queue)
        let inspected = try inspect(queue)
        if let file = inspected.file { return file.schema }
        return try queue.read { db in try SchemaInspector().inspect(db) }
    }

    private func verifyPath(from release: SchemaRelease, file: SchemaFile, expected: Schema,
                            rowsPerTable: Int) throws -> UpgradePathReport.PathResult {
        var result = UpgradePathReport.PathResult(source: release.source, version: release.version,
                                       tables: 0, rows: 0, upgrades: [], notes: [], problems: [])
        let queue = try inMemoryDatabase()
        let releaseSchema: Schema
        do {
            releaseSchema = try build(release, in: queue, file: file)
        } catch let error as ReconcileError {
            result.problems = [.releaseCannotBeBuilt(error)]
            return result
        }
        result.tables = releaseSchema.tables.count
        result.problems += Self.cloudKitSharingProblems(from: release.version, releaseSchema, to: file)
        var generator = RowGenerator(schema: releaseSchema, rowsPerTable: rowsPerTable)
        try queue.write { db in try generator.fill(db) }
        result.rows = generator.rowCount
        result.notes = generator.notes
        let before = try queue.read { db in
            try releaseSchema.tables.map { table in
                try TableValues.read(table: table.name, columns: table.columns.filter { $0.generated == nil }.map(\.name), in: db)
            }
        }

        let recorder = WriteRecorder()
        queue.add(transactionObserver: recorder, extent: .observerLifetime)
        do {
            let report = try sync(queue)
            result.upgrades = report.upgrades
            // A release that predates the package is at the version its record maps to.
            if release.predatesThePackage {
                result.version = report.plan.fromVersion ?? .zero
                result.notes.append("before the package: " + (report.legacyRecord.map { "\($0)" } ?? "no legacy record, so at the legacy version"))
            }
        } catch let error as ReconcileError {
            result.problems = [.syncFailed(error)]
            return result
        }
        queue.remove(transactionObserver: recorder)

        let pending = planning(file).pendingUpgrades(from: result.version, state: nil)
        let notRun = pending.filter { !result.upgrades.contains($0) }
        if !notRun.isEmpty { result.problems.append(.upgradesNotRun(notRun)) }
        result.problems += try queue.read { db in
            try schemaProblems(expected: expected, keeping: release.predatesThePackage ? Self.legacyRecordTables(of: file) : [],
                               ignoring: file.ignoredNames, in: db)
                + GeneratedValueCheck(file: file, recorder: recorder).problems(before, in: db)
                + ForeignKeyViolationCount.all(in: db, ignoring: file.ignoredNames, skippingUncheckable: true)
                .map(UpgradePathReport.Problem.orphanRows)
        }
        result.problems += try secondSyncProblems(queue, file: file)
        return result
    }

    // MARK: Older builds

    /// The matrix of older builds: the database of the oldest release that has a file, synced
    /// by each later release in turn and then by the current file; after each sync, every
    /// earlier release's build opens a copy of it, or is refused.
    ///
    /// One release per version, below the current one. The chain stops where a sync fails: the
    /// upgrade paths already say why.
    private func olderBuilds(along releases: [SchemaRelease], to file: SchemaFile) throws -> [UpgradePathReport.OlderBuildsRow] {
        var chain: [(release: SchemaRelease, file: SchemaFile)] = []
        for release in releases {
            guard let releaseFile = release.file, releaseFile.version < file.version,
                  releaseFile.version != chain.last?.file.version else { continue }
            chain.append((release, releaseFile))
        }
        guard let first = chain.first else { return [] }
        let queue = try inMemoryDatabase()
        var rows: [UpgradePathReport.OlderBuildsRow] = []
        do {
            _ = try releaseReconciler(first.file).sync(queue)
            for index in chain.indices.dropFirst() {
                try options.cancellation.check()
                let report = try releaseReconciler(chain[index].file).sync(queue)
                rows.append(UpgradePathReport.OlderBuildsRow(
                    version: chain[index].file.version, floor: report.floor,
                    builds: try builds(of: chain[..<index], opening: queue)))
            }
            let report = try sync(queue)
            rows.append(UpgradePathReport.OlderBuildsRow(version: file.version, floor: report.floor,
                                                      builds: try builds(of: chain[...], opening: queue)))
        } catch let error as ReconcileError where error.code != .cancelled {
            return rows
        }
        return rows
    }

    /// Whether each of `releases`' builds opens a copy of the database in `queue`.
    private func builds(of releases: ArraySlice<(release: SchemaRelease, file: SchemaFile)>,
                        opening queue: DatabaseQueue) throws -> [UpgradePathReport.OlderBuild] {
        try releases.map { release, releaseFile in
            let copy = try inMemoryDatabase()
            try SyncSession.reporting(path: release.source) { try queue.backup(to: copy) }
            do {
                _ = try releaseReconciler(releaseFile).sync(copy)
                return UpgradePathReport.OlderBuild(version: releaseFile.version, source: release.source, error: nil)
            } catch let error as ReconcileError where error.code != .cancelled {
                return UpgradePathReport.OlderBuild(version: releaseFile.version, source: release.source, error: error)
            }
        }
    }

    /// Builds the database of `release` in `queue`, and returns the schema its rows are made
    /// for: the release's file, or, for a release that predates the package, its SQL run as it
    /// is and the schema it leaves, without the old tool's version record (`file`'s `legacy`
    /// section reads that record; rows of its own would change it).
    private func build(_ release: SchemaRelease, in queue: DatabaseQueue, file: SchemaFile) throws -> Schema {
        if let releaseFile = release.file {
            _ = try releaseReconciler(releaseFile).sync(queue)
            return releaseFile.schema
        }
        return try SyncSession.reporting(path: release.source) {
            try queue.writeWithoutTransaction { db in try db.execute(sql: release.legacySQL ?? "") }
            var schema = try queue.read { db in try SchemaInspector().inspect(db) }
            let records = Self.legacyRecordTables(of: file)
            schema.tables.removeAll { records.containsName($0.name) }
            return schema
        }
    }

    /// The tables in which the migration tools an app may have used before keep their record:
    /// those of the tools `inspect` knows, and the one `file`'s `legacy` section names.
    private static func legacyRecordTables(of file: SchemaFile) -> [String] {
        let known: [LegacyRecord.Source] = [.schemaMigrations, .schemaInfo, .grdbMigrations]
        return (known + [file.legacy?.source].compactMap { $0 }).compactMap(\.table)
    }

    /// What builds the database of a release from its file: with this reconciler's preparation
    /// of connections, so that the app's collations and functions are there.
    private func releaseReconciler(_ releaseFile: SchemaFile) -> Reconciler {
        var options = Options()
        options.prepareDatabase = self.options.prepareDatabase
        return Reconciler(schema: releaseFile, options: options)
    }

    /// A difference between the live schema and the one a new database gets; the tables `kept`
    /// names may stay, undeclared (an old tool's record that the file does not drop), and other
    /// tools' objects (`ignored`) are not read.
    private func schemaProblems(expected: Schema, keeping kept: [String], ignoring ignored: IgnoredNames,
                                in db: Database) throws -> [UpgradePathReport.Problem] {
        let live = try SchemaInspector().inspect(db, ignoring: ignored)
        let diff: SchemaDiff
        do {
            diff = try SchemaDiff(declared: expected, live: live)
        } catch {
            return [.syncFailed(.cannotDiff(error.description))]
        }
        let undeclared = diff.undeclared.filter { !($0.kind == .table && kept.containsName($0.name)) }
        if diff.changes.isEmpty && undeclared.isEmpty { return [] }
        return [.schemaDiffers(changes: diff.changes, undeclared: undeclared)]
    }

    /// Whether a second sync, and a plan made without the no-op shortcut, have nothing to do.
    private func secondSyncProblems(_ queue: DatabaseQueue, file: SchemaFile) throws -> [UpgradePathReport.Problem] {
        do {
            let report = try sync(queue)
            let prepared = try queue.read { db in try planning(file).prepare(db) }
            if report.didChange || !prepared.isNothingToWrite {
                let plan = report.didChange ? report.plan : prepared.plan
                return [.secondSyncNotIdle(steps: plan.steps, upgrades: plan.upgrades)]
            }
            return []
        } catch let error as ReconcileError {
            return [.syncFailed(error)]
        }
    }
}
