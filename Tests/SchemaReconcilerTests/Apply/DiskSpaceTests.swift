import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Disk space

/// A sync that copies or indexes a table compares what it needs with the free space of the
/// volume first, and refuses before it writes anything; SQLite running out of room in the middle
/// of one (`SQLITE_FULL`) rolls it back with the same kind of message.
@Suite struct DiskSpaceTests {
    static let before = """
        version: 1.0.0
        tables:
          events:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT
        """

    /// Version 1.1.0: `events` becomes a WITHOUT ROWID table, which copies it.
    static let rebuilt = before.replacingOccurrences(of: "1.0.0", with: "1.1.0")
        .replacingOccurrences(of: "    columns:", with: "    without_rowid: true\n    columns:")

    /// Version 1.1.0: an index on `body`, built over the rows there.
    static let indexed = before.replacingOccurrences(of: "1.0.0", with: "1.1.0") + """

            indexes:
              events_by_body: [body]
        """

    /// A database at 1.0.0 whose `events` hold 3,000 rows of 500 characters (about 1.6 MB),
    /// and schema.yaml at `next`.
    private func workspace(_ next: String = rebuilt) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.before)
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000)
            INSERT INTO events (id, body) SELECT x, hex(randomblob(250)) FROM n
            """)
        try space.writeSchema(next)
        return space
    }

    /// Options whose probe says the volume has `bytes` free, and records the URLs it was asked about.
    private func options(available bytes: Int64?, asked: AskedVolumes = AskedVolumes()) -> Reconciler.Options {
        var options = Reconciler.Options()
        options.availableSpace = { url in
            asked.append(url)
            return bytes
        }
        return options
    }

    /// The bytes of `events` and its indexes as SQLite's `dbstat` counts them.
    private func tableBytes(_ space: Workspace) throws -> Int64 {
        try space.read { db in
            try Int64.fetchOne(db, sql: "SELECT sum(pgsize) FROM dbstat WHERE name IN ('events', 'events_by_body')") ?? 0
        }
    }

    /// What a refused sync said.
    private struct Refusal {
        var error: ReconcileError
        var tables: [String]
        var needed: Int64
        var available: Int64
        var path: String
    }

    /// Syncs with a probe that says the volume has `available` bytes free, expecting
    /// ``ReconcileError/notEnoughDiskSpace(tables:needed:available:path:)`` and a database file
    /// that did not change by a byte.
    private func refusal(_ space: Workspace, available: Int64, asked: AskedVolumes = AskedVolumes(),
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Refusal? {
        let before = try space.fileBytes()
        let error = #expect(throws: ReconcileError.self, sourceLocation: sourceLocation) {
            try space.sync(options(available: available, asked: asked))
        }
        #expect(try space.fileBytes() == before, "the database file changed", sourceLocation: sourceLocation)
        guard let error, let shortage = error.payload(as: ReconcileError.NotEnoughDiskSpace.self) else {
            Issue.record("expected notEnoughDiskSpace, got: \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return Refusal(error: error, tables: shortage.tables, needed: shortage.neededBytes, available: shortage.availableBytes,
                       path: shortage.path)
    }

    // MARK: Refused before anything is written

    @Test(arguments: ["delete", "wal"])
    func aVolumeWithLessThanTheCopyNeedsIsRefusedAndTheFileStaysAsItWas(journalMode: String) throws {
        let space = try workspace()
        try space.execute("PRAGMA journal_mode = \(journalMode)")
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).steps.map(\.method) == [.rebuild])
        let copied = try tableBytes(space)
        let fileSize = Int64(try space.fileBytes().count)
        guard let refusal = try refusal(space, available: 200_000) else { return }
        #expect(refusal.tables == ["events"])
        #expect(refusal.available == 200_000)
        #expect(refusal.path == space.databasePath)
        #expect(refusal.needed >= copied, "the copy alone takes \(copied) bytes")
        #expect(refusal.needed <= 4 * fileSize)
        #expect(refusal.error.description == "not enough free disk space to sync: the sync needs about "
            + "\(ByteCount.text(refusal.needed)) to rebuild or index table events, and the volume holding "
            + "\(space.databasePath) has 200 KB free. Nothing was changed; free at least "
            + "\(ByteCount.text(refusal.needed - 200_000)) and sync again.")
        #expect(!refusal.error.isInvalidInput)
        #expect(refusal.error.databaseError == nil)
    }

    @Test func theVolumeAskedIsTheDatabaseFilesAndWhatItNeedsIsEnough() throws {
        let space = try workspace()
        let asked = AskedVolumes()
        guard let needed = try refusal(space, available: 1, asked: asked)?.needed else { return }
        #expect(asked.urls == [URL(fileURLWithPath: space.databasePath)])
        _ = try refusal(space, available: needed - 1)
        let report = try space.sync(options(available: needed))
        #expect(report.didChange)
        #expect(try space.value("SELECT count(*) FROM events WHERE length(body) = 500", as: Int.self) == 3000)
        #expect(try space.remainingChanges().isEmpty)
    }

    @Test func aVolumeWithPlentyFreeOrOneThatCannotTellSyncs() throws {
        for available in [Int64(1) << 40, nil] {
            let space = try workspace()
            let report = try space.sync(options(available: available))
            #expect(report.plan.steps.map(\.method) == [.rebuild])
            #expect(try space.remainingChanges().isEmpty)
        }
    }

    @Test func anIndexOverTheRowsThereNeedsRoomForIt() throws {
        let space = try workspace(Self.indexed)
        guard let refusal = try refusal(space, available: 1000) else { return }
        #expect(refusal.tables == ["events"])
        #expect(refusal.needed >= (try tableBytes(space)))
        #expect(refusal.error.description.contains("has 1.0 KB free"))
        try space.sync(options(available: refusal.needed))
        #expect(try space.objectNames("index") == ["events_by_body"])
    }

    @Test func aPlanThatCopiesNothingNeedsNoRoom() throws {
        let space = try workspace(Self.before.replacingOccurrences(of: "1.0.0", with: "1.1.0") + "\n      note: TEXT\n")
        let asked = AskedVolumes()
        try space.sync(options(available: 0, asked: asked))
        #expect(asked.urls.isEmpty)
        #expect(try space.remainingChanges().isEmpty)
    }

    @Test func aRenamedTableIsMeasuredUnderTheNameItHasBeforeTheSync() throws {
        let renamed = Self.rebuilt.replacingOccurrences(of: "  events:\n", with: "  history:\n    renamed_from: events\n")
        let space = try workspace(renamed)
        guard let refusal = try refusal(space, available: 1000) else { return }
        #expect(refusal.tables == ["history"])
        #expect(refusal.needed >= (try tableBytes(space)))
    }

    @Test func aFullTextIndexCreatedAgainNeedsRoomForItsShadowTables() throws {
        let space = try Workspace()
        let schema = { (tokenize: String) in
            "version: 1.0.0\ntables: {}\nvirtual_tables:\n  docs:\n    module: fts5\n    arguments: [body, \"tokenize='\(tokenize)'\"]\n"
        }
        try space.writeSchema(schema("unicode61"))
        try space.sync()
        try space.execute("""
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000)
            INSERT INTO docs (rowid, body) SELECT x, 'word' || x || ' ' || hex(randomblob(100)) FROM n
            """)
        try space.writeSchema(schema("porter"))
        let shadow = try space.read { db in
            try Int64.fetchOne(db, sql: "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'docs\\_%' ESCAPE '\\'") ?? 0
        }
        guard let refusal = try refusal(space, available: 1000) else { return }
        #expect(refusal.tables == ["docs"])
        #expect(refusal.needed >= shadow && shadow > 100_000)
        try space.sync(options(available: refusal.needed))
    }

    // MARK: The estimate

    @Test func aCopyCountsTheFilesPagesInUseOnce() throws {
        let space = try workspace()
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        let copied = try tableBytes(space)
        try space.read { db in
            let need = try SpaceNeed(plan: plan, in: db)
            let usage = try PageUsage(db)
            #expect(need.tables == ["events"])
            #expect(need.bytes >= copied, "the copy alone takes \(copied) bytes")
            #expect(need.bytes == usage.usedBytes * (usage.overwritesFreedPages ? 2 : 1))
        }
    }

    @Test func freePagesInTheFileAreFilledFirst() throws {
        let space = try workspace()
        try space.execute("CREATE TABLE scrap AS SELECT * FROM events; DROP TABLE scrap")
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        try space.read { db in
            let usage = try PageUsage(db)
            #expect(usage.freePages > 0)
            let need = try SpaceNeed(plan: plan, in: db)
            // The file grows by the copy less its free pages, and a rollback journal saves the free pages it fills.
            let growth = usage.usedBytes - usage.freeBytes
            #expect(need.bytes == growth + usage.freeBytes + (usage.overwritesFreedPages ? usage.usedBytes : 0))
        }
    }

    @Test func theEstimateReadsNoTable() throws {
        let space = try workspace()
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        try space.read { db in
            var statements: [String] = []
            db.trace { event in
                if case .statement(let statement) = event { statements.append(statement.sql) }
            }
            let need = try SpaceNeed(plan: plan, in: db)
            db.trace()
            #expect(need.bytes > 0)
            #expect(!statements.isEmpty)
            let reading = statements.filter { $0.contains("events") || $0.lowercased().contains("dbstat") }
            #expect(reading.isEmpty, "the estimate read the table: \(reading)")
        }
    }

    @Test func aTableWithoutRowsNeedsNoRoomToBeCopied() throws {
        let space = try workspace()
        try space.execute("DELETE FROM events")
        let asked = AskedVolumes()
        let report = try space.sync(options(available: 0, asked: asked))
        #expect(report.plan.steps.map(\.method) == [.rebuild])
        #expect(report.plan.steps.first?.rows == 0)
        #expect(asked.urls.isEmpty)
        #expect(try space.remainingChanges().isEmpty)
    }

    // MARK: Out of room in the middle of a sync

    @Test(arguments: ["delete", "wal"])
    func sqliteFullInAStepRollsBackAndSaysWhatIsFull(journalMode: String) throws {
        let space = try workspace()
        try space.execute("PRAGMA journal_mode = \(journalMode)")
        let pages = try #require(try space.value("PRAGMA page_count", as: Int.self))
        var options = Reconciler.Options()
        options.prepareDatabase = { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 20)") }
        let before = try space.fileBytes()
        let error = #expect(throws: ReconcileError.self) { try space.sync(options) }
        #expect(try space.fileBytes() == before)
        guard let payload = error?.payload(as: ReconcileError.DatabaseFull.self) else {
            Issue.record("expected databaseFull, got: \(String(describing: error))")
            return
        }
        let step = payload.step
        let path = payload.path
        let sqlite = payload.databaseError
        #expect(step?.table == "events")
        #expect(step?.method == .rebuild)
        #expect(path == space.databasePath)
        #expect(sqlite.resultCode == .SQLITE_FULL)
        #expect(error?.databaseError?.resultCode == .SQLITE_FULL)
        let description = try #require(error?.description)
        #expect(description.hasPrefix("the sync ran out of room at the contract step on table events: rebuild table events "
            + "(copies 3000 rows)"))
        #expect(description.hasSuffix("\n  The disk holding \(space.databasePath) is full, or the database reached its size "
            + "limit (PRAGMA max_page_count). The database was rolled back; nothing was changed. "
            + "Free some disk space (or raise the limit) and sync again."))
        try space.sync()
        #expect(try space.remainingChanges().isEmpty)
    }

    @Test func sqliteFullOutsideAnyStepSaysTheSameWithoutOne() throws {
        let error = #expect(throws: ReconcileError.self) {
            try SyncSession.reporting(path: "/data/app.sqlite") { throw DatabaseError(resultCode: .SQLITE_FULL) }
        }
        guard let payload = error?.payload(as: ReconcileError.DatabaseFull.self), payload.step == nil, payload.path == "/data/app.sqlite" else {
            Issue.record("expected databaseFull without a step, got: \(String(describing: error))")
            return
        }
        let sqlite = payload.databaseError
        #expect(sqlite.resultCode == .SQLITE_FULL)
        #expect(error?.description == "the sync ran out of room as it wrote its changes\n  The disk holding /data/app.sqlite "
            + "is full, or the database reached its size limit (PRAGMA max_page_count). The database was rolled back; "
            + "nothing was changed. Free some disk space (or raise the limit) and sync again.")
    }

    // MARK: Words

    @Test func byteCountsReadAsOnADisk() {
        #expect(ByteCount.text(512) == "512 bytes")
        #expect(ByteCount.text(1) == "1 byte")
        #expect(ByteCount.text(1_234_567_890) == "1.2 GB")
        #expect(ByteCount.text(300_000_000) == "300 MB")
        #expect(ByteCount.text(9_960_000) == "10 MB")
        #expect(ByteCount.text(2_500_000_000_000) == "2.5 TB")
        #expect(ByteCount.texts(300_400_000, 300_100_000) == ("300 MB (300400000 bytes)", "300 MB (300100000 bytes)"))
        #expect(ByteCount.texts(1_200_000_000, 300_000_000) == ("1.2 GB", "300 MB"))
    }

    @Test func theRefusalNamesBothFiguresAndEveryTable() {
        let error = ReconcileError.notEnoughDiskSpace(tables: ["events", "logs", "notes"], needed: 1_200_000_000,
                                                      available: 300_000_000, path: "/data/app.sqlite")
        #expect(error.description == "not enough free disk space to sync: the sync needs about 1.2 GB to rebuild or index "
            + "tables events, logs and notes, and the volume holding /data/app.sqlite has 300 MB free. Nothing was changed; "
            + "free at least 900 MB and sync again.")
        #expect(error.errorCode == 22)
    }
}

// MARK: - AskedVolumes

/// The URLs a free-space probe was asked about, in order.
final class AskedVolumes: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [URL] = []

    func append(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(url)
    }

    var urls: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }
}
