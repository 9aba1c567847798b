import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The library's JSON

/// The values a sync returns and throws read back from their JSON as they were: each case of
/// every enum, named by its `kind`, with its fields by name.
@Suite struct JSONEncodingTests {
    static let upgrade = Upgrade(version: "1.2.0", name: "upgrades/1.2.0.sql", kind: .script)
    static let code = Upgrade(version: "1.2.0", name: "fillHandles", kind: .code)
    static let step = Step(.addColumn(table: "users", column: "nickname", isDeferred: false), phase: .expand,
                           changes: [.addColumn(table: "users", column: "nickname")],
                           statements: [#"ALTER TABLE "users" ADD COLUMN "nickname" TEXT"#])
    static let rebuild = Step(.rebuildTable(table: "notes"), phase: .contract, method: .rebuild,
                              changes: [.alterTable(table: "notes", difference: .columnNotNull(column: "body", isAdded: true)),
                                        .dropColumn(table: "notes", column: "old")],
                              rows: 3, statements: [#"CREATE TABLE "_reconciler_new_notes" (…)"#],
                              checks: [DataCheck(table: "notes", constraint: .notNull(column: "body"),
                                                 sql: #"SELECT count(*) FROM "notes" WHERE "body" IS NULL"#, isNewColumn: false)])
    static let violation = ReconcileError.DataViolation(table: "users", constraint: .notNull(column: "handle"), rows: 4,
                                                        isNewColumn: true)
    static let orphans = ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"],
                                                      parent: "customers"), rows: 2)
    static let view = BrokenObject(kind: .view(name: "recent"), message: "no such column: body", isDeclared: true)
    static let triggers = BrokenObject(kind: .triggers(names: ["touch", "log"], table: "notes", event: "UPDATE"),
                                       message: "no such table: main.old")
    static let record = LegacyRecord(source: .schemaMigrations, record: .number(4), key: .number(3), version: "1.1.0")

    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONCoding.decoder.decode(Value.self, from: JSONCoding.encoder.encode(value))
    }

    private func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(value)) as? [String: Any])
    }

    // MARK: Warnings and hazards

    static let warnings: [SyncWarning] = [
        .undeclared(SchemaObject(kind: .column, name: "legacy_flag", table: "users")),
        .scriptChanged(upgrade, ranAt: Date(timeIntervalSince1970: 1_790_000_000)),
        .scriptNeverRuns(upgrade, storedVersion: "1.3.0"),
        .leftoverTable("_reconciler_new_notes"),
        .alreadyBroken(triggers),
        .wouldBreak(view),
        .stepWillFail(step, message: "duplicate column name: nickname"),
        .rowsWillNotFit(violation),
        .orphanRows(orphans),
        .upgradesBelowLegacyMap([upgrade], lowest: record),
        .orphanRowsNotCounted(databaseBytes: 9_000_000),
        .launchOverBudget(budgetSeconds: 1, estimateSeconds: 12.5, tables: ["events"]),
    ]

    @Test func everyWarningReadsBackAsItWas() throws {
        #expect(Self.warnings.map(\.code) == SyncWarning.payloadTypes.map { $0.code })
        for warning in Self.warnings {
            #expect(try roundTrip(warning) == warning)
        }
        let written = try object(Self.warnings[0])
        #expect(written["kind"] as? String == "undeclared")
        #expect(written["message"] as? String == Self.warnings[0].description)
        #expect((written["object"] as? [String: Any])?["table"] as? String == "users")
        let changed = try object(Self.warnings[1])
        #expect(changed["ranAt"] as? String == "2026-09-21T14:13:20Z")
        #expect((changed["upgrade"] as? [String: Any])?["name"] as? String == "upgrades/1.2.0.sql")
        let failing = try object(Self.warnings[6])
        #expect(failing["detail"] as? String == "duplicate column name: nickname")
        #expect((failing["step"] as? [String: Any])?["action"] as? String == "addColumn")
    }

    @Test func everyHazardReadsBackAsItWas() throws {
        let hazards: [Hazard] = [.dropsData(table: "notes", column: "old", rows: 3), .dropsData(table: "t", column: nil, rows: nil),
                                 .copiesRows(table: "notes", rows: 3), .scansRows(table: "notes", rows: nil),
                                 .buildsIndex(table: "notes", index: "notes_by_title", rows: 3),
                                 .recreates(kind: .trigger, name: "touch"), .runsUpgrades(count: 2),
                                 .breaksCloudKitSharing(table: "notes", column: "body", renamedTo: "text", rows: nil),
                                 .breaksCloudKitSharing(table: "notes", column: nil, renamedTo: nil, rows: 3)]
        #expect(Set(hazards.map(\.kind)) == Set(Hazard.Kind.allCases))
        for hazard in hazards {
            #expect(try roundTrip(hazard) == hazard)
        }
        let written = try object(hazards[5])
        #expect(written["kind"] as? String == "recreates-views-or-triggers")
        #expect(written["objectKind"] as? String == "trigger")
        #expect(written["message"] as? String == "recreates trigger touch")
        #expect(try object(hazards[1]).keys.sorted() == ["kind", "message", "table"])
        let renamed = try object(hazards[7])
        #expect(renamed["kind"] as? String == "breaks-cloudkit-sharing")
        #expect(renamed["renamedTo"] as? String == "text")
        #expect(renamed["message"] as? String
                == "renames CloudKit-shared column notes.body to text, which devices still on an earlier release send")
    }

    // MARK: Steps and changes

    @Test func everyStepActionAndChangeReadsBackAsItWas() throws {
        let actions: [Step.Action] = [
            .createTable(table: "t"), .renameTable(from: "a", to: "b"), .renameColumn(table: "t", from: "a", to: "b"),
            .addColumn(table: "t", column: "c", isDeferred: true), .rebuildTable(table: "t"), .editTable(table: "t"),
            .reindexTable(table: "t"), .dropColumn(table: "t", column: "c"), .dropTable(table: "t"),
            .createVirtualTable(table: "v"), .rebuildVirtualTable(table: "v"), .createIndex(table: "t", index: "i", isUnique: true),
            .dropIndex(index: "i"), .createView(view: "w"), .dropView(view: "w"), .createTrigger(trigger: "g", table: "t"),
            .dropTrigger(trigger: "g"),
        ]
        for action in actions {
            var step = Step(action, phase: .contract, statements: ["SELECT 1"])
            #expect(try roundTrip(step) == step)
            step.isCloudKitShared = true
            #expect(try roundTrip(step) == step)
        }
        #expect(try roundTrip(Self.rebuild) == Self.rebuild)
        #expect(try roundTrip(Self.rebuild).hazards == Self.rebuild.hazards)

        let differences: [TableDifference] = [
            .columnType(column: "c", from: nil, to: "TEXT"), .columnNotNull(column: "c", isAdded: false),
            .columnDefault(column: "c", from: "0", to: nil), .columnCollation(column: "c", from: nil, to: "NOCASE"),
            .columnGenerated(column: "c", from: "a + 1 VIRTUAL", to: "a + 2 VIRTUAL"), .primaryKey(from: ["a"], to: ["a", "b"]),
            .autoincrement(isAdded: true), .unique(columns: ["a"], isAdded: true), .check(expression: "a > 0", isAdded: false),
            .foreignKey(columns: ["a"], parent: "p", isAdded: true), .strict(isAdded: true), .withoutRowID(isAdded: false),
            .columnOrder(from: ["a", "b"], to: ["b", "a"]),
            .constraintName(constraint: .unique(columns: ["a"]), from: nil, to: "a_unique"),
            .conflictResolution(constraint: .notNull(column: "c"), from: nil, to: .replace),
            .conflictResolution(constraint: .unique(columns: ["a", "b"]), from: .ignore, to: nil),
        ]
        let changes: [Change] = differences.map { .alterTable(table: "t", difference: $0) } + [
            .createTable(table: "t"), .renameTable(from: "a", to: "b"), .renameColumn(table: "t", from: "a", to: "b"),
            .addColumn(table: "t", column: "c"), .dropColumn(table: "t", column: "c"), .dropTable(table: "t"),
            .createIndex(table: "t", index: "i"), .recreateIndex(table: "t", index: "i", from: "j"), .dropIndex(table: "t", index: "i"),
            .createVirtualTable(table: "v"), .recreateVirtualTable(table: "v"), .createView(view: "w"), .recreateView(view: "w"),
            .dropView(view: "w"), .createTrigger(trigger: "g", table: "t"), .recreateTrigger(trigger: "g", table: "t"),
            .dropTrigger(trigger: "g"),
        ]
        #expect(try roundTrip(changes) == changes)

        let written = try object(Self.step)
        #expect(written["action"] as? String == "addColumn")
        #expect(written["table"] as? String == "users")
        #expect(written["column"] as? String == "nickname")
        #expect(written["isDeferred"] as? Bool == false)
        #expect(written["description"] as? String == "add column users.nickname (native ALTER)")
        let change = try #require((try object(Self.rebuild)["changes"] as? [[String: Any]])?.first)
        #expect(change["kind"] as? String == "alterTable")
        #expect((change["difference"] as? [String: Any])?["kind"] as? String == "columnNotNull")
        // A conflict resolution is written as schema.yaml writes it; none is left out.
        let conflict = try object(Change.alterTable(table: "t", difference: .conflictResolution(
            constraint: .notNull(column: "c"), from: nil, to: .replace)))
        let difference = try #require(conflict["difference"] as? [String: Any])
        #expect(difference["kind"] as? String == "conflictResolution")
        #expect(difference["to"] as? String == "replace" && difference["from"] == nil)
        #expect(difference["description"] as? String == "ON CONFLICT of NOT NULL on c: (none) → REPLACE")
    }

    @Test func aPlansRevisionsAndForeignKeyCheckReadBack() throws {
        var plan = Plan(fromVersion: "1.0.0", toVersion: "1.2.0", steps: [Self.step, Self.rebuild], upgrades: [Self.upgrade],
                        changes: Self.rebuild.changes, warnings: Self.warnings,
                        revisions: [.contractPlannedAfterUpgrades([Self.upgrade]), .contractReplannedAtSync(after: [Self.code])])
        plan.foreignKeyCheck = .wholeDatabase
        plan.deferred = Plan.DeferredWork(steps: [Self.rebuild])
        plan.legacyRecord = Self.record
        let decoded = try roundTrip(plan)
        #expect(decoded.steps == plan.steps)
        #expect(decoded.revisions == plan.revisions)
        #expect(decoded.foreignKeyCheck == .wholeDatabase)
        #expect(decoded.deferred == plan.deferred)
        #expect(decoded.legacyRecord == Self.record)
        #expect(decoded.changes == plan.changes)
        #expect(try roundTrip(Plan.ForeignKeyCheck.tables(["orders"])) == .tables(["orders"]))

        let written = try object(plan)
        #expect(written["isNothingToDo"] as? Bool == false)
        #expect((written["hazards"] as? [Any])?.count == plan.hazards.count)
        let revision = try #require((written["revisions"] as? [[String: Any]])?.first)
        #expect(revision["kind"] as? String == "contractPlannedAfterUpgrades")
        #expect(revision["message"] as? String == plan.revisions[0].description)
        #expect((written["foreignKeyCheck"] as? [String: Any])?["kind"] as? String == "wholeDatabase")
        #expect((written["legacyRecord"] as? [String: Any])?["description"] as? String == Self.record.description)
    }

    // MARK: Errors

    struct Thrown: Error, CustomStringConvertible {
        var description: String { "the server refused the token" }
    }

    static let location = SourceLocation(file: "schema.yaml", line: 3, column: 5)
    static let sqlite = DatabaseError(resultCode: .SQLITE_CONSTRAINT_NOTNULL, message: "NOT NULL constraint failed: users.handle",
                                      sql: #"UPDATE "users" SET "handle" = NULL"#)

    static let errors: [ReconcileError] = [
        .invalidSchema(.missingKey("columns", in: "table 'users'", at: location)),
        .invalidSchema(.unreadable(path: "schema.yaml", reason: "no such file")),
        .invalidDatabasePath("data", problem: .isDirectory),
        .cannotOpenDatabase(path: "app.sqlite", error: DatabaseError(resultCode: .SQLITE_NOTADB, message: "file is not a database")),
        .database(DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked")),
        .insideTransaction,
        .databaseIsNewer(stored: "2.0.0", declared: "1.4.0"),
        .legacyVersionTooHigh(legacy: "3.0.0", declared: "2.0.0"),
        .codeUpgradeAboveVersion(name: "fillHandles", version: "2.1.0", declared: "2.0.0"),
        .cannotInspect(SchemaObject(kind: .view, name: "recent"), message: "cannot parse the definition"),
        .cannotDiff("renamed_from names table users, but both users and people exist"),
        .cannotPlan("this SQLite cannot drop the column"),
        .stepFailed(step, statement: step.statements[0], error: sqlite),
        .dataDoesNotFit([violation, orphans]),
        .foreignKeyViolation(orphans),
        .brokenObjects([view, triggers]),
        .upgradeFailed(upgrade, line: 7, statement: "UPDATE users SET handle = NULL", error: sqlite),
        .codeUpgradeFailed(code, error: Thrown()),
        .codeUpgradeFailed(code, error: sqlite),
        .verificationFailed(["add column users.nickname"]),
        .hazardsDenied([Hazard.Denial(hazard: .copiesRows(table: "notes", rows: 3), step: rebuild),
                        Hazard.Denial(hazard: .runsUpgrades(count: 1), step: nil, upgrades: [upgrade])]),
        .cancelled,
        .foreignKeysLeftOff,
        .notEnoughDiskSpace(tables: ["events"], needed: 1_200_000_000, available: 300_000_000, path: "/data/app.sqlite"),
        .databaseFull(step: rebuild, path: "/data/app.sqlite", error: DatabaseError(resultCode: .SQLITE_FULL)),
        .databaseFull(step: nil, path: "", error: DatabaseError(resultCode: .SQLITE_FULL)),
        .syncNeededBeforeFinish(stored: nil, declared: "2.0.0"),
        .legacyRecordNotMapped(source: .grdbMigrations, records: [.identifier("v3-tags")]),
        .legacyColumnMissing(source: .column(table: "app_version", column: "version_num")),
        .seedFailed(path: "seed/vaults.sql", line: 3, statement: "INSERT INTO vaults (name) VALUES (NULL)",
                    error: DatabaseError(resultCode: .SQLITE_CONSTRAINT_NOTNULL, message: "NOT NULL constraint failed: vaults.name")),
        .databaseIsNewer(stored: "1.2.0", declared: "1.0.0", floor: DatabaseFloor(version: "1.2.0", setBy: "1.2.0")),
    ]

    @Test func everyErrorReadsBackSayingTheSame() throws {
        #expect(Set(Self.errors.map(\.code)) == Set(ReconcileError.payloadTypes.map { $0.code }))
        for error in Self.errors {
            let decoded = try roundTrip(error)
            #expect(decoded.code == error.code)
            #expect(ObjectIdentifier(type(of: decoded.payload)) == ObjectIdentifier(type(of: error.payload)))
            #expect(decoded.errorCode == error.errorCode)
            #expect(decoded.description == error.description)
            #expect(decoded.isBusy == error.isBusy)
            #expect(decoded.databaseError?.extendedResultCode == error.databaseError?.extendedResultCode)
            #expect(decoded.databaseError?.sql == error.databaseError?.sql)
        }
        // A schema error comes back with its place and message, as the error of its case says them.
        let invalid = try #require(try roundTrip(Self.errors[0]).payload(as: ReconcileError.InvalidSchema.self))
        let schemaError = invalid.schemaError
        #expect(schemaError.location == Self.location)
        #expect(schemaError.message == SchemaError.missingKey("columns", in: "table 'users'", at: Self.location).message)
        // The error a code upgrade threw: SQLite's as SQLite's, another as what it said.
        let thrown = try #require(try roundTrip(Self.errors[17]).payload(as: ReconcileError.CodeUpgradeFailed.self)).error
        #expect(String(describing: thrown) == "the server refused the token")
        let database = try #require(try roundTrip(Self.errors[18]).payload(as: ReconcileError.CodeUpgradeFailed.self)).error
        #expect((database as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL)
    }

    @Test func anErrorIsWrittenWithItsKindCodeMessageAndFields() throws {
        let written = try object(Self.errors[16])
        #expect(written["kind"] as? String == "upgradeFailed")
        #expect(written["code"] as? Int == 16)
        #expect(written["message"] as? String == Self.errors[16].description)
        #expect(written["line"] as? Int == 7)
        let sqlite = try #require(written["databaseError"] as? [String: Any])
        #expect(sqlite["resultCode"] as? Int == 19)
        #expect(sqlite["extendedResultCode"] as? Int == 1299)
        #expect(sqlite["message"] as? String == "NOT NULL constraint failed: users.handle")
        #expect(sqlite["sql"] as? String == #"UPDATE "users" SET "handle" = NULL"#)
        let thrown = try #require(try object(Self.errors[17])["error"] as? [String: Any])
        #expect(thrown.keys.sorted() == ["description"])
        #expect(Set(try #require(try object(Self.errors[18])["error"] as? [String: Any]).keys)
                == ["description", "resultCode", "extendedResultCode", "message", "sql"])
    }

    /// The codes stay what they were: an app may have stored them.
    @Test func theErrorCodesAreStable() {
        let codes = ReconcileError.payloadTypes.map { $0.code }
        #expect(codes.map(\.name) == [
            "invalidSchema", "invalidDatabasePath", "cannotOpenDatabase", "database", "insideTransaction", "databaseIsNewer",
            "legacyVersionTooHigh", "codeUpgradeAboveVersion", "cannotInspect", "cannotDiff", "cannotPlan", "stepFailed",
            "dataDoesNotFit", "foreignKeyViolation", "brokenObjects", "upgradeFailed", "codeUpgradeFailed",
            "verificationFailed", "hazardsDenied", "cancelled", "foreignKeysLeftOff", "notEnoughDiskSpace", "databaseFull",
            "syncNeededBeforeFinish", "legacyRecordNotMapped", "legacyColumnMissing", "seedFailed",
        ])
        #expect(codes.map(\.rawValue) == Array(1...27))
        #expect(codes.map { ReconcileError.Code(rawValue: $0.rawValue)?.name } == codes.map(\.name))
        #expect(ReconcileError.Code(rawValue: 1001) == nil)
        #expect(ReconcileError.insideTransaction.errorCode == 5)
        #expect(ReconcileError.verificationFailed([]).errorCode == 18)
        #expect(ReconcileError.hazardsDenied([]).errorCode == 19)
        #expect(ReconcileError.legacyColumnMissing(source: .userVersion).errorCode == 26)
        #expect(ReconcileError.seedFailed(path: "", line: 1, statement: "", error: DatabaseError()).errorCode == 27)
    }

    /// A kind of error or warning is one file under Plan/ReconcileError or Plan/SyncWarning, named
    /// after its payload; reading gives its payload back as it was only when `payloadTypes` lists
    /// it, the one line outside that file a new kind of the library's needs.
    @Test func everyPayloadFileIsOneThatReadingKnows() throws {
        let plan = GeneratedCodeCompilesTests.root.appending(path: "Sources/SchemaReconciler/Plan")
        let kinds: [(folder: String, registered: [String])] = [
            ("ReconcileError", ReconcileError.payloadTypes.map { String(describing: $0) }),
            ("SyncWarning", SyncWarning.payloadTypes.map { String(describing: $0) }),
        ]
        for (folder, registered) in kinds {
            let files = try FileManager.default.contentsOfDirectory(atPath: plan.appending(path: folder).path)
                .filter { $0.hasSuffix(".swift") }
            let payloads = files.map { $0.dropFirst(folder.count + 1).dropLast(".swift".count) }.map(String.init)
            #expect(payloads.count >= 11, "\(folder): the payload files were not found")
            #expect(Set(payloads) == Set(registered), "\(folder).payloadTypes lists other types than the files of Plan/\(folder)")
            #expect(registered.count == Set(registered).count, "\(folder).payloadTypes lists a type twice")
        }
    }
}
