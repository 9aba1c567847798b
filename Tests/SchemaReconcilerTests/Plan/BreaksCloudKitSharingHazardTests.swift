import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - breaks-cloudkit-sharing

/// Under `compatibility: cloudkit`, a step that drops or renames a table or column CloudKit
/// shares has the hazard `breaks-cloudkit-sharing`, which `--deny breaks-cloudkit-sharing` (or
/// its former name, `breaks-sync`) refuses before anything is touched; tables under `except`, and
/// schemas without the profile, never have it.
@Suite struct BreaksCloudKitSharingHazardTests {
    static let notes = """
        version: 1.0.0
        compatibility: { profile: cloudkit, except: [drafts] }
        tables:
          notes:
            columns:
              id: { type: TEXT, primary_key: true, not_null: true }
              body: TEXT
              old: TEXT
          drafts:
            columns:
              id: { type: TEXT, primary_key: true, not_null: true }
              text: TEXT
        """

    /// A workspace synced to ``notes``, with two notes and a draft.
    private func syncedSpace() throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(Self.notes)
        try space.sync()
        try space.execute("INSERT INTO notes (id, body, old) VALUES ('a', 'x', 'y'), ('b', 'z', NULL)")
        try space.execute("INSERT INTO drafts (id, text) VALUES ('d', 'draft')")
        return space
    }

    /// ``notes`` at 1.1.0 with `edit` applied to its text.
    private func version2(_ edit: (String) -> String) -> String {
        edit(Self.notes.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0"))
    }

    @Test func droppingASharedColumnBreaksCloudKitSharingAndDenyRefusesIt() throws {
        let space = try syncedSpace()
        try space.writeSchema(version2 { $0.replacingOccurrences(of: "      old: TEXT\n", with: "") + "\ndrop:\n  columns: { notes: [old] }\n" })
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.hazards.contains(.breaksCloudKitSharing(table: "notes", column: "old", renamedTo: nil, rows: 2)))
        #expect(plan.hazards.contains(.dropsData(table: "notes", column: "old", rows: 2)))

        let before = try space.fileBytes()
        let refused = try ReconcileCommand.run(["--deny", "breaks-cloudkit-sharing"], in: space.url)
        #expect(refused.status == 1)
        #expect(refused.error.contains("""
            breaks-cloudkit-sharing: drops CloudKit-shared column notes.old (2 rows), which devices still on an earlier release send, \
            in step: drop column notes.old
            """), "\(refused.error)")
        #expect(try space.fileBytes() == before)
        #expect(try space.read { try $0.columns(in: "notes").map(\.name) } == ["id", "body", "old"])

        // The hazard's former name still denies it.
        let formerName = try ReconcileCommand.run(["--deny", "breaks-sync"], in: space.url)
        #expect(formerName.status == 1 && formerName.error == refused.error, "\(formerName.error)")
        #expect(try space.fileBytes() == before)
    }

    /// JSON written with the former names (`breaks-sync`, `isSynced`, `breaksSync`) reads as the new ones.
    @Test func jsonOfTheFormerNamesStillReads() throws {
        let hazard = try JSONCoding.decoder.decode(Hazard.self, from: Data(#"{"kind": "breaks-sync", "table": "notes", "column": "old"}"#.utf8))
        #expect(hazard == .breaksCloudKitSharing(table: "notes", column: "old", renamedTo: nil, rows: nil))
        #expect(try JSONCoding.decoder.decode([Hazard.Kind].self, from: Data(#"["breaks-sync", "drops-data"]"#.utf8))
                == [.breaksCloudKitSharing, .dropsData])
        #expect(throws: DecodingError.self) { try JSONCoding.decoder.decode(Hazard.Kind.self, from: Data(#""breaks""#.utf8)) }

        var step = Step(.dropColumn(table: "notes", column: "old"), phase: .contract, changes: [.dropColumn(table: "notes", column: "old")],
                        statements: ["ALTER TABLE notes DROP COLUMN old"])
        step.isCloudKitShared = true
        let written = String(decoding: try JSONCoding.encoder.encode(step), as: UTF8.self)
        #expect(written.contains(#""isCloudKitShared":true"#) && !written.contains("isSynced"))
        let former = written.replacingOccurrences(of: #""isCloudKitShared":true"#, with: #""isSynced":true"#)
        #expect(try JSONCoding.decoder.decode(Step.self, from: Data(former.utf8)) == step)

        #expect(try JSONCoding.decoder.decode(UpgradePathReport.Problem.Kind.self, from: Data(#""breaksSync""#.utf8))
                == .breaksCloudKitSharing)
        #expect(try JSONCoding.decoder.decode(UpgradePathReport.Problem.Kind.self, from: Data(#""rowsLost""#.utf8)) == .rowsLost)
    }

    @Test func renamingASharedColumnOrTableBreaksCloudKitSharing() throws {
        let space = try syncedSpace()
        try space.writeSchema(version2 {
            $0.replacingOccurrences(of: "      body: TEXT\n", with: "      text: { type: TEXT, renamed_from: body }\n")
                .replacingOccurrences(of: "  notes:\n", with: "  memos:\n    renamed_from: notes\n")
        })
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        let breaking = plan.hazards.filter { $0.kind == .breaksCloudKitSharing }
        #expect(breaking.contains(.breaksCloudKitSharing(table: "notes", column: nil, renamedTo: "memos", rows: nil)))
        #expect(breaking.contains { if case .breaksCloudKitSharing(_, "body", "text", _) = $0 { true } else { false } })
        #expect(breaking.count == 2)

        let json = try ReconcileCommand.run(["--dry-run", "--format", "json"], in: space.url)
        let decoded = try JSONCoding.decoder.decode(Plan.self, from: Data(json.output.utf8))
        #expect(decoded.steps.filter(\.isCloudKitShared).count == decoded.steps.filter { $0.table != nil }.count)
        #expect(json.output.contains(#""kind":"breaks-cloudkit-sharing""#))
        #expect(json.output.contains(#""renamedTo":"memos""#))
        #expect(decoded.hazards == plan.hazards)
    }

    @Test func aLocalTableAndAnAdditiveChangeDoNotBreakCloudKitSharing() throws {
        let space = try syncedSpace()
        // The local table is dropped (and may stay under except), and a column is added to a synced table.
        try space.writeSchema(version2 {
            $0.replacingOccurrences(of: "  drafts:\n    columns:\n      id: { type: TEXT, primary_key: true, not_null: true }\n      text: TEXT",
                                    with: "")
                .replacingOccurrences(of: "      old: TEXT\n", with: "      old: TEXT\n      lang: { type: TEXT, not_null: { on_conflict: replace }, default: en }\n")
                + "\ndrop:\n  tables: [drafts]\n"
        })
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.hazards.contains(.dropsData(table: "drafts", column: nil, rows: 1)))
        #expect(!plan.hazards.contains { $0.kind == .breaksCloudKitSharing })
        #expect(try space.sync(Reconciler.Options(deniedHazards: [.breaksCloudKitSharing])).didChange)
        #expect(try space.read { try $0.columns(in: "notes").map(\.name) } == ["id", "body", "old", "lang"])
    }

    @Test func aVirtualTableIsTheDevicesOwn() throws {
        let space = try Workspace()
        try space.writeSchema(Self.notes + "\nvirtual_tables:\n  notes_search: fts5(body)\n")
        try space.sync()
        try space.writeSchema(version2 { $0 + "\ndrop:\n  tables: [notes_search]\n" })
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.steps.map(\.description).contains { $0.hasPrefix("drop table notes_search") }, "\(plan.steps)")
        #expect(!plan.hazards.contains { $0.kind == .breaksCloudKitSharing })
        #expect(try space.sync(Reconciler.Options(deniedHazards: [.breaksCloudKitSharing])).didChange)
    }

    @Test func withoutTheProfileNothingBreaksCloudKitSharing() throws {
        let space = try syncedSpace()
        let plain = Self.notes.replacingOccurrences(of: "compatibility: { profile: cloudkit, except: [drafts] }\n", with: "")
        try space.writeSchema(plain.replacingOccurrences(of: "version: 1.0.0", with: "version: 1.1.0")
            .replacingOccurrences(of: "      old: TEXT\n", with: "") + "\ndrop:\n  columns: { notes: [old] }\n")
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.hazards.contains(.dropsData(table: "notes", column: "old", rows: 2)))
        #expect(!plan.hazards.contains { $0.kind == .breaksCloudKitSharing })
        #expect(plan.steps.allSatisfy { !$0.isCloudKitShared })
    }
}
