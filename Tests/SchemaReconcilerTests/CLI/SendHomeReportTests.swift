import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - The report an app sends home

/// The sync report's fingerprints, phase durations and deferred work, and the failure report's
/// code: as `reconcile --format json` prints them, read back as the library's values.
@Suite struct SendHomeReportTests {
    /// A database synced at 1.0.0 with a nullable `body`; schema.yaml at 1.1.0 makes it NOT NULL,
    /// after an upgrade that fills it (or leaves it, when the script is replaced).
    private func space() throws -> Workspace {
        let space = try Workspace()
        try space.write("UPDATE notes SET body = '' WHERE body IS NULL;\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema("""
            version: 1.0.0
            tables:
              notes:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  body: TEXT
            """)
        try space.sync()
        try space.execute("INSERT INTO notes (body) VALUES ('a'), (NULL)")
        try space.writeSchema("""
            version: 1.1.0
            tables:
              notes:
                columns:
                  id: { type: INTEGER, primary_key: true }
                  body: { type: TEXT, not_null: true }
            upgrades:
              1.1.0: upgrades/1.1.0.sql
            """)
        return space
    }

    private func seconds(_ duration: Duration) -> Double {
        duration.seconds
    }

    @Test func aSyncThatChangesReportsBothFingerprintsAndEachPhase() throws {
        let space = try space()
        let run = try ReconcileCommand.run(["--format", "json"], in: space.url)
        #expect(run.status == 0)
        let json = try object(run.output)
        #expect((json["phaseSeconds"] as? [String: Double]).map { Set($0.keys) }
                == ["planning", "applyingSteps", "runningUpgrades", "checking", "recording"])
        #expect(json["deferred"] as? [String: Any] != nil)

        let report = try JSONCoding.decoder.decode(SyncReport.self, from: Data(run.output.utf8))
        #expect(report.didChange)
        let before = try #require(report.fingerprintBefore)
        let after = try #require(report.fingerprintAfter)
        #expect(before != after)
        #expect(report.deferred.isEmpty)
        // Each phase ran, and together they are no more than the whole (to the JSON's precision).
        for phase in SyncProgress.Phase.allCases {
            #expect(report.phaseDurations[phase] >= .zero, "\(phase)")
        }
        #expect(report.phaseDurations.planning > .zero)
        #expect(report.phaseDurations.applyingSteps > .zero)
        #expect(report.phaseDurations.runningUpgrades > .zero)
        #expect(report.phaseDurations.checking > .zero)
        #expect(report.phaseDurations.recording > .zero)
        #expect(seconds(report.phaseDurations.total) <= seconds(report.duration) + 1e-9)

        // The next sync writes nothing, and reports the fingerprint the last one wrote, twice.
        let bytes = try space.fileBytes()
        let again = try JSONCoding.decoder.decode(SyncReport.self, from: Data(
            try ReconcileCommand.run(["--format", "json"], in: space.url).output.utf8))
        #expect(!again.didChange)
        #expect(again.fingerprintBefore == after)
        #expect(again.fingerprintAfter == after)
        #expect(again.phaseDurations.applyingSteps == .zero && again.phaseDurations.recording == .zero)
        #expect(try space.fileBytes() == bytes)
    }

    @Test func theLibrarysPhasesAddUpToNoMoreThanTheWhole() throws {
        let space = try space()
        let report = try space.reconciler().sync(databaseAt: space.databasePath)
        #expect(report.didChange)
        #expect(report.phaseDurations.total <= report.duration)
        #expect(SyncProgress.Phase.allCases.allSatisfy { report.phaseDurations[$0] >= .zero })

        // A sync with nothing to do plans only, and reads the fingerprint it leaves.
        let bytes = try space.fileBytes()
        let noOp = try space.reconciler().sync(databaseAt: space.databasePath)
        #expect(!noOp.didChange)
        #expect(noOp.fingerprintBefore == report.fingerprintAfter && noOp.fingerprintAfter == report.fingerprintAfter)
        #expect(noOp.phaseDurations.total == noOp.phaseDurations.planning)
        #expect(noOp.phaseDurations.total <= noOp.duration)
        #expect(try space.fileBytes() == bytes)

        // What an app stores reads back the same, but for the precision of the seconds.
        let decoded = try JSONCoding.decoder.decode(SyncReport.self, from: JSONCoding.encoder.encode(report))
        #expect(decoded.fingerprintBefore == report.fingerprintBefore)
        #expect(decoded.fingerprintAfter == report.fingerprintAfter)
        #expect(decoded.deferred == report.deferred)
        for phase in SyncProgress.Phase.allCases {
            #expect(abs(seconds(decoded.phaseDurations[phase]) - seconds(report.phaseDurations[phase])) < 1e-9)
        }
    }

    @Test func aNewDatabaseHasNoFingerprintBefore() throws {
        let space = try space()
        try FileManager.default.removeItem(atPath: space.databasePath)
        let report = try space.reconciler().sync(databaseAt: space.databasePath)
        #expect(report.fingerprintBefore == nil)
        #expect(report.fingerprintAfter != nil)
    }

    @Test func aFailedSyncsCodeReadsBackAsAFailureReport() throws {
        struct Document: Decodable { var error: ReconcileError }
        let space = try space()
        let kept = try #require(try space.reconciler().status(databaseAt: space.databasePath).storedVersion)
        #expect(kept == "1.0.0")
        // The script leaves a NULL body: the NOT NULL step refuses the rows.
        try space.write("SELECT 1;\n", to: "upgrades/1.1.0.sql")
        let bytes = try space.fileBytes()
        let run = try ReconcileCommand.run(["--format", "json"], in: space.url)
        #expect(run.status == 1)
        let fields = try #require(try object(run.output)["error"] as? [String: Any])
        #expect(fields["code"] as? Int == 13)
        #expect(fields["kind"] as? String == "dataDoesNotFit")
        #expect(try space.fileBytes() == bytes)

        let error = try JSONCoding.decoder.decode(Document.self, from: Data(run.output.utf8)).error
        let failure = SyncFailureReport(error, fingerprintBefore: "3f5a")
        #expect(failure.code == .dataDoesNotFit)
        #expect(failure.phase == .applyingSteps)

        let sent = try JSONCoding.encoder.encode(failure)
        #expect(Set(try object(String(decoding: sent, as: UTF8.self)).keys) == ["kind", "code", "phase", "fingerprintBefore"])
        let received = try JSONCoding.decoder.decode(SyncFailureReport.self, from: sent)
        #expect(received == failure)
        #expect(received.code.rawValue == 13 && received.code.name == "dataDoesNotFit")
        #expect(received.phase == .applyingSteps)
        #expect(received.fingerprintBefore == "3f5a")
    }

    @Test func everyCodeOfTheLibraryHasItsPhaseOrIsOfNoOnePhase() {
        let placed = SyncFailureReport.phases.map(\.codes)
        for type in ReconcileError.payloadTypes {
            let count = placed.filter { $0.contains(type.code) }.count
                + (SyncFailureReport.codesOfNoOnePhase.contains(type.code) ? 1 : 0)
            #expect(count == 1, "\(type.code) is placed \(count) times")
        }
    }

    @Test func aCodeOfAnyPhaseLeavesThePhaseUnknown() throws {
        let failure = SyncFailureReport(ReconcileError.insideTransaction)
        #expect(failure.phase == nil)
        #expect(SyncFailureReport(ReconcileError.insideTransaction, phase: .checking).phase == .checking)
        #expect(SyncFailureReport.phase(of: .upgradeFailed) == .runningUpgrades)
        let decoded = try JSONCoding.decoder.decode(SyncFailureReport.self, from: JSONCoding.encoder.encode(failure))
        #expect(decoded.phase == nil && decoded.fingerprintBefore == nil && decoded.code == .insideTransaction)
    }
}
